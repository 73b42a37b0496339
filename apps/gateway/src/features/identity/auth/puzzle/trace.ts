import type { PuzzleTracePoint } from '@exchange/contracts';

/**
 * What a person's drag looks like, checked against the server's own clock. The client's times
 * count from when it received the puzzle, so the drag must fit between the puzzle leaving the
 * server and the answer arriving: a script cannot compress its timing or replay an old trace.
 */
export const TRACE_RULES = {
  /** A pointer drag sends dozens of points; the keyboard one per step. */
  minPoints: 5,
  /** From grabbing to releasing. */
  minDragMs: 400,
  maxDragMs: 30_000,
  /** Nobody sees a puzzle and drags it this quickly after it was issued. */
  minSolveMs: 800,
  /** The drag's end may lie this far past the server's elapsed time (clock rates differ). */
  clockSkewMs: 300,
  /** The answer arrives within this long of the release (network both ways). */
  maxLagMs: 10_000,
  /** Pixels per millisecond, over one sampling step: faster is a jump, not a drag. */
  maxSpeed: 4,
  /** Speeds are compared over steps of this length. */
  stepMs: 25,
  /** Spread of the speeds (deviation over mean): a constant-speed slide has about zero. */
  minSpeedSpread: 0.3,
} as const;

export type TraceVerdict =
  | 'ok'
  | 'too-few-points'
  | 'out-of-order'
  | 'not-from-rest'
  | 'out-of-range'
  | 'solved-too-soon'
  | 'ends-after-answer'
  | 'answer-too-late'
  | 'too-quick'
  | 'too-long'
  | 'jump'
  | 'constant-speed';

/** Position at time t, by straight lines between the points (times in order). */
function positionAt(trace: PuzzleTracePoint[], t: number, from: number): [number, number] {
  let i = from;
  while (i < trace.length - 1 && (trace[i + 1]?.t ?? Infinity) <= t) i++;
  const a = trace[i];
  const b = trace[i + 1];
  if (!a) return [0, i];
  if (!b || b.t === a.t) return [a.x, i];
  return [a.x + ((b.x - a.x) * (t - a.t)) / (b.t - a.t), i];
}

/** Speeds over successive steps of the drag, in pixels per millisecond. */
export function stepSpeeds(trace: PuzzleTracePoint[], stepMs: number = TRACE_RULES.stepMs) {
  const first = trace[0];
  const last = trace[trace.length - 1];
  if (!first || !last) return [];
  const speeds: number[] = [];
  let [prev, at] = positionAt(trace, first.t, 0);
  for (let t = first.t + stepMs; t <= last.t; t += stepMs) {
    const [x, next] = positionAt(trace, t, at);
    speeds.push(Math.abs(x - prev) / stepMs);
    prev = x;
    at = next;
  }
  return speeds;
}

/**
 * Judges a drag: `elapsedMs` is the real time the server saw between issuing the puzzle and
 * receiving this answer, `maxX` the rightmost left edge of the piece.
 */
export function judgeTrace(
  trace: PuzzleTracePoint[],
  opts: { elapsedMs: number; maxX: number },
): TraceVerdict {
  const r = TRACE_RULES;
  const first = trace[0];
  const last = trace[trace.length - 1];
  if (!first || !last || trace.length < r.minPoints) return 'too-few-points';
  for (let i = 1; i < trace.length; i++)
    if ((trace[i]?.t ?? 0) < (trace[i - 1]?.t ?? 0)) return 'out-of-order';
  if (Math.abs(first.x) > 2) return 'not-from-rest';
  if (trace.some((p) => p.x < -1 || p.x > opts.maxX + 1)) return 'out-of-range';
  if (opts.elapsedMs < r.minSolveMs) return 'solved-too-soon';
  if (last.t > opts.elapsedMs + r.clockSkewMs) return 'ends-after-answer';
  if (opts.elapsedMs - last.t > r.maxLagMs) return 'answer-too-late';
  const duration = last.t - first.t;
  if (duration < r.minDragMs) return 'too-quick';
  if (duration > r.maxDragMs) return 'too-long';
  const speeds = stepSpeeds(trace);
  if (speeds.some((s) => s > r.maxSpeed)) return 'jump';
  const mean = speeds.reduce((a, b) => a + b, 0) / speeds.length;
  const spread = Math.sqrt(speeds.reduce((a, b) => a + (b - mean) ** 2, 0) / speeds.length);
  if (!(mean > 0) || spread / mean < r.minSpeedSpread) return 'constant-speed';
  return 'ok';
}
