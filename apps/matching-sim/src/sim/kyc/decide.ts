import {
  SIM_KYC_FAIL_MARKER,
  SIM_KYC_REJECT_MARKER,
  type KycDecision,
  type KycProviderSubmission,
} from '@exchange/contracts';

/** Waits for `npm run sim:kyc -- decide` instead of deciding by itself. */
export const SIM_KYC_MANUAL_MARKER = 'Manual';

/** The name the decision is read from: an individual's last name, an institution's full name. */
export function reviewedName(s: KycProviderSubmission): string {
  if ('basic' in s.data) return s.data.basic.lastName ?? '';
  return s.data.information.basic?.institutionFullName ?? '';
}

/**
 * The simulated reviewer, deterministic so tests and demos choose the outcome: a name containing
 * "Reject" is rejected with a reason, one containing "Fail" fails, one containing "Manual" waits
 * for a decision by command (null here); anything else passes.
 */
export function automaticDecision(
  s: KycProviderSubmission,
): { decision: KycDecision; reason: string | null } | null {
  const name = reviewedName(s);
  if (name.includes(SIM_KYC_MANUAL_MARKER)) return null;
  if (name.includes(SIM_KYC_REJECT_MARKER))
    return {
      decision: 'REJECT',
      reason:
        'The photo holding the ID is not clear: all four corners of the document must be visible.',
    };
  if (name.includes(SIM_KYC_FAIL_MARKER))
    return { decision: 'FAILED', reason: 'The document could not be verified.' };
  return { decision: 'PASS', reason: null };
}
