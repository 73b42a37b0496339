import {
  bankEkycLinkAnswer,
  bankOpenAccountAnswer,
  bankRefusal,
  bankReturnAnswer,
  bankTransferAnswer,
  type BankEkycLinkAnswer,
  type BankOpenAccountAnswer,
  type BankOpenAccountRequest,
  type BankTransferRequest,
} from '@exchange/contracts';
import { signedPost } from '@exchange/contracts/signed-request';
import type { z } from 'zod';
import { AppError } from '../../../lib/app-error.js';
import { partyFetcher } from '../../../lib/metrics.js';

/**
 * The partner bank as the exchange sees it: the shape a real bank's API (its SDK or REST client)
 * is wrapped in. What the bank decides later (an account opened or refused, e-KYC passed or
 * failed, a transfer received, sent or failed) arrives as a signed callback at
 * BANK_CALLBACK_PATHS (contracts fiat.ts).
 */
export interface PartnerBank {
  /**
   * Applies for a virtual account (USD and EUR) for a verified user; the bank answers its
   * reference now and `account.opened` / `account.open_failed` later. Throws 6010 when the bank
   * does not answer.
   */
  openAccount(req: BankOpenAccountRequest): Promise<BankOpenAccountAnswer>;
  /**
   * The e-KYC link of an opened account, valid one hour: while one is valid the bank answers the
   * same link; after it expired or e-KYC failed, a new one. Throws 6010.
   */
  createEkycLink(bankReference: string, returnUrl?: string): Promise<BankEkycLinkAnswer>;
  /**
   * Sends money out of the exchange's account to a whitelisted bank account; idempotent on
   * `requestId` (a retry answers the first transfer id and sends nothing more). The bank sends on
   * the next Hong Kong business day within banking hours and reports `transfer.sent` (with the
   * intermediary fee) or `transfer.failed`. Throws 6010 when the bank does not answer (retry).
   */
  sendTransfer(req: BankTransferRequest): Promise<{ transferId: string }>;
  /**
   * Sends an incoming transfer the exchange refused back to the payer, whole; idempotent on the
   * transfer id (asked again, the same return). Throws 6010 when the bank does not answer.
   */
  returnTransfer(transferId: string, reason: string): Promise<{ returnId: string }>;
}

/** The bank will never do what was asked (closed beneficiary account, sanctions...): final. */
export class BankRefused extends Error {
  override readonly name = 'BankRefused';
}

export interface HttpPartnerBankOptions {
  /** The bank's API (the simulated bank under `npm start`: BANK_SIM_URL). */
  baseUrl: string;
  /** Signs our requests and the bank's callbacks (BANK_CALLBACK_SECRET). */
  secret: string;
  /** The exchange's base address the bank posts its callbacks under. */
  callbackBaseUrl: string;
  timeoutMs?: number;
}

/**
 * Over HTTP, signed like the callbacks (HMAC-SHA256 of `<timestamp>.<body or path>`):
 *   POST /accounts {userRef, name, identity, currencies, callbackBaseUrl} -> {bankReference, status}
 *   POST /accounts/:ref/ekyc-link {returnUrl?} -> {url, expiresAt}
 *   POST /transfers (bankTransferRequest) -> {transferId}
 *   POST /transfers/return {transferId, reason} -> {returnId}
 */
export class HttpPartnerBank implements PartnerBank {
  constructor(private readonly opts: HttpPartnerBankOptions) {}

  openAccount(req: BankOpenAccountRequest): Promise<BankOpenAccountAnswer> {
    return this.call(
      '/accounts',
      { ...req, callbackBaseUrl: req.callbackBaseUrl ?? this.opts.callbackBaseUrl },
      bankOpenAccountAnswer,
    );
  }

  createEkycLink(bankReference: string, returnUrl?: string): Promise<BankEkycLinkAnswer> {
    return this.call(
      `/accounts/${encodeURIComponent(bankReference)}/ekyc-link`,
      returnUrl ? { returnUrl } : {},
      bankEkycLinkAnswer,
    );
  }

  sendTransfer(req: BankTransferRequest): Promise<{ transferId: string }> {
    return this.call('/transfers', req, bankTransferAnswer);
  }

  returnTransfer(transferId: string, reason: string): Promise<{ returnId: string }> {
    return this.call('/transfers/return', { transferId, reason }, bankReturnAnswer);
  }

  private async call<S extends z.ZodType>(
    pathname: string,
    body: unknown,
    schema: S,
  ): Promise<z.infer<S>> {
    let response: Response;
    try {
      response = await signedPost(new URL(pathname, this.opts.baseUrl), body, this.opts.secret, {
        fetch: partyFetcher('bank'),
        timeoutMs: this.opts.timeoutMs ?? 5000,
      });
    } catch (cause) {
      throw new AppError('BANK_UNAVAILABLE', null, { cause });
    }
    const answer: unknown = await response.json().catch(() => null);
    const refused = bankRefusal.safeParse(answer);
    if (response.status === 422 && refused.success) throw new BankRefused(refused.data.reason);
    const parsed = schema.safeParse(answer);
    if (!response.ok || !parsed.success)
      throw new AppError('BANK_UNAVAILABLE', null, {
        cause: new Error(
          `bank answered ${response.status} to POST ${pathname}: ${JSON.stringify(answer)}`,
        ),
      });
    return parsed.data;
  }
}
