import {
  cardCancelAnswer,
  cardChargeResponse,
  cardRefundAnswer,
  type CardChargeRequest,
  type CardChargeResponse,
} from '@exchange/contracts';
import { signedPost } from '@exchange/contracts/signed-request';
import { AppError } from '../../../lib/app-error.js';
import { partyFetcher } from '../../../lib/metrics.js';

/**
 * The card processor as the exchange uses it: the shape a real acquirer's API is wrapped in.
 * `charge` is idempotent on the request id (a retry answers the same charge, charged once).
 */
export interface CardProcessor {
  charge(req: CardChargeRequest): Promise<CardChargeResponse>;
  /**
   * Cancels a charge still waiting for the cardholder: its state after the call (DECLINED when
   * cancelled; SUCCEEDED or DECLINED when the cardholder answered first, whose callback follows).
   */
  cancel(chargeId: string): Promise<{ state: 'REQUIRES_ACTION' | 'SUCCEEDED' | 'DECLINED' }>;
  /** Refunds a charge taken, whole, to the card; idempotent. */
  refund(chargeId: string, reason: string): Promise<{ state: string }>;
}

/** The processor over HTTP (the simulated one under `npm start`), every call signed. */
export function httpCardProcessor(opts: { baseUrl: string; secret: string }): CardProcessor {
  /** A signed POST; 409 is a reused request id, anything else not OK is the processor down. */
  async function post(pathname: string, payload: unknown): Promise<unknown> {
    let res: Response;
    try {
      res = await signedPost(new URL(pathname, opts.baseUrl), payload, opts.secret, {
        fetch: partyFetcher('card'),
        timeoutMs: 10_000,
      });
    } catch {
      throw new AppError('CARD_PROCESSOR_UNAVAILABLE');
    }
    if (res.status === 409) throw new AppError('CARD_REQUEST_ID_REUSED');
    if (!res.ok) throw new AppError('CARD_PROCESSOR_UNAVAILABLE');
    return res.json();
  }

  return {
    async charge(req) {
      return cardChargeResponse.parse(await post('/charges', req));
    },
    async cancel(chargeId) {
      return cardCancelAnswer.parse(await post('/charges/cancel', { chargeId }));
    },
    async refund(chargeId, reason) {
      return cardRefundAnswer.parse(await post('/charges/refund', { chargeId, reason }));
    },
  };
}
