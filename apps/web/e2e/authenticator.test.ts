import { GOOGLE_CODE_STEP_MS } from '@exchange/contracts';
import { generateSecret, verifySync } from 'otplib';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { authenticatorCode, nextStep, noStepUsed } from './authenticator';

/** How the gateway checks a code (features/security/totp.ts): one step of tolerance either side. */
function serverStep(secret: string, code: string, atMs: number): number | null {
  const result = verifySync({
    secret,
    token: code,
    period: GOOGLE_CODE_STEP_MS / 1000,
    epoch: Math.floor(atMs / 1000),
    epochTolerance: GOOGLE_CODE_STEP_MS / 1000,
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

const STEP = 59_000_000; // Some 30-second step of 2026.
const at = (secondsIntoStep: number) => STEP * GOOGLE_CODE_STEP_MS + secondsIntoStep * 1000;

describe('e2e Authenticator codes', () => {
  afterEach(() => vi.useRealTimers());

  it('hands out the previous, current and next step without waiting, then needs the next step', () => {
    const used = noStepUsed();
    const steps: (number | null)[] = [];
    for (let i = 0; i < 4; i += 1) {
      const step = nextStep(at(5), used);
      steps.push(step);
      if (step !== null) used.step = step;
    }
    expect(steps).toEqual([STEP - 1, STEP, STEP + 1, null]);
    // From the next step on, the step after it is free again.
    expect(nextStep(at(30), used)).toBe(STEP + 2);
  });

  it('skips the previous step when it ends too soon for the server to check its code', () => {
    // 15 s left of the current step: the previous step's code is still good that long.
    expect(nextStep(at(15), noStepUsed())).toBe(STEP - 1);
    expect(nextStep(at(16), noStepUsed())).toBe(STEP);
  });

  it('makes three codes within one step that the server accepts in order, up to a minute later', async () => {
    vi.useFakeTimers({ now: at(2) });
    const secret = generateSecret({ length: 20 });
    const used = noStepUsed();
    const codes = [
      await authenticatorCode(secret, used),
      await authenticatorCode(secret, used),
      await authenticatorCode(secret, used),
    ];
    expect(Date.now()).toBe(at(2)); // No waiting.
    // The server checks each code some seconds later; each is a step above the one before.
    expect(codes.map((code, i) => serverStep(secret, code, at(5 + i * 5)))).toEqual([
      STEP - 1,
      STEP,
      STEP + 1,
    ]);
    // The next step's code is still good at the end of the step after the current one.
    expect(serverStep(secret, codes[2] ?? '', at(59))).toBe(STEP + 1);

    // A fourth code waits for the next step (and no longer), then is a step above the third.
    const fourth = authenticatorCode(secret, used);
    await vi.advanceTimersByTimeAsync(28_000 + 50);
    const code = await fourth;
    expect(Date.now()).toBe(at(30) + 50);
    expect(serverStep(secret, code, at(31))).toBe(STEP + 2);
  });
});
