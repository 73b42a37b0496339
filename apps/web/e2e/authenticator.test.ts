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

  it('hands out the current and the next step without waiting, then needs the next step', () => {
    const used = noStepUsed();
    const steps: (number | null)[] = [];
    for (let i = 0; i < 3; i += 1) {
      const step = nextStep(at(5), used);
      steps.push(step);
      if (step !== null) used.step = step;
    }
    expect(steps).toEqual([STEP, STEP + 1, null]);
    // Just before the next step still none; from the next step on, the step after it is free.
    expect(nextStep(at(29.999), used)).toBeNull();
    expect(nextStep(at(30), used)).toBe(STEP + 2);
  });

  it('never hands out a step the server already took, however long ago', () => {
    expect(nextStep(at(5), { step: STEP - 7 })).toBe(STEP);
    expect(nextStep(at(29), { step: STEP })).toBe(STEP + 1);
  });

  it('makes two codes within one step that the server accepts in order, up to 30 s later', async () => {
    vi.useFakeTimers({ now: at(29) });
    const secret = generateSecret({ length: 20 });
    const used = noStepUsed();
    const codes = [await authenticatorCode(secret, used), await authenticatorCode(secret, used)];
    expect(Date.now()).toBe(at(29)); // No waiting.
    // The server checks each code up to 30 s after the end of the step they were made in.
    expect(serverStep(secret, codes[0] ?? '', at(59))).toBe(STEP);
    expect(serverStep(secret, codes[1] ?? '', at(59))).toBe(STEP + 1);
    expect(serverStep(secret, codes[1] ?? '', at(89))).toBe(STEP + 1);

    // A third code waits for the next step (and no longer), then is a step above the second.
    const third = authenticatorCode(secret, used);
    await vi.advanceTimersByTimeAsync(1_000 + 50);
    const code = await third;
    expect(Date.now()).toBe(at(30) + 50);
    expect(serverStep(secret, code, at(60))).toBe(STEP + 2);
  });
});
