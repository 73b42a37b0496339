/**
 * `pnpm bench:engine`: the in-process engine benchmark (not a vitest test). Each workload runs
 * through three things, in turns, after a warm-up of each on a separate workload:
 * - the matching core: `SymbolEngine` on the `FastBook`, event records into a reusable buffer;
 * - the full command path: `ShardEngine` from a decoded command to its journal record and its
 *   encoded events, what the engine service writes (idempotency window and seq included);
 * - nodejs-order-book on the same operations, the reference: the machine is shared, so only
 *   figures of one run compare.
 */
import { BATCH, resolve, runCommandPath } from './command-path.js';
import { runNodejsOrderBook } from './nodejs-order-book.js';
import { percentile, runWorkload } from './run-workload.js';
import { generate } from './workload.js';

const OPS = Number(process.env.BENCH_OPS ?? 1_000_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300_000);
const SAMPLE_EVERY = 16;
// The machine is shared: each variant runs REPEAT times on a fresh book and the best run is
// reported (with the median throughput), as noise from other processes only ever slows it.
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const ONLY = process.env.BENCH_VARIANT;
// nodejs-order-book cancels in time linear in its price level's length, so on the deep books of
// these workloads one run takes from half a minute to minutes: it runs once by default (0: not
// at all, for profiling the engine alone).
const REFERENCE_REPEAT = Number(process.env.BENCH_REFERENCE_REPEAT ?? 1);
const print = (line: string) => process.stdout.write(`${line}\n`);
const int = (x: number) => Math.round(x).toLocaleString('en');
const us = (ns: number) => `${(ns / 1000).toFixed(3)} us`;

// The cost of the two clock reads around a sampled operation, reported so p50 can be read net.
function clockOverheadNs(): number {
  const xs = new Float64Array(100_000);
  for (let i = 0; i < xs.length; i++) {
    const t0 = process.hrtime.bigint();
    xs[i] = Number(process.hrtime.bigint() - t0);
  }
  return percentile(xs.sort(), 0.5);
}

/** Best and median of `repeat` runs, by time. */
function bestOf<T extends { seconds: number }>(
  run: () => T,
  repeat = REPEAT,
): { best: T; median: T } {
  const runs = Array.from({ length: repeat }, run).sort((a, b) => a.seconds - b.seconds);
  const best = runs[0];
  const median = runs[Math.floor(runs.length / 2)];
  if (best === undefined || median === undefined)
    throw new Error('BENCH_REPEAT must be at least 1');
  return { best, median };
}

const latency = (samples: Float64Array) => {
  const s = samples.slice().sort();
  return `p50 ${us(percentile(s, 0.5))}, p99 ${us(percentile(s, 0.99))}, p99.9 ${us(percentile(s, 0.999))}`;
};

const variants = [
  { name: 'crossing (offset -30..+50 ticks)', min: -30, max: 50 },
  { name: 'never crossing (offset 0..+50 ticks)', min: 0, max: 50 },
];

print(
  `engine benchmark: ${int(OPS)} ops per variant, warm-up ${int(WARMUP)}, best of ${REPEAT} (nodejs-order-book: ${REFERENCE_REPEAT}), node ${process.version}`,
);
print(`clock read overhead included in each latency sample: ~${clockOverheadNs()} ns`);
for (const [i, v] of variants.entries()) {
  if (ONLY !== undefined && Number(ONLY) !== i + 1) continue;
  const warm = resolve(generate(WARMUP, 7, v.min, v.max));
  runWorkload(warm.w, SAMPLE_EVERY);
  runCommandPath(warm, SAMPLE_EVERY);
  const r = resolve(generate(OPS, 42, v.min, v.max));
  print(`\n${v.name}`);
  const core = bestOf(() => runWorkload(r.w, SAMPLE_EVERY));
  print(
    `  matching core       ${int(OPS / core.best.seconds)} ops/s (median ${int(OPS / core.median.seconds)}), ${latency(core.best.samples)}; ${int(core.best.events)} event records, ${int(core.best.resting)} resting`,
  );
  const path = bestOf(() => runCommandPath(r, SAMPLE_EVERY));
  const p = path.best;
  print(
    `  full command path   ${int(p.commands / p.seconds)} commands/s (median ${int(p.commands / path.median.seconds)}), ${latency(p.samples)}; ${int(p.events)} events, journal ${(p.journalBytes / p.commands).toFixed(0)} and events ${(p.eventBytes / p.commands).toFixed(0)} bytes per command, batches of ${BATCH}`,
  );
  if (REFERENCE_REPEAT < 1) continue;
  // Its warm-up is short: its own cost grows with the book, and the JIT needs little.
  runNodejsOrderBook(resolve(generate(Math.min(WARMUP, 50_000), 7, v.min, v.max)));
  const lob = bestOf(() => runNodejsOrderBook(r), REFERENCE_REPEAT);
  print(
    `  nodejs-order-book   ${int(r.commands / lob.best.seconds)} ops/s${REFERENCE_REPEAT > 1 ? ` (median ${int(r.commands / lob.median.seconds)})` : ''}; ${int(lob.best.resting)} price levels at the end`,
  );
}
