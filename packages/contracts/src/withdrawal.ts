import { z } from 'zod';
import { moneyText } from './decimal.js';
import { text } from './text.js';
import { pageQuery } from './paging.js';
import { get, post, put, fillPath } from './endpoint.js';

/**
 * Money leaving an account: crypto withdrawals, internal transfers by UID, and the whitelists of
 * addresses and UIDs that guard them (spec trading-account-domain sections 2-5 and 9). Every
 * route is under /v1/wallet; the ones that move money or change a whitelist take the step-up
 * codes (`googleCode` of the linked Google Authenticator and an `emailCode` mailed for the
 * STEP_UP purpose by POST /v1/security/email-code).
 */
export const WITHDRAWAL_ENDPOINTS = {
  whitelistAddresses: get('/v1/wallet/whitelist/addresses'),
  addWhitelistAddress: post('/v1/wallet/whitelist/addresses'),
  /** POST with the step-up codes. */
  whitelistAddressDelete: post('/v1/wallet/whitelist/addresses/:id/delete'),
  whitelistUids: get('/v1/wallet/whitelist/uids'),
  addWhitelistUid: post('/v1/wallet/whitelist/uids'),
  whitelistUidDelete: post('/v1/wallet/whitelist/uids/:id/delete'),
  /** The "whitelisted addresses only" and "whitelisted UIDs only" settings. */
  whitelistSettings: get('/v1/wallet/whitelist/settings'),
  updateWhitelistSettings: put('/v1/wallet/whitelist/settings'),
  internalTransfers: get('/v1/wallet/internal-transfers'),
  transfer: post('/v1/wallet/internal-transfers'),
  /** Fee, gas and amount received for a withdrawal, before confirming. */
  withdrawalPreview: post('/v1/wallet/withdrawals/preview'),
  withdrawals: get('/v1/wallet/withdrawals'),
  withdraw: post('/v1/wallet/withdrawals'),
  withdrawal: get('/v1/wallet/withdrawals/:id'),
  withdrawalCancel: post('/v1/wallet/withdrawals/:id/cancel'),
} as const;
const WD = WITHDRAWAL_ENDPOINTS;
export const WITHDRAWAL_PATHS = {
  whitelistAddresses: WD.whitelistAddresses.path,
  whitelistAddressDelete: (id: string) => fillPath(WD.whitelistAddressDelete.path, { id }),
  whitelistUids: WD.whitelistUids.path,
  whitelistUidDelete: (id: string) => fillPath(WD.whitelistUidDelete.path, { id }),
  whitelistSettings: WD.whitelistSettings.path,
  internalTransfers: WD.internalTransfers.path,
  withdrawalPreview: WD.withdrawalPreview.path,
  withdrawals: WD.withdrawals.path,
  withdrawal: (id: string) => fillPath(WD.withdrawal.path, { id }),
  withdrawalCancel: (id: string) => fillPath(WD.withdrawalCancel.path, { id }),
} as const;

/** Whitelist notes: 2 to 30 characters (spec section 5; the 100-character message is kept too). */
export const WHITELIST_NOTE_MIN = 2;
export const WHITELIST_NOTE_MAX = 30;
/** Entries per list and account. */
export const WHITELIST_MAX_ENTRIES = 50;

/** Amounts of requests: the shared money field (at most MONEY_MAX, 18 decimals). */
const decimalText = moneyText();
const stepUpCodes = {
  googleCode: text().max(16).optional().describe('Code of the linked Google Authenticator'),
  emailCode: text().max(16).optional().describe('E-mail code of the STEP_UP purpose'),
};
/** The step-up codes every money-moving or whitelist-changing request carries. */
export const stepUpFields = z.strictObject(stepUpCodes);
export type StepUpFields = z.infer<typeof stepUpFields>;

// ---- whitelists ----

/**
 * The note is checked by the service (not the schema) so that a wrong length answers with the
 * spec's own messages: 5004 "Please enter 2-30 character Note", 5005 above 100 characters.
 */
const note = text().max(1000);

export const whitelistAddressRequest = z.strictObject({
  asset: text().max(16).describe('Coin code, for example USDT'),
  network: text().max(32).describe('Network code of the coin, for example TRON'),
  address: text().max(128),
  /** Some networks need a memo or tag with the address; kept with the entry. */
  memo: text().max(64).optional(),
  note,
  ...stepUpCodes,
});
export type WhitelistAddressRequest = z.infer<typeof whitelistAddressRequest>;

export const whitelistAddress = z.object({
  id: z.string(),
  asset: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  note: z.string(),
  createdAt: z.string(),
  usableFrom: z
    .string()
    .describe('The end of the cooling period: the address may be withdrawn to from then on'),
  usable: z.boolean().describe('Whether the cooling period is over now'),
});
export type WhitelistAddress = z.infer<typeof whitelistAddress>;

export const whitelistUidRequest = z.strictObject({
  uid: text().max(32),
  note,
  ...stepUpCodes,
});
export type WhitelistUidRequest = z.infer<typeof whitelistUidRequest>;

export const whitelistUid = z.object({
  id: z.string(),
  uid: z.string(),
  note: z.string(),
  createdAt: z.string(),
  usableFrom: z.string(),
  usable: z.boolean(),
});
export type WhitelistUid = z.infer<typeof whitelistUid>;

export const whitelistSettings = z.object({
  addressWhitelistOnly: z.boolean().describe('Withdrawals only to whitelisted, usable addresses'),
  uidWhitelistOnly: z.boolean().describe('Internal transfers only to whitelisted, usable UIDs'),
  coolingHours: z.number().describe('Hours before a new whitelist entry can be used'),
});
export type WhitelistSettings = z.infer<typeof whitelistSettings>;

/** Turning a setting on needs nothing; turning one off needs the step-up codes. */
export const whitelistSettingsRequest = z.strictObject({
  addressWhitelistOnly: z.boolean().optional(),
  uidWhitelistOnly: z.boolean().optional(),
  ...stepUpCodes,
});
export type WhitelistSettingsRequest = z.infer<typeof whitelistSettingsRequest>;

// ---- holds ----

/**
 * Holds: what a fresh deposit may and may not do.
 *
 * A crypto deposit is held for 24 hours from its credit (`CRYPTO_DEPOSIT_FREEZE_MS`; the
 * deposit's `withdrawableAt`). One answer says how much of a balance may leave the exchange for
 * (user, mode, asset): the **withdrawable** amount, the available balance minus what holds still
 * block (never below 0; holds exist in Real mode only). Every way out asks it, before the codes
 * are spent and again under the balance row's lock:
 * - crypto withdrawal, fiat withdrawal,
 * - internal transfer by UID and flash remittance (money sent to another user could leave from
 *   there at once).
 * Above the withdrawable amount they answer 5216 (`WITHDRAWAL_DEPOSIT_FROZEN`) with the
 * withdrawable figure (5001 when the available balance itself is short) and change nothing.
 *
 * A hold does not block: trading (spot orders, Rapid Buy) and foreign exchange inside the account,
 * which stay allowed at once; what they buy is not held, and what they spend of a held asset
 * lowers its available balance, so the withdrawable amount (available minus held) shrinks with it.
 * A hold is not a frozen balance: the amount stays in `available`, and the hold ends by itself.
 */
export const HOLD_RULES = {
  blocks: ['CRYPTO_WITHDRAWAL', 'FIAT_WITHDRAWAL', 'INTERNAL_TRANSFER', 'FLASH_REMITTANCE'],
  allows: ['SPOT_TRADING', 'RAPID_BUY', 'FOREIGN_EXCHANGE'],
} as const;

// ---- internal transfer by UID ----

export const internalTransferRequest = z.strictObject({
  clientRequestId: text()
    .min(8)
    .max(64)
    .describe(
      'Chosen by the client per transfer: a retry with the same id returns the first answer',
    ),
  uid: text().max(32),
  asset: text().max(16),
  amount: decimalText,
  ...stepUpCodes,
});
export type InternalTransferRequest = z.infer<typeof internalTransferRequest>;

export const internalTransfer = z.object({
  id: z.string(),
  direction: z.enum(['OUT', 'IN']).describe("The caller's side"),
  counterpartyUid: z.string(),
  asset: z.string(),
  amount: z.string(),
  status: z.literal('COMPLETED').describe('Transfers are instant'),
  createdAt: z.string(),
});
export type InternalTransfer = z.infer<typeof internalTransfer>;

export const internalTransferQuery = pageQuery.extend({
  asset: text().max(16).optional(),
  direction: z.enum(['OUT', 'IN']).optional(),
});
export type InternalTransferQuery = z.infer<typeof internalTransferQuery>;

// ---- crypto withdrawals ----

/**
 * A withdrawal's states:
 * - REVIEW: funds frozen, risk review running (1-2 minutes);
 * - WAITING_BATCH: approved, requested between 22:00 and 09:00 Hong Kong time, waiting for the
 *   batch at 09:00 Hong Kong time (`batchAt`);
 * - BROADCASTING: approved and being handed to the chain;
 * - BROADCAST: sent, with its chain transaction id, waiting for confirmation;
 * - COMPLETED: confirmed on chain, the amount and the fee left the account;
 * - REFUSED (risk review), FAILED (on chain), CANCELLED (by the user before it was sent): the
 *   frozen funds went back to available.
 */
export const withdrawalStatus = z.enum([
  'REVIEW',
  'WAITING_BATCH',
  'BROADCASTING',
  'BROADCAST',
  'COMPLETED',
  'REFUSED',
  'FAILED',
  'CANCELLED',
]);
export type WithdrawalStatus = z.infer<typeof withdrawalStatus>;
/** States in which the user may still cancel. */
export const WITHDRAWAL_CANCELLABLE: readonly WithdrawalStatus[] = ['REVIEW', 'WAITING_BATCH'];
/** Final states. */
export const WITHDRAWAL_FINAL: readonly WithdrawalStatus[] = [
  'COMPLETED',
  'REFUSED',
  'FAILED',
  'CANCELLED',
];

/** Requests from 22:00 to 09:00 Hong Kong time wait for the batch at 09:00 (UTC+8, no DST). */
export const WITHDRAWAL_BATCH_WINDOW = {
  timeZone: 'Asia/Hong_Kong',
  utcOffsetHours: 8,
  startHour: 22,
  endHour: 9,
  batchHour: 9,
} as const;

export const withdrawalPreviewRequest = z.strictObject({
  asset: text().max(16),
  network: text().max(32),
  amount: decimalText.describe('What leaves the account: the fee and the gas come out of it'),
});
export type WithdrawalPreviewRequest = z.infer<typeof withdrawalPreviewRequest>;

export const withdrawalPreview = z.object({
  asset: z.string(),
  network: z.string(),
  amount: z.string(),
  feeRate: z.string().describe('The limited-time rate, for example "0.01"'),
  feeRateEndsAt: z.string().nullable().describe('When the limited-time rate ends, if set'),
  fee: z.string().describe('amount x feeRate, rounded up to the asset decimals'),
  gasFee: z.string().describe("The network's gas fee (not part of the rate)"),
  received: z.string().describe('amount - fee - gasFee: what the address receives'),
  minAmount: z.string(),
  available: z.string().describe('Available balance of the asset'),
  withdrawable: z
    .string()
    .describe(
      'What may leave the exchange: available minus crypto deposits still in their 24-hour hold (see HOLD_RULES)',
    ),
  batchAt: z
    .string()
    .nullable()
    .describe('Set when a request now would wait for the morning batch (09:00 Hong Kong time)'),
});
export type WithdrawalPreview = z.infer<typeof withdrawalPreview>;

export const withdrawalRequest = z.strictObject({
  clientRequestId: text()
    .min(8)
    .max(64)
    .describe(
      'Chosen by the client per withdrawal: a retry with the same id returns the first answer',
    ),
  asset: text().max(16),
  network: text().max(32),
  address: text().max(128),
  memo: text().max(64).optional(),
  amount: decimalText,
  ...stepUpCodes,
});
export type WithdrawalRequest = z.infer<typeof withdrawalRequest>;

export const withdrawal = z.object({
  id: z.string(),
  asset: z.string(),
  network: z.string(),
  address: z.string(),
  memo: z.string().nullable(),
  amount: z.string(),
  fee: z.string(),
  gasFee: z.string(),
  received: z.string(),
  status: withdrawalStatus,
  txId: z.string().nullable(),
  reason: z.string().nullable().describe('Why it was refused or failed'),
  batchAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  completedAt: z.string().nullable(),
});
export type Withdrawal = z.infer<typeof withdrawal>;

export const withdrawalQuery = pageQuery.extend({
  asset: text().max(16).optional(),
  status: withdrawalStatus.optional(),
});
export type WithdrawalQuery = z.infer<typeof withdrawalQuery>;
