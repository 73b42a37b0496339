import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../../../helpers/build.js';
import { puzzleAnswer } from '../../../helpers/auth.js';
import { humanDrag } from '@exchange/contracts/testing/puzzle';
import { locateGap, type PuzzleImages } from '../../../../scripts/puzzle-attack/locate.js';
import { TOLERANCE_PX } from '../../../../src/features/identity/auth/puzzle/puzzle-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ PUZZLE_FAILURES_MAX: '100000' });
});
afterAll(() => t.close());

const PUZZLES = 80;

async function attempt(answer: (images: PuzzleImages, truth: number) => Promise<number>) {
  const issued = await t.app.inject({ method: 'GET', url: '/v1/auth/public/puzzle?scene=LOGIN' });
  const puzzle = issued.json<{ data: PuzzleImages & { puzzleId: string } }>().data;
  const truth = await puzzleAnswer(t, puzzle.puzzleId);
  const x = await answer(puzzle, truth);
  const drag = humanDrag(x);
  t.clock.advance(drag.endsAt + 60);
  const verdict = await t.app.inject({
    method: 'POST',
    url: '/v1/auth/public/puzzle/verify',
    payload: { puzzleId: puzzle.puzzleId, trace: drag.trace },
  });
  return { accepted: verdict.statusCode === 200, near: Math.abs(x - truth) <= TOLERANCE_PX };
}

describe('slide puzzle against the scripted attacker (scripts/puzzle-attack.ts)', () => {
  it(`passes well under 20 % of ${PUZZLES} puzzles located from their images`, async () => {
    let passed = 0;
    let grownFound = 0;
    for (let i = 0; i < PUZZLES; i++) {
      const outcome = await attempt(async (images, truth) => {
        const guesses = await locateGap(images);
        // The attacker that knows the gap is drawn larger than the piece (about 15 % measured).
        if (Math.abs(guesses.scaled - truth) <= TOLERANCE_PX) grownFound += 1;
        return guesses.combined;
      });
      if (outcome.accepted) passed += 1;
    }
    expect(passed / PUZZLES).toBeLessThan(0.2);
    expect(grownFound / PUZZLES).toBeLessThan(0.3);
  }, 120_000);

  it('passes a human-like drag to the right place every time', async () => {
    for (let i = 0; i < 10; i++) {
      const outcome = await attempt(
        async (_images, truth) => truth + Math.round(Math.random() * 6) - 3,
      );
      expect(outcome).toEqual({ accepted: true, near: true });
    }
  }, 60_000);
});
