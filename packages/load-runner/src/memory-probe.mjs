// Preloaded (`node --import`) into an exchange process by the bench when BENCH_MEMORY_LOG is set:
// every BENCH_MEMORY_LOG_MS (2,000) it appends one JSON line of process.memoryUsage() and V8's
// heap statistics to that file, so RSS growth can be told apart from heap growth (live objects)
// and from memory outside the heap (buffers, the allocator's arenas). With --expose-gc and
// BENCH_MEMORY_GC_EVERY=k, every k-th sample first runs a full collection, so `live` marks the
// heap that survives one.
import { appendFileSync } from 'node:fs';
import v8 from 'node:v8';

const file = process.env.BENCH_MEMORY_LOG;
if (file) {
  const every = Number(process.env.BENCH_MEMORY_LOG_MS ?? 2000);
  const gcEvery = Number(process.env.BENCH_MEMORY_GC_EVERY ?? 0);
  const started = Date.now();
  let n = 0;
  const timer = setInterval(() => {
    n++;
    let live = false;
    if (gcEvery > 0 && n % gcEvery === 0 && typeof globalThis.gc === 'function') {
      globalThis.gc();
      live = true;
    }
    const m = process.memoryUsage();
    const h = v8.getHeapStatistics();
    const spaces = Object.fromEntries(
      v8
        .getHeapSpaceStatistics()
        .map((s) => [s.space_name, Math.round(s.space_used_size / 1e5) / 10]),
    );
    const mb = (v) => Math.round(v / 1e5) / 10;
    try {
      appendFileSync(
        file,
        `${JSON.stringify({
          at: Date.now(),
          t: (Date.now() - started) / 1000,
          pid: process.pid,
          live,
          rss: mb(m.rss),
          heapTotal: mb(m.heapTotal),
          heapUsed: mb(m.heapUsed),
          external: mb(m.external),
          arrayBuffers: mb(m.arrayBuffers),
          mallocedMemory: mb(h.malloced_memory),
          spaces,
        })}\n`,
      );
    } catch {
      // the folder went away: the bench is over
    }
  }, every);
  timer.unref();
}
