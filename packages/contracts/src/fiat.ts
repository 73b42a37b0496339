import { z } from 'zod';
import { moneyText } from './decimal.js';
import { post, pathsOf } from './endpoint.js';

/**
 * Fiat: the partner bank (a virtual account per verified user, USD and EUR, with an e-KYC link
 * step), the card processor, the bank-account whitelist, fiat deposits and withdrawals (spec
 * trading-account-domain sections 2-5, 8, 9). Every user route is under /v1/fiat; the outside
 * parties call back at /v1/fiat/public/... with signed bodies (HMAC-SHA256 over
 * `<unix seconds>.<raw body>`, a replay window, idempotent on the party's event id).
 */

/** Where each family of the partner bank's callbacks arrives (one route per family). */
export const BANK_CALLBACK_ENDPOINTS = {
  /** account.opened, account.open_failed, ekyc.passed, ekyc.failed */
  accounts: post('/v1/fiat/public/bank/accounts/callback'),
  /** transfer.received (a deposit to a virtual account) */
  deposits: post('/v1/fiat/public/bank/deposits/callback'),
  /** transfer.sent, transfer.failed (a withdrawal the exchange asked the bank to send) */
  transfers: post('/v1/fiat/public/bank/transfers/callback'),
} as const;
export const BANK_CALLBACK_PATHS = pathsOf(BANK_CALLBACK_ENDPOINTS);
/** The card processor's callbacks (charge.succeeded, charge.declined, charge.requires_action). */
export const CARD_CALLBACK_PATH = '/v1/fiat/public/card/callback';

// ---- States ----

/**
 * The partner-bank account: OPENING (asked the bank) -> OPEN_FAILED (may retry) | EKYC_PENDING
 * (opened; the user must finish the e-KYC link) -> EKYC_FAILED (regenerate the link) | ACTIVE.
 */
export const PARTNER_BANK_ACCOUNT_STATES = [
  'OPENING',
  'OPEN_FAILED',
  'EKYC_PENDING',
  'EKYC_FAILED',
  'ACTIVE',
] as const;
export const partnerBankAccountState = z.enum(PARTNER_BANK_ACCOUNT_STATES);
export type PartnerBankAccountState = z.infer<typeof partnerBankAccountState>;

/**
 * A fiat deposit: (card only) REQUIRES_ACTION (3-D Secure style confirmation) -> REVIEW (the 1-2
 * minute risk review) -> CREDITED; DECLINED (card declined, nothing credited), REFUSED (the
 * review refused it; a bank transfer is returned to the payer).
 */
export const FIAT_DEPOSIT_STATES = [
  'REQUIRES_ACTION',
  'REVIEW',
  'CREDITED',
  'DECLINED',
  'REFUSED',
] as const;
export const fiatDepositState = z.enum(FIAT_DEPOSIT_STATES);
export type FiatDepositState = z.infer<typeof fiatDepositState>;
export const fiatDepositChannel = z.enum(['BANK', 'CARD']);
export type FiatDepositChannel = z.infer<typeof fiatDepositChannel>;

/**
 * A fiat withdrawal: REVIEW (risk review, funds frozen) -> FROZEN (the 24-hour freeze) ->
 * SCHEDULED (waiting for the next Hong Kong business day within banking hours) -> SENDING (asked
 * the bank) -> SENT (the bank's signed confirmation; the funds leave). REFUSED, FAILED and
 * CANCELLED return the funds; the user may cancel in REVIEW and FROZEN.
 */
export const FIAT_WITHDRAWAL_STATES = [
  'REVIEW',
  'FROZEN',
  'SCHEDULED',
  'SENDING',
  'SENT',
  'REFUSED',
  'FAILED',
  'CANCELLED',
] as const;
export const fiatWithdrawalState = z.enum(FIAT_WITHDRAWAL_STATES);
export type FiatWithdrawalState = z.infer<typeof fiatWithdrawalState>;

export const FIAT_AGREEMENT_KINDS = ['TRUST', 'FUND_TRANSFER'] as const;
export const fiatAgreementKind = z.enum(FIAT_AGREEMENT_KINDS);
/** The agreement texts' version: a new version must be accepted again. */
export const FIAT_AGREEMENT_VERSION = '2026-11';

// ---- The partner bank's protocol (what a real bank API adapter would wrap) ----

const money = moneyText();
const base = { eventId: z.string().min(1).max(100), occurredAt: z.string() };

/** Callbacks of the accounts family. `userRef` is the exchange's user id given at opening. */
export const bankAccountEvent = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('account.opened'),
    bankReference: z.string(),
    userRef: z.string(),
    accountNumber: z.string(),
    accountName: z.string(),
    currencies: z.array(z.string()),
  }),
  z.object({
    ...base,
    type: z.literal('account.open_failed'),
    bankReference: z.string(),
    userRef: z.string(),
    reason: z.string(),
  }),
  z.object({ ...base, type: z.literal('ekyc.passed'), bankReference: z.string() }),
  z.object({
    ...base,
    type: z.literal('ekyc.failed'),
    bankReference: z.string(),
    reason: z.string(),
  }),
]);
export type BankAccountEvent = z.infer<typeof bankAccountEvent>;

/** A transfer received on a virtual account. */
export const bankDepositEvent = z.object({
  ...base,
  type: z.literal('transfer.received'),
  transferId: z.string(),
  accountNumber: z.string(),
  currency: z.string(),
  amount: money,
  payerName: z.string(),
  payerAccountNumber: z.string(),
  payerBankCode: z.string().optional(),
  payerSwiftCode: z.string().optional(),
  reference: z.string().optional(),
});
export type BankDepositEvent = z.infer<typeof bankDepositEvent>;

/** The outcome of a transfer the exchange asked the bank to send. */
export const bankTransferEvent = z.discriminatedUnion('type', [
  z.object({
    ...base,
    type: z.literal('transfer.sent'),
    transferId: z.string(),
    requestId: z.string(),
    intermediaryFee: money,
  }),
  z.object({
    ...base,
    type: z.literal('transfer.failed'),
    transferId: z.string(),
    requestId: z.string(),
    reason: z.string(),
  }),
]);
export type BankTransferEvent = z.infer<typeof bankTransferEvent>;

/** What the exchange asks the bank to send (idempotent on requestId = the withdrawal id). */
export const bankTransferRequest = z.object({
  requestId: z.string(),
  fromAccountNumber: z.string().optional(),
  currency: z.string(),
  amount: money,
  beneficiary: z.object({
    name: z.string(),
    accountNumber: z.string(),
    bankName: z.string(),
    bankCode: z.string(),
    swiftCode: z.string(),
    bankAddress: z.string().optional(),
    bankState: z.string().optional(),
    bankCity: z.string().optional(),
    address: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    zip: z.string().optional(),
  }),
  transitBank: z.object({ name: z.string(), swiftCode: z.string() }).optional(),
  callbackUrl: z.string().url().optional(),
});
export type BankTransferRequest = z.infer<typeof bankTransferRequest>;
