/**
 * `pnpm bench:engine:snapshot`: what a snapshot costs the engine. A shard holding the second
 * benchmark's shape (about 400,000 resting orders, never crossing) and a full idempotency window
 * (100,000 remembered commandIds) is snapshotted as the service does it: the part the engine
 * waits for (capture and serialise), then the part that runs in the background (write, fsync,
 * rename), then a restore as recovery does it. For comparison, the earlier format (one JSON
 * object per order and per remembered command) is serialised from the same state.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { seededRandom, type EngineCommand } from '@exchange/contracts';
import { FastBook } from '../src/engine/fast-book.js';
import { ShardEngine } from '../src/engine/shard-engine.js';
import { SnapshotStore } from '../src/service/snapshot-store.js';

const RESTING = Number(process.env.BENCH_RESTING ?? 400_000);
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const print = (line: string) => process.stdout.write(`${line}\n`);
const spec = { symbol: 'SIM-HKD', tickSize: '0.01', stepSize: '0.01', minQty: 1, minNotional: 1 };

const shard = new ShardEngine([spec], () => new FastBook());
const r = seededRandom(7);
for (let i = 1; i <= RESTING; i++) {
  const side = r() < 0.5 ? 'BUY' : 'SELL';
  const offset = Math.floor(r() * 51);
  const cmd = {
    kind: 'place',
    commandId: randomUUID(),
    runtimeMode: 1,
    symbol: spec.symbol,
    userId: 1 + (i % 500),
    ts: 1_700_000_000_000 + i,
    orderId: i,
    side,
    type: 'LIMIT',
    timeInForce: 'GTC',
    price: side === 'BUY' ? 1_000_000 - 1 - offset : 1_000_000 + 1 + offset,
    quantity: 1 + Math.floor(r() * 100),
  } as EngineCommand;
  shard.handle(cmd);
}

const dir = mkdtempSync(join(tmpdir(), 'snapshot-bench-'));
const store = new SnapshotStore(dir);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const blocked: number[] = [];
const background: number[] = [];
const restore: number[] = [];
const legacy: number[] = [];
let bytes = 0;
let legacyBytes = 0;
try {
  for (let k = 0; k < REPEAT; k++) {
    const t0 = performance.now();
    const json = JSON.stringify({
      shard: shard.snapshot(),
      journalFile: 'journal-00000001.log',
      journalOffset: 0,
      lastStreamId: '0-0',
    });
    const t1 = performance.now();
    await store.writeJson(json);
    const t2 = performance.now();
    const copy = new ShardEngine([spec], () => new FastBook());
    copy.restore(
      (
        JSON.parse(readFileSync(store.path, 'utf8')) as {
          shard: ReturnType<ShardEngine['snapshot']>;
        }
      ).shard,
    );
    const t3 = performance.now();
    if (copy.restingCount() !== shard.restingCount()) throw new Error('restore lost orders');
    blocked.push(t1 - t0);
    background.push(t2 - t1);
    restore.push(t3 - t2);
    bytes = json.length;

    // The earlier format, from the same state: objects per order and per remembered command.
    const s0 = performance.now();
    const snap = shard.snapshot();
    const ids = snap.seenIds ?? [];
    const old = {
      seq: snap.seq,
      seen: ids.map((id, i) => [id, { firstSeq: i, lastSeq: i, accepted: true }]),
      symbols: snap.symbols.map(([key]) => [
        key,
        { lastPrice: -1, orders: shard.book(1, spec.symbol)?.book.orders() ?? [], pending: [] },
      ]),
    };
    const oldJson = JSON.stringify({
      shard: old,
      journalFile: 'journal-00000001.log',
      journalOffset: 0,
      lastStreamId: '0-0',
    });
    legacy.push(performance.now() - s0);
    legacyBytes = oldJson.length;
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

const ms = (x: number) => `${x.toFixed(1)} ms`;
print(
  `engine snapshot: ${shard.restingCount().toLocaleString('en')} resting orders, ${(shard.snapshot().seenIds ?? []).length.toLocaleString('en')} remembered commandIds, median of ${REPEAT}`,
);
print(
  `  engine blocked (capture + serialise)  ${ms(median(blocked))} (min ${ms(Math.min(...blocked))}, max ${ms(Math.max(...blocked))}), ${(bytes / 1e6).toFixed(1)} MB`,
);
print(`  background (write, fsync, rename)     ${ms(median(background))}`);
print(`  restore on recovery (read, parse)     ${ms(median(restore))}`);
print(
  `  earlier format, blocked               ${ms(median(legacy))} (capture + serialise only), ${(legacyBytes / 1e6).toFixed(1)} MB`,
);
