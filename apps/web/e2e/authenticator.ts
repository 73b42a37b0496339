import { GOOGLE_CODE_STEP_MS } from '@exchange/contracts';
import { generateSync } from 'otplib';
import { serverNow } from './server-clock';

/**
 * The test user's Authenticator app, without sleeping until the next 30-second step.
 *
 * The gateway (features/security/totp.ts) accepts the code of its clock's step, of the step
 * before and of the step after (a tolerance of one step), and each step once: the step must be
 * above the last one it accepted. So the test hands out the code of the current step or, when
 * that is used, of the step after it, and waits for the next step only when both are used (a
 * third code within one step).
 *
 * Time is the server's: `serverNow()` (server-clock.ts: the e2e exchange runs TIME_SCALE=1, so
 * its clock is this machine's wall clock). The server checks a code after it was made, so its
 * step is then at least the one the code was made at: the current step's code stays good for
 * 30 s or more, the next step's for 60 s or more, whatever a scenario does before it confirms
 * (the flash remittance scenario waits for another user's verification in between). The previous
 * step's code is not used: it would be good only until the current step ends, perhaps a second.
 */

/** The steps used of one secret, as the server remembers them (`totpLastStep`). */
export interface UsedSteps {
  /** The last step a code was handed out for (-Infinity: none yet). */
  step: number;
}

/** A newly linked secret: no step used yet. */
export function noStepUsed(): UsedSteps {
  return { step: -Infinity };
}

/** The step the server accepts next (see above), or null when it must wait for the next step. */
export function nextStep(nowMs: number, used: UsedSteps): number | null {
  const current = Math.floor(nowMs / GOOGLE_CODE_STEP_MS);
  const step = Math.max(current, used.step + 1);
  return step <= current + 1 ? step : null;
}

/** A code the server accepts now (once): of the next accepted step, waiting only if none is left. */
export async function authenticatorCode(secret: string, used: UsedSteps): Promise<string> {
  for (;;) {
    const now = serverNow();
    const step = nextStep(now, used);
    if (step !== null) {
      used.step = step;
      return generateSync({
        secret,
        period: GOOGLE_CODE_STEP_MS / 1000,
        epoch: (step * GOOGLE_CODE_STEP_MS) / 1000,
      });
    }
    // The current step and the one after it are used: the next step makes room for one more.
    const nextStepAt = (Math.floor(now / GOOGLE_CODE_STEP_MS) + 1) * GOOGLE_CODE_STEP_MS;
    await new Promise((r) => setTimeout(r, nextStepAt - now + 50));
  }
}
