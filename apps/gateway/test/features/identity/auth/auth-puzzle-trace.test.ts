import { describe, expect, it } from 'vitest';
import { seededRandom, type PuzzleTracePoint } from '@exchange/contracts';
import { judgeTrace, TRACE_RULES } from '../../../../src/features/identity/auth/puzzle/trace.js';
import { humanDrag, linearDrag } from '@exchange/contracts/testing/puzzle';

const maxX = 244;

describe('drag traces', () => {
  it('accepts human-like drags to any place, answered soon after the release', () => {
    for (let seed = 1; seed <= 200; seed++) {
      const random = seededRandom(seed);
      const drag = humanDrag(62 + Math.floor(random() * 180), random);
      expect(judgeTrace(drag.trace, { elapsedMs: drag.endsAt + 80, maxX }), `seed ${seed}`).toBe(
        'ok',
      );
    }
  });

  it('accepts the keyboard: one step, the repeat delay, then steps at the repeat rate', () => {
    const trace: PuzzleTracePoint[] = [
      { t: 2000, x: 0 },
      { t: 2001, x: 2 },
    ];
    for (let i = 1; i <= 60; i++) trace.push({ t: 2500 + i * 33, x: 2 + 2 * i });
    expect(judgeTrace(trace, { elapsedMs: 4700, maxX })).toBe('ok');
  });

  it('refuses an even slide, whatever its timing', () => {
    const drag = linearDrag(150);
    expect(judgeTrace(drag.trace, { elapsedMs: drag.endsAt + 80, maxX })).toBe('constant-speed');
  });

  it('refuses an instant drag and an endless one', () => {
    const quick = humanDrag(150).trace.map((p, i) => ({ t: 1000 + i * 2, x: p.x }));
    expect(judgeTrace(quick, { elapsedMs: 2000, maxX })).toBe('too-quick');
    const slow = humanDrag(150).trace.map((p, i) => ({ t: 1000 + i * 700, x: p.x }));
    const end = slow[slow.length - 1]?.t ?? 0;
    expect(judgeTrace(slow, { elapsedMs: end + 50, maxX })).toBe('too-long');
  });

  it('binds the drag to the time the server saw pass', () => {
    const drag = humanDrag(150);
    // The client claims its drag ended later than the server received the answer.
    expect(
      judgeTrace(drag.trace, { elapsedMs: drag.endsAt - TRACE_RULES.clockSkewMs - 50, maxX }),
    ).toBe('ends-after-answer');
    // An old trace sent long after its drag.
    expect(
      judgeTrace(drag.trace, { elapsedMs: drag.endsAt + TRACE_RULES.maxLagMs + 50, maxX }),
    ).toBe('answer-too-late');
    const early = drag.trace.map((p) => ({ t: p.t - (drag.trace[0]?.t ?? 0), x: p.x }));
    expect(judgeTrace(early, { elapsedMs: 600, maxX })).toBe('solved-too-soon');
  });

  it('refuses jumps, drags not starting from rest, leaving the picture or out of order', () => {
    const drag = humanDrag(150);
    const jump = [...drag.trace.slice(0, 4), ...drag.trace.slice(4).map((p) => ({ ...p, x: 200 }))];
    expect(judgeTrace(jump, { elapsedMs: drag.endsAt + 80, maxX })).toBe('jump');
    const late = drag.trace.map((p) => ({ ...p, x: p.x + 40 }));
    expect(judgeTrace(late, { elapsedMs: drag.endsAt + 80, maxX })).toBe('not-from-rest');
    const outside = drag.trace.map((p) => ({ ...p, x: p.x * 2 }));
    expect(judgeTrace(outside, { elapsedMs: drag.endsAt + 80, maxX })).toBe('out-of-range');
    const shuffled = [...drag.trace];
    shuffled.splice(5, 2, drag.trace[6]!, drag.trace[5]!);
    expect(judgeTrace(shuffled, { elapsedMs: drag.endsAt + 80, maxX })).toBe('out-of-order');
    expect(judgeTrace(drag.trace.slice(0, 4), { elapsedMs: drag.endsAt + 80, maxX })).toBe(
      'too-few-points',
    );
  });
});
