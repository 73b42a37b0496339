// The operator's command line: `npm run ops -- <command>` (or `pnpm ops <command>`); see USAGE in
// features/operations/ops/commands.ts. Builds the gateway (without listening, settlement or
// market makers) so every command goes through the same services, Redis fan-out and notifications.
import { userInfo } from 'node:os';
import { buildApp } from '../app.js';
import { localInstallationEnv } from '../config/local-env.js';
import {
  flag,
  opsDeps,
  parseArgs,
  runOps,
  table,
  USAGE,
  type Parsed,
} from '../features/operations/ops/index.js';

async function main(): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (err) {
    process.stderr.write(`${describe(err)}\n`);
    return 2;
  }
  if (parsed.flags.has('help') || parsed.positional.length === 0) {
    process.stdout.write(USAGE);
    return parsed.positional.length === 0 && !parsed.flags.has('help') ? 2 : 0;
  }
  // The exchange `npm start` runs, unless told otherwise (the same defaults as start.ts). Only
  // the command runs here: no settlement, market makers or job worker, and nothing listens.
  process.env.SETTLEMENT = 'false';
  process.env.MARKET_MAKERS = 'false';
  // Its log (errors only) goes to stderr: stdout carries the answer (--json is parsed).
  const app = await buildApp({
    env: localInstallationEnv({ LOG_LEVEL: 'error', DB_POOL_SIZE: '2' }),
    logger: { level: 'error', stream: process.stderr },
  });
  try {
    const actor = flag(parsed, 'by') ?? process.env.OPS_OPERATOR ?? userInfo().username;
    const result = await runOps(opsDeps(app, actor), parsed);
    if (parsed.flags.has('json') || !Array.isArray(result))
      process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
    else process.stdout.write(table(result.map(forTable)));
    return 0;
  } catch (err) {
    process.stderr.write(`${describe(err)}\n`);
    return 1;
  } finally {
    await app.close();
  }
}

/** An audit row in a table: what changed (field: before -> after) instead of both whole items. */
function forTable(row: unknown): Record<string, unknown> {
  const r = row as Record<string, unknown>;
  if (!('before' in r && 'after' in r)) return r;
  const { before, after, ...rest } = r;
  const b = (before ?? {}) as Record<string, unknown>;
  const a = (after ?? {}) as Record<string, unknown>;
  const show = (v: unknown) => (v === undefined ? '-' : JSON.stringify(v));
  const changes = [...new Set([...Object.keys(b), ...Object.keys(a)])]
    .filter((k) => JSON.stringify(b[k]) !== JSON.stringify(a[k]))
    .map((k) => `${k}: ${show(b[k])} -> ${show(a[k])}`)
    .join('; ');
  return {
    ...rest,
    changes:
      before === null
        ? `created ${show(after)}`
        : after === null
          ? `removed ${show(before)}`
          : changes,
  };
}

function describe(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}

process.exitCode = await main();
