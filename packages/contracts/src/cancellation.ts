import { z } from 'zod';
import { text } from './text.js';
import { get, post, pathsOf } from './endpoint.js';

/**
 * Account cancellation (spec trading-account-domain sections 2, 4, 5, 8, 9), under
 * /v1/account/cancellation.
 *
 * - The user picks a reason (a note is required for OTHER), may attach 1-2 proof images
 *   (CANCELLATION_PROOF: JPG or PNG, at most 2 MB each), sees every condition checked and
 *   explained (GET /preview), and confirms with the step-up (Google code + e-mailed STEP_UP code).
 * - Conditions: no open order in any mode (Real, Demo and Trial: a closed account leaves nothing
 *   live in the matching engine); no money in flight (pending deposits or withdrawals of every
 *   kind, and any frozen Real balance); every Real balance at or below its dust threshold
 *   (CANCELLATION_DUST, about 1 USD each); Google Authenticator linked and no security lock
 *   (the step-up needs both). Demo and Trial balances are simulated and never block.
 * - UNDER_REVIEW for 7 to 15 Hong Kong business days. The simulated reviewer decides on the 7th:
 *   the conditions are checked again, SUCCESS if all hold, else FAILED (CONDITIONS_NOT_MET).
 *   An operator can decide earlier (`npm run cancellation:decide`).
 * - While under review the user can still log in, see everything, cancel orders, withdraw funds
 *   and withdraw the request ("cancel the cancellation"); placing orders and new deposits or
 *   incoming transfers are refused (2107).
 * - FAILED: the reason is shown and the user may ask again. SUCCESS: every session ends, login
 *   answers 2106, the e-mail is free for a new registration (a new account with a new UID and a
 *   new account-type choice: spec section 1, "a new registration is needed to switch"). The
 *   user row, its ledger entries, orders and files stay; dust stays in the closed account's
 *   balance in the ledger, never moved or deleted.
 */

export const CANCELLATION_REASONS = [
  'NO_LONGER_NEEDED',
  'SWITCH_ACCOUNT_TYPE',
  'ANOTHER_ACCOUNT',
  'SECURITY_CONCERN',
  'FEES',
  'EXPERIENCE',
  'OTHER',
] as const;
export const cancellationReason = z.enum(CANCELLATION_REASONS);
export type CancellationReason = z.infer<typeof cancellationReason>;

export const CANCELLATION_NOTE_MAX = 100;
export const CANCELLATION_NOTE_MIN = 2;

export const CANCELLATION_STATUSES = ['UNDER_REVIEW', 'WITHDRAWN', 'FAILED', 'SUCCESS'] as const;
export const cancellationStatus = z.enum(CANCELLATION_STATUSES);
export type CancellationStatus = z.infer<typeof cancellationStatus>;

/**
 * The dust threshold per asset, in the asset's units: a Real balance (available + frozen) at or
 * below it does not block a cancellation. Each is about 1 USD at listing; fixed amounts rather
 * than a live valuation, so the user's page and the reviewer's check at the end of the review
 * agree whatever the market does. An asset without an entry must be empty.
 */
export const CANCELLATION_DUST: Readonly<Record<string, string>> = {
  USD: '1',
  EUR: '1',
  GBP: '1',
  CHF: '1',
  CAD: '1.5',
  AUD: '1.5',
  NZD: '1.5',
  SGD: '1.5',
  HKD: '8',
  CNH: '7',
  JPY: '150',
  NOK: '10',
  THB: '35',
  USDT: '1',
  USDC: '1',
  BTC: '0.00001',
  ETH: '0.0003',
  SOL: '0.005',
  XRP: '0.5',
  XAUT: '0.0003',
  TBILL: '0.01',
  HKRE: '0.1',
  PCRED: '1',
  LUNC: '10000',
};

export const CANCELLATION_CONDITIONS = [
  'NO_OPEN_ORDERS',
  'NO_PENDING_MONEY',
  'BALANCES_WITHDRAWN',
  'AUTHENTICATOR_LINKED',
  'NO_SECURITY_LOCK',
] as const;
export const cancellationConditionKey = z.enum(CANCELLATION_CONDITIONS);
export type CancellationConditionKey = z.infer<typeof cancellationConditionKey>;

export const cancellationCondition = z.object({
  key: cancellationConditionKey,
  met: z.boolean(),
  /** NO_OPEN_ORDERS: open orders per mode (0 Real, 1 Demo, 2 Trial). */
  openOrders: z.array(z.object({ mode: z.number().int(), count: z.number().int() })).optional(),
  /** NO_PENDING_MONEY: what is in flight, by kind (e.g. FROZEN_BALANCE, CRYPTO_DEPOSIT). */
  pending: z.array(z.object({ kind: z.string(), count: z.number().int() })).optional(),
  /** BALANCES_WITHDRAWN: Real balances above their dust threshold. */
  balances: z
    .array(z.object({ asset: z.string(), amount: z.string(), dust: z.string() }))
    .optional(),
  /** NO_SECURITY_LOCK: when the lock ends. */
  lockedUntil: z.iso.datetime().nullable().optional(),
});
export type CancellationCondition = z.infer<typeof cancellationCondition>;

export const cancellationFailure = z.enum(['CONDITIONS_NOT_MET', 'REVIEWER_REJECTED']);
export type CancellationFailure = z.infer<typeof cancellationFailure>;

export const cancellationView = z.object({
  id: z.uuid(),
  status: cancellationStatus,
  reason: cancellationReason,
  note: z.string().nullable(),
  proofFileIds: z.array(z.uuid()),
  submittedAt: z.iso.datetime(),
  /** When the review is expected to decide (7th Hong Kong business day) and at the latest (15th). */
  decideAt: z.iso.datetime(),
  latestAt: z.iso.datetime(),
  decidedAt: z.iso.datetime().nullable(),
  withdrawnAt: z.iso.datetime().nullable(),
  failureReason: cancellationFailure.nullable(),
  /** CONDITIONS_NOT_MET: the conditions that failed at the end of the review. */
  failedConditions: z.array(cancellationConditionKey),
  /** REVIEWER_REJECTED: the reviewer's note. */
  reviewerNote: z.string().nullable(),
});
export type CancellationView = z.infer<typeof cancellationView>;

/** `GET /v1/account/cancellation/preview`: every condition, and the latest request if any. */
export const cancellationPreview = z.object({
  conditions: z.array(cancellationCondition),
  /** All conditions met and no request under review. */
  canSubmit: z.boolean(),
  current: cancellationView.nullable(),
});
export type CancellationPreview = z.infer<typeof cancellationPreview>;

/** `POST /v1/account/cancellation`: the reason, the proof and the step-up codes. */
export const cancellationRequest = z.strictObject({
  reason: cancellationReason,
  note: text()
    .max(CANCELLATION_NOTE_MAX)
    .optional()
    .describe(`Required for OTHER: ${CANCELLATION_NOTE_MIN}-${CANCELLATION_NOTE_MAX} characters`),
  proofFileIds: z.array(z.uuid()).max(2).default([]),
  googleCode: z.string().max(16),
  emailCode: z.string().max(16),
});
export type CancellationRequest = z.input<typeof cancellationRequest>;

/** Whether the note fits the reason: required (2-100 characters, not blank) for OTHER. */
export function cancellationNoteOk(reason: CancellationReason, note: string | undefined): boolean {
  const trimmed = note?.trim() ?? '';
  if (reason !== 'OTHER') return trimmed.length <= CANCELLATION_NOTE_MAX;
  return trimmed.length >= CANCELLATION_NOTE_MIN && trimmed.length <= CANCELLATION_NOTE_MAX;
}

/** The operator's decision (`npm run cancellation:decide`). */
export const cancellationDecision = z.discriminatedUnion('decision', [
  z.object({ decision: z.literal('SUCCESS') }),
  z.object({ decision: z.literal('FAILED'), note: z.string().min(1).max(200) }),
]);
export type CancellationDecision = z.infer<typeof cancellationDecision>;

/** Account cancellation, under /v1/account. */
export const CANCELLATION_ENDPOINTS = {
  preview: get('/v1/account/cancellation/preview'),
  submit: post('/v1/account/cancellation'),
  withdraw: post('/v1/account/cancellation/withdraw'),
} as const;
export const CANCELLATION_PATHS = pathsOf(CANCELLATION_ENDPOINTS);
