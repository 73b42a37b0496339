import type { BankTransferRequest } from '@exchange/contracts';

/**
 * What a fiat withdrawal needs from the partner bank (a real bank API adapter implements it; the
 * simulated bank's adapter under `npm start`). The bank answers the transfer's outcome later with
 * a signed `transfer.sent` or `transfer.failed` callback (contracts fiat.ts BANK_CALLBACK_PATHS).
 */
export interface BankPort {
  /**
   * Asks the bank to send a transfer. Idempotent on `requestId` (the withdrawal id): asked again,
   * the bank answers with the transfer it made the first time. Throws `BankRefused` when the bank
   * will never send it (the funds go back); any other error is retried.
   */
  sendTransfer(req: BankTransferRequest): Promise<{ transferId: string }>;
}

/** The bank will not send this transfer: final, the funds go back. */
export { BankRefused } from '../fiat-bank/bank-adapter.js';
