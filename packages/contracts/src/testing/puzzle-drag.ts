/**
 * Synthetic drags for the slide puzzle (tests of the gateway, the puzzle attack script and the
 * docker compose test), times in milliseconds since the puzzle arrived. The
 * human-like one follows a minimum-jerk path (accelerate, then settle), with pointer-event
 * timing jitter, a small tremor and sometimes an overshoot that is corrected.
 */
import { PUZZLE_PIECE, PUZZLE_WIDTH, type PuzzleTracePoint } from '../auth.js';

export interface Drag {
  trace: PuzzleTracePoint[];
  /** When the drag ends: the answer may leave from then on. */
  endsAt: number;
}

const minimumJerk = (s: number) => s * s * s * (10 - 15 * s + 6 * s * s);

/** `max`: the rightmost place of the piece, where the slider stops. */
export function humanDrag(
  target: number,
  random: () => number = Math.random,
  max = PUZZLE_WIDTH - PUZZLE_PIECE,
): Drag {
  let t = 700 + random() * 900;
  const trace: PuzzleTracePoint[] = [{ t: Math.round(t), x: 0 }];
  // Grab, hold still a moment.
  for (let i = 0; i < 2; i++) {
    t += 40 + random() * 50;
    trace.push({ t: Math.round(t), x: 0 });
  }
  const overshoot = random() < 0.5 ? 2 + random() * 5 : 0;
  const legs: [number, number, number][] = [
    [0, target + overshoot, 450 + target * 2 + random() * 400],
  ];
  if (overshoot) legs.push([target + overshoot, target, 150 + random() * 200]);
  for (const [from, to, duration] of legs) {
    const start = t;
    while (t - start < duration) {
      t += 12 + random() * 9;
      const s = Math.min(1, (t - start) / duration);
      const tremor = s < 1 ? (random() - 0.5) * 0.8 : 0;
      const x = from + (to - from) * minimumJerk(s) + tremor;
      trace.push({ t: Math.round(t), x: Math.min(max, Math.max(0, x)) });
    }
  }
  t += 30 + random() * 60;
  trace.push({ t: Math.round(t), x: target });
  return { trace, endsAt: Math.round(t) };
}

/** What a naive script sends: an even slide, one point every 25 ms, over 800 ms. */
export function linearDrag(target: number, startAt = 1000): Drag {
  const trace = Array.from({ length: 33 }, (_, i) => ({
    t: startAt + i * 25,
    x: (target * i) / 32,
  }));
  return { trace, endsAt: startAt + 800 };
}
