import type { EngineCommand } from '@exchange/contracts';
import { FastBook } from '../src/engine/fast-book.js';
import { JsonBytes } from '../src/engine/json-bytes.js';
import { ShardEngine } from '../src/engine/shard-engine.js';
import { writeJournalLine } from '../src/service/journal.js';
import { runWorkload } from './run-workload.js';
import { OP_CANCEL, OP_LIMIT, type Workload } from './workload.js';

export const BENCH_SYMBOL = {
  symbol: 'BENCH-USD',
  tickSize: '0.01',
  stepSize: '0.01',
  minQty: 1,
  minNotional: 1,
};

/** Commands handed over at a time, as the service reads them (`ENGINE_BATCH`). */
export const BATCH = 1000;

/**
 * A workload with every cancel's order resolved: the order it picks among those resting then
 * (found by running the workload once through the matching core; the engine is deterministic,
 * so every later run of it holds the same orders at that point). Cancels that found nothing are
 * left out of the command runs.
 */
export interface ResolvedWorkload {
  w: Workload;
  cancelIds: Float64Array;
  cancelUsers: Float64Array;
  /** Operations that are commands (all but cancels that found nothing). */
  commands: number;
}

export function resolve(w: Workload): ResolvedWorkload {
  const n = w.op.length;
  const targets = { ids: new Float64Array(n), users: new Float64Array(n) };
  runWorkload(w, n + 1, new FastBook(), targets);
  let commands = 0;
  for (let i = 0; i < n; i++) if (w.op[i] !== OP_CANCEL || targets.ids[i] !== 0) commands++;
  return { w, cancelIds: targets.ids, cancelUsers: targets.users, commands };
}

/** Market orders get ids above every limit order's. */
const MARKET_IDS = 0x10000000;

/**
 * Operations [from, to) as the decoded commands the service hands the engine (the shape Zod
 * gives the gateway's JSON: every default filled in), one new object each.
 */
export function decodedCommands(r: ResolvedWorkload, from: number, to: number): EngineCommand[] {
  const { w } = r;
  const out: EngineCommand[] = [];
  for (let i = from; i < to; i++) {
    const op = w.op[i];
    const ts = 1_700_000_000_000 + i;
    if (op === OP_CANCEL) {
      const orderId = r.cancelIds[i] as number;
      if (orderId === 0) continue;
      out.push({
        commandId: `cancel:${orderId}:${i}`,
        runtimeMode: 1,
        symbol: BENCH_SYMBOL.symbol,
        userId: r.cancelUsers[i] as number,
        ts,
        kind: 'cancel',
        orderId,
      });
      continue;
    }
    const limit = op === OP_LIMIT;
    const orderId = limit ? (w.id[i] as number) : MARKET_IDS + i;
    const base = {
      commandId: `place:${orderId}`,
      runtimeMode: 1 as const,
      symbol: BENCH_SYMBOL.symbol,
      userId: w.user[i] as number,
      ts,
      kind: 'place' as const,
      orderId,
      side: w.side[i] === 0 ? ('BUY' as const) : ('SELL' as const),
    };
    out.push(
      limit
        ? {
            ...base,
            type: 'LIMIT',
            timeInForce: 'GTC',
            price: w.price[i] as number,
            quantity: w.qty[i] as number,
            selfTradePrevention: 'CANCEL_NEWEST',
          }
        : {
            ...base,
            type: 'MARKET',
            timeInForce: 'IOC',
            quantity: w.qty[i] as number,
            selfTradePrevention: 'CANCEL_NEWEST',
          },
    );
  }
  return out;
}

export interface PathResult {
  seconds: number;
  samples: Float64Array;
  commands: number;
  events: number;
  /** Bytes of journal lines and of encoded events written. */
  journalBytes: number;
  eventBytes: number;
}

/**
 * The whole command path of the engine service in process, as EngineService.apply runs it: a
 * batch's journal lines into one buffer (what one write and fsync take), then each command
 * through `ShardEngine.handleEncoded`, its events' JSON into the batch's event buffer (one
 * stream entry per command is a view of it). Commands are made a batch at a time outside the
 * clock (they arrive decoded); every `sampleEvery`-th command is also timed alone.
 */
export function runCommandPath(r: ResolvedWorkload, sampleEvery: number): PathResult {
  const shard = new ShardEngine([BENCH_SYMBOL], () => new FastBook());
  const n = r.w.op.length;
  const samples = new Float64Array(Math.ceil(r.commands / sampleEvery));
  const journal = new JsonBytes();
  const published = new JsonBytes();
  const ends = new Float64Array(BATCH);
  let s = 0;
  let k = 0;
  let elapsed = 0n;
  let events = 0;
  let journalBytes = 0;
  let eventBytes = 0;
  for (let from = 0; from < n; from += BATCH) {
    const batch = decodedCommands(r, from, Math.min(n, from + BATCH));
    // Stream ids come with the commands from Redis, as strings.
    const ids = batch.map((_, j) => `${1_700_000_000_000 + from + j}-0`);
    const start = process.hrtime.bigint();
    journal.reset();
    published.reset();
    for (let j = 0; j < batch.length; j++) {
      const cmd = batch[j] as EngineCommand;
      const timed = k++ % sampleEvery === 0;
      const t0 = timed ? process.hrtime.bigint() : 0n;
      writeJournalLine(journal, ids[j] as string, cmd);
      events += shard.handleEncoded(cmd, published);
      ends[j] = published.length;
      if (timed) samples[s++] = Number(process.hrtime.bigint() - t0);
    }
    elapsed += process.hrtime.bigint() - start;
    journalBytes += journal.length;
    eventBytes += published.length;
  }
  return {
    seconds: Number(elapsed) / 1e9,
    samples: samples.subarray(0, s),
    commands: k,
    events,
    journalBytes,
    eventBytes,
  };
}
