/**
 * `pnpm bench:engine`: the in-process matching benchmark of issue 4 (not a vitest test).
 * Two workloads on the fast book, each after a warm-up on a separate book.
 */
import { percentile, runWorkload } from './run-workload.js';
import { generate } from './workload.js';

const OPS = Number(process.env.BENCH_OPS ?? 1_000_000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 300_000);
const SAMPLE_EVERY = 16;
// The machine is shared: each variant runs REPEAT times on a fresh book and the best run is
// reported (with the median throughput), as noise from other processes only ever slows it.
const REPEAT = Number(process.env.BENCH_REPEAT ?? 5);
const ONLY = process.env.BENCH_VARIANT;
const print = (line: string) => process.stdout.write(`${line}\n`);

// The cost of the two clock reads around a sampled operation, reported so p50 can be read net.
function clockOverheadNs(): number {
  const xs = new Float64Array(100_000);
  for (let i = 0; i < xs.length; i++) {
    const t0 = process.hrtime.bigint();
    xs[i] = Number(process.hrtime.bigint() - t0);
  }
  return percentile(xs.sort(), 0.5);
}

const variants = [
  { name: 'crossing (offset -30..+50 ticks)', min: -30, max: 50 },
  { name: 'never crossing (offset 0..+50 ticks)', min: 0, max: 50 },
];

print(
  `matching engine benchmark: ${OPS.toLocaleString('en')} ops per variant, warm-up ${WARMUP.toLocaleString('en')}, node ${process.version}`,
);
print(`clock read overhead included in each latency sample: ~${clockOverheadNs()} ns`);
for (const [i, v] of variants.entries()) {
  if (ONLY !== undefined && Number(ONLY) !== i + 1) continue;
  runWorkload(generate(WARMUP, 7, v.min, v.max), SAMPLE_EVERY);
  const workload = generate(OPS, 42, v.min, v.max);
  const runs = Array.from({ length: REPEAT }, () => runWorkload(workload, SAMPLE_EVERY)).sort(
    (a, b) => a.seconds - b.seconds,
  );
  const r = runs[0];
  const median = runs[Math.floor(runs.length / 2)];
  if (r === undefined || median === undefined) throw new Error('BENCH_REPEAT must be at least 1');
  const s = r.samples.sort();
  print(`\n${v.name}`);
  print(
    `  throughput      ${Math.round(OPS / r.seconds).toLocaleString('en')} ops/s best of ${REPEAT} (${r.seconds.toFixed(3)} s, ${r.events.toLocaleString('en')} events); median ${Math.round(OPS / median.seconds).toLocaleString('en')} ops/s`,
  );
  print(`  latency p50     ${(percentile(s, 0.5) / 1000).toFixed(3)} us`);
  print(`  latency p99     ${(percentile(s, 0.99) / 1000).toFixed(3)} us`);
  print(`  latency p99.9   ${(percentile(s, 0.999) / 1000).toFixed(3)} us`);
  print(`  resting orders  ${r.resting.toLocaleString('en')}`);
}
