/**
 * End-to-end tests in real Chromium: starts the exchange on a free port against its own database
 * (dropped first), runs the scenarios, saves screenshots and always stops the exchange.
 *   pnpm --filter @exchange/web test:e2e
 *   E2E_ONLY=markets pnpm --filter @exchange/web test:e2e   (scenarios whose name contains it)
 */
import { mkdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { startExchange, type Exchange } from './exchange';
import { createPuzzleReader } from './helpers';
import {
  accountJourney,
  livePrices,
  screenshots,
  spotTrading,
  type ScenarioContext,
} from './scenarios';
import { advancedOrders, bookFrameTimes, marketOrder, socketRecovery } from './trading';
import { walletAndHistory } from './first-minutes-wallet';
import { individualVerification, institutionVerification } from './kyc';
import { loginErrorsAndLogoutReason, pathToTrade } from './first-minutes';
import { securitySettings } from './security';
import { cryptoWallet } from './crypto-wallet';
import { notificationsJourney } from './notifications';
import { accountCancellation } from './cancellation';
import { feeReportsAndStatements } from './reports';

const DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_e2e';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://localhost:6379';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const shotsDir = process.env.E2E_SHOTS_DIR ?? path.resolve(import.meta.dirname, 'screenshots');
const log = (line: string) => process.stdout.write(`${line}\n`);

async function main(): Promise<number> {
  rmSync(shotsDir, { recursive: true, force: true });
  mkdirSync(shotsDir, { recursive: true });
  const logFile = path.join(tmpdir(), `exchange-e2e-${process.pid}.log`);
  log(`starting the exchange (log: ${logFile})`);
  let exchange: Exchange | null = null;
  const userDataDir = path.join(tmpdir(), `exchange-e2e-chromium-${process.pid}`);
  // Its own Redis namespace: a fresh exchange every run, whatever ran before.
  const redisPrefix = `e2e:${process.pid}:`;
  const puzzles = createPuzzleReader(REDIS_URL, redisPrefix);
  let failures = 0;
  try {
    exchange = await startExchange({ databaseUrl: DATABASE_URL, redisPrefix, logFile });
    log(`exchange ready at ${exchange.baseUrl}`);
    const context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    });
    const browser = context.browser();
    if (!browser) throw new Error('Chromium did not start');
    const ctx: ScenarioContext = { browser, baseUrl: exchange.baseUrl, shotsDir, puzzles, log };
    for (const [name, run] of [
      ['register, account type, log out and in, theme, mode and language', accountJourney],
      ['markets with live prices', livePrices],
      ['spot trading in Demo mode: limit order, open orders, cancel', spotTrading],
      [
        'market buy in Demo mode fills against the market makers: history, my trades, balances',
        marketOrder,
      ],
      [
        'iceberg, stop-limit and trailing orders: their states in open orders, cancel',
        advancedOrders,
      ],
      ['the socket breaks and recovers: book and order states arrive live again', socketRecovery],
      ['frame times with 50 order-book updates a second', bookFrameTimes],
      [
        'first minutes: a wrong password and a login elsewhere are explained',
        loginErrorsAndLogoutReason,
      ],
      [
        'first minutes: prices, links to every market, Spot Trade in Demo, the refusal in Real, own levels in the book',
        pathToTrade,
      ],
      [
        'first minutes: wallet and transaction history of a new Demo user, one line per action',
        walletAndHistory,
      ],
      [
        'security settings: link Google Authenticator, log in with its code, change the password, the 24-hour lock',
        securitySettings,
      ],
      [
        'identity verification: the individual form with uploads, review, approval, Real-mode trading',
        individualVerification,
      ],
      [
        'identity verification: an institution’s steps and form, the cross-type rule',
        institutionVerification,
      ],
      [
        'crypto wallet: deposit address, faucet, confirming -> review -> available, Real trade, Authenticator, whitelist, withdrawal',
        cryptoWallet,
      ],
      [
        'notifications: the unread badge rises on a fill, the message centre opens the notice, the account overview',
        notificationsJourney,
      ],
      [
        'account cancellation: conditions, reason, proof, step-up, under review, withdrawn',
        accountCancellation,
      ],
      [
        'fee reports: the fee schedule from the footer, the fund flow, a statement as CSV and PDF',
        feeReportsAndStatements,
      ],
      ['screenshots of the main screens', screenshots],
    ] as const) {
      if (process.env.E2E_ONLY && !name.includes(process.env.E2E_ONLY)) continue;
      const started = Date.now();
      try {
        await run(ctx);
        log(`✓ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      } catch (err) {
        failures += 1;
        log(`✗ ${name}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
      }
    }
    await context.close();
  } finally {
    await exchange?.stop();
    // Redis is shared with other runs and the developer's exchange: leave nothing behind.
    await puzzles.clear().catch(() => undefined);
    await puzzles.close().catch(() => undefined);
    rmSync(userDataDir, { recursive: true, force: true });
  }
  log(`screenshots: ${shotsDir}`);
  log(failures === 0 ? 'all e2e scenarios passed' : `${failures} e2e scenario(s) failed`);
  return failures === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    log(`e2e run failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    process.exit(1);
  },
);
