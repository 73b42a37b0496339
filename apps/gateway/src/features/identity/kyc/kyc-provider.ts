import { kycProviderAccepted, type KycProviderSubmission } from '@exchange/contracts';
import { signedPost } from '@exchange/contracts/signed-request';
import { AppError } from '../../../lib/app-error.js';
import { partyFetcher } from '../../../lib/metrics.js';

/**
 * The KYC vendor as the exchange sees it: an application is handed over for review, and the
 * decision comes back later as a signed callback (`POST /v1/kyc/public/provider/callback`). A
 * production adapter wraps the vendor's SDK behind this interface; `HttpKycProvider` talks to the
 * simulated provider (apps/matching-sim/src/sim/kyc) the way such an SDK talks to its API.
 */
export interface KycProvider {
  /** Hands an application over for review; throws 7033 when the provider cannot take it. */
  submit(submission: KycProviderSubmission): Promise<void>;
}

/**
 * Over HTTP: `POST <baseUrl>/applications` with the submission as JSON, signed like the
 * callbacks (HMAC-SHA256 of `<timestamp>.<body>` under the shared secret), so the provider knows
 * the request is the exchange's.
 */
export class HttpKycProvider implements KycProvider {
  constructor(private readonly opts: { baseUrl: string; secret: string; timeoutMs?: number }) {}

  async submit(submission: KycProviderSubmission): Promise<void> {
    let response: Response;
    try {
      response = await signedPost(
        new URL('/applications', this.opts.baseUrl),
        submission,
        this.opts.secret,
        {
          fetch: partyFetcher('kyc'),
          timeoutMs: this.opts.timeoutMs ?? 5000,
        },
      );
    } catch (cause) {
      throw new AppError('KYC_PROVIDER_UNAVAILABLE', null, { cause });
    }
    const answer: unknown = await response.json().catch(() => null);
    if (!response.ok || !kycProviderAccepted.safeParse(answer).success)
      throw new AppError('KYC_PROVIDER_UNAVAILABLE', null, {
        cause: new Error(`KYC provider answered ${response.status}`),
      });
  }
}
