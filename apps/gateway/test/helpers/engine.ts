import { OPEN_ORDER_STATUSES, engineStreamKeys, toUnits } from '@exchange/contracts';
import { until } from './wait.js';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { engineSymbolSpecs } from '../../src/features/trading/orders/engine-symbols.js';
import type { TestApp } from './build.js';

const engineDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../matching-sim',
);

/**
 * Starts the real matching service on the test app's Redis prefix and waits for its heartbeat:
 * shard "0" with every symbol, or the named shard with the symbols the shard map gives it; its
 * data folder is a new temporary one unless named.
 */
export async function startEngine(
  t: TestApp,
  o: { shard?: string; dataDir?: string } = {},
): Promise<{ stop(): Promise<void>; kill(): Promise<void>; dataDir: string }> {
  const shard = o.shard ?? '0';
  const dataDir = o.dataDir ?? mkdtempSync(path.join(tmpdir(), 'engine-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: engineDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      REDIS_URL: t.env.REDIS_URL,
      REDIS_PREFIX: t.env.REDIS_PREFIX,
      ENGINE_DATA_DIR: dataDir,
      ENGINE_SHARD: shard,
      ENGINE_SYMBOLS: JSON.stringify(
        await engineSymbolSpecs(t.app.db, o.shard === undefined ? undefined : shard),
      ),
      HEARTBEAT_MS: '200',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const beat = engineStreamKeys(shard).heartbeat;
  // A loaded machine (the whole suite side by side) can take several seconds to start it.
  const exited = new Promise((r) => child.once('exit', r));
  try {
    await until(async () => (await t.app.redis.commands.get(beat)) !== null, 30_000);
  } catch (err) {
    // A service that never beat is not left running after the file.
    child.kill('SIGKILL');
    await exited;
    throw err;
  }
  return {
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
    /** As a lost machine does: no shutdown snapshot. */
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}

/**
 * The database's open orders of a symbol as the engine holds them (ticks, lots, engine ids),
 * oldest first; PENDING ones are not the engine's yet. For comparing with engineHeldOrders().
 */
export async function openOrdersAsEngineHolds(t: TestApp, symbol = 'BTC_USDT') {
  const sym = await t.app.db.tradingSymbol.findUniqueOrThrow({ where: { code: symbol } });
  const rows = await t.app.db.spotOrder.findMany({
    where: { symbol, status: { in: OPEN_ORDER_STATUSES.filter((s) => s !== 'PENDING') } },
    orderBy: [{ createdAt: 'asc' }, { id: 'asc' }],
  });
  const users = await t.app.db.user.findMany({
    where: { id: { in: rows.map((r) => r.userId) } },
    select: { id: true, engineId: true },
  });
  const engineId = new Map(users.map((u) => [u.id, u.engineId]));
  const lots = (v: { toFixed(): string } | null) =>
    toUnits(v?.toFixed() ?? '0', sym.stepSize.toFixed()) ?? NaN;
  return rows.map((r) => ({
    book: `${r.mode}:${symbol}`,
    orderId: Number(r.id),
    userId: engineId.get(r.userId),
    side: r.side,
    price: r.price === null ? 0 : toUnits(r.price.toFixed(), sym.tickSize.toFixed()),
    remaining: lots(r.quantity) - lots(r.filledQuantity),
    filled: lots(r.filledQuantity),
  }));
}

/** Orders sorted by id, to compare two listings whatever their order. */
export const byOrderId = <T extends { orderId: number }>(xs: T[]) =>
  [...xs].sort((a, b) => a.orderId - b.orderId);
