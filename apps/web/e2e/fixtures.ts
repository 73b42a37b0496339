/**
 * The scenarios' fixtures on top of Playwright's (`browser` comes from playwright.config.ts):
 * - ctx: what every scenario gets (the browser, the exchange's address, the puzzle reader, a log);
 * - registeredUser: a new user registered through the pages (e-mailed code, puzzle, account
 *   type), logged in on a desktop page of its own;
 * - fundedUser: a registered user verified by the simulated KYC provider, with 1,000 USD in Real;
 * - operator: `npm run ops` against the run's exchange, as the operator `e2e-operator`.
 * Users' pages close when their test ends.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { test as base, type BrowserContext, type Page } from '@playwright/test';
import { verify } from './crypto-wallet';
import { creditUsd } from './fiat-withdrawal';
import { createPuzzleReader, type PuzzleReader } from './helpers';
import { DATABASE_URL, REDIS_URL, SHOTS_DIR } from './run-env';
import { newPage, registerUser, type ScenarioContext } from './scenarios';

export interface User {
  email: string;
  context: BrowserContext;
  page: Page;
}

export interface Operator {
  /** `npm run ops -- <args> --by e2e-operator --json`, its JSON answer parsed. */
  ops: (args: string[]) => Promise<unknown>;
}

const GATEWAY_DIR = path.resolve(import.meta.dirname, '../../gateway');
const execFileP = promisify(execFile);

function runEnv(name: 'E2E_BASE_URL' | 'E2E_REDIS_PREFIX'): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the scenarios with playwright.config.ts`);
  return value;
}

export const test = base.extend<
  { ctx: ScenarioContext; registeredUser: User; fundedUser: User; operator: Operator },
  { puzzles: PuzzleReader }
>({
  puzzles: [
    // Playwright reads a fixture's dependencies from its first argument's pattern: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      const reader = createPuzzleReader(REDIS_URL, runEnv('E2E_REDIS_PREFIX'));
      await use(reader);
      await reader.close();
    },
    { scope: 'worker' },
  ],
  ctx: async ({ browser, puzzles }, use, testInfo) => {
    await use({
      browser,
      baseUrl: runEnv('E2E_BASE_URL'),
      shotsDir: SHOTS_DIR,
      puzzles,
      log: (line) => process.stdout.write(`[${testInfo.title.slice(0, 40)}] ${line.trim()}\n`),
    });
  },
  registeredUser: async ({ ctx }, use) => {
    const { context, page } = await newPage(ctx);
    const email = await registerUser(ctx, page, context);
    await use({ email, context, page });
    await context.close();
  },
  fundedUser: async ({ ctx, registeredUser }, use) => {
    await verify(ctx, registeredUser.page);
    creditUsd(registeredUser.email, '1000');
    ctx.log(`${registeredUser.email} verified, 1000 USD in Real`);
    await use(registeredUser);
  },
  // eslint-disable-next-line no-empty-pattern
  operator: async ({}, use) => {
    await use({
      ops: async (args) => {
        const { stdout } = await execFileP(
          process.execPath,
          ['--import', 'tsx', 'src/cli/ops.ts', ...args, '--by', 'e2e-operator', '--json'],
          {
            cwd: GATEWAY_DIR,
            env: {
              ...process.env,
              DATABASE_URL,
              REDIS_PREFIX: runEnv('E2E_REDIS_PREFIX'),
              TIME_SCALE: '1',
              // The run's simulated chains (at the exchange's port + 12, as npm start runs
              // them), for house funding: a deposit address is registered with where the chain
              // reports, the run's gateway.
              CHAIN_API_URL: `http://127.0.0.1:${Number(new URL(runEnv('E2E_BASE_URL')).port) + 12}`,
              CHAIN_CALLBACK_URL: `${runEnv('E2E_BASE_URL')}/v1/wallet/crypto/public/chain/callback`,
            },
          },
        );
        return JSON.parse(stdout) as unknown;
      },
    });
  },
});

export { expect } from '@playwright/test';
