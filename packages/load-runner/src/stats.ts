/** Percentiles and counters of the runner; pure, so they are unit-tested. */

/**
 * The p-th percentile (0-100) of values sorted ascending, nearest-rank method: the smallest
 * value with at least p% of the samples at or below it. NaN for no samples.
 */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  if (p <= 0) return sorted[0] ?? Number.NaN;
  // The epsilon keeps 99.9% of 1000 at rank 999 despite floating point (999.0000000000001).
  const rank = Math.ceil((p / 100) * sorted.length - 1e-9);
  return sorted[Math.min(sorted.length, rank) - 1] ?? Number.NaN;
}

export interface Summary {
  count: number;
  p50: number;
  p99: number;
  p999: number;
  max: number;
}

export function summarize(values: readonly number[]): Summary {
  const sorted = Float64Array.from(values).sort();
  const arr = Array.from(sorted);
  return {
    count: arr.length,
    p50: percentile(arr, 50),
    p99: percentile(arr, 99),
    p999: percentile(arr, 99.9),
    max: arr[arr.length - 1] ?? Number.NaN,
  };
}

/**
 * A fixed-bucket latency histogram for many samples (millions of socket deliveries): buckets of
 * `resolution` ms up to `max` ms, anything above counted in the last bucket. Percentiles answer
 * the upper edge of the bucket holding the nearest-rank sample, so they never understate.
 */
export class Histogram {
  readonly buckets: Uint32Array;
  count = 0;
  maxSeen = Number.NEGATIVE_INFINITY;

  constructor(
    readonly resolution = 1,
    readonly max = 60_000,
  ) {
    this.buckets = new Uint32Array(Math.ceil(max / resolution) + 1);
  }

  record(value: number): void {
    const v = value < 0 ? 0 : value;
    const i = Math.min(this.buckets.length - 1, Math.floor(v / this.resolution));
    this.buckets[i] = (this.buckets[i] ?? 0) + 1;
    this.count++;
    if (value > this.maxSeen) this.maxSeen = value;
  }

  /** Adds another histogram's counts (same shape), e.g. one sent back by a worker thread. */
  merge(other: { buckets: ArrayLike<number>; count: number; maxSeen: number }): void {
    if (other.buckets.length !== this.buckets.length)
      throw new Error('histograms of different shapes');
    for (let i = 0; i < other.buckets.length; i++)
      this.buckets[i] = (this.buckets[i] ?? 0) + (other.buckets[i] ?? 0);
    this.count += other.count;
    this.maxSeen = Math.max(this.maxSeen, other.maxSeen);
  }

  percentile(p: number): number {
    if (this.count === 0) return Number.NaN;
    const rank = Math.max(1, Math.ceil((p / 100) * this.count - 1e-9));
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i] ?? 0;
      if (seen >= rank)
        return i === this.buckets.length - 1
          ? this.maxSeen
          : Math.min((i + 1) * this.resolution, this.maxSeen);
    }
    return this.maxSeen;
  }
}

/** Least-squares slope of (x, y) points, e.g. MB of RSS per minute; NaN for fewer than 2. */
export function slope(points: readonly { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 2) return Number.NaN;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  let num = 0;
  let den = 0;
  for (const p of points) {
    num += (p.x - mx) * (p.y - my);
    den += (p.x - mx) ** 2;
  }
  return den === 0 ? Number.NaN : num / den;
}

/** The part of a trading phase not judged for memory: a fifth of it, at most 30 s. */
export function warmupOf(tradingSeconds: number): number {
  return Math.min(30, tradingSeconds / 5);
}

export interface Flatness {
  /** Samples judged (those after the warm-up). */
  samples: number;
  /** Least-squares slope of the judged samples, MB per minute. */
  mbPerMinute: number;
  /** Means of the second and the last quarter of the judged samples. */
  secondQuarter: number;
  lastQuarter: number;
  /** The growth allowed from the second to the last quarter: 10 MB or 5%, the larger. */
  boundMb: number;
  /** Enough samples to judge: at least 4 per quarter (32 s of 2-s samples after the warm-up). */
  judged: boolean;
  flat: boolean;
  verdict: string;
}

/**
 * Whether memory stayed flat: judged on the samples from `fromSeconds` on (after a warm-up),
 * flat when the last quarter's mean is at most max(10 MB, 5%) above the second quarter's (a
 * garbage collector's saw-tooth averages out over a quarter; a leak does not). The slope is
 * reported beside it.
 */
export function judgeFlat(
  samples: readonly { t: number; mb: number }[],
  fromSeconds: number,
): Flatness {
  const judged = samples.filter((s) => s.t >= fromSeconds && Number.isFinite(s.mb));
  const n = judged.length;
  const mean = (xs: readonly { mb: number }[]) =>
    xs.length ? xs.reduce((a, s) => a + s.mb, 0) / xs.length : Number.NaN;
  const q = Math.floor(n / 4);
  const secondQuarter = mean(judged.slice(q, 2 * q));
  const lastQuarter = mean(judged.slice(n - q));
  const boundMb = Math.max(10, 0.05 * secondQuarter);
  const mbPerMinute = slope(judged.map((s) => ({ x: s.t / 60, y: s.mb })));
  if (q < 4)
    return {
      samples: n,
      mbPerMinute,
      secondQuarter,
      lastQuarter,
      boundMb,
      judged: false,
      flat: false,
      verdict: `too few samples (${n}, at least 16) after the warm-up to judge`,
    };
  const growth = lastQuarter - secondQuarter;
  const flat = growth <= boundMb;
  return {
    samples: n,
    mbPerMinute,
    secondQuarter,
    lastQuarter,
    boundMb,
    judged: true,
    flat,
    verdict: `${flat ? 'flat' : 'GROWING'}: last quarter ${lastQuarter.toFixed(0)} MB vs second ${secondQuarter.toFixed(0)} MB (${growth >= 0 ? '+' : ''}${growth.toFixed(0)}, bound +${boundMb.toFixed(0)}), ${mbPerMinute.toFixed(1)} MB/min over ${n} samples`,
  };
}
