import { z } from 'zod';
import { moneyText } from './decimal.js';
import { FIAT_DEPOSIT_CURRENCIES } from './constants.js';
import {
  fiatAgreementKind,
  fiatDepositChannel,
  fiatDepositState,
  fiatWithdrawalState,
} from './fiat.js';
import { pageQuery } from './paging.js';
import { get, post, pathsOf } from './endpoint.js';

/**
 * Fiat deposits: by card through the card processor, by bank transfer to the user's virtual
 * account at the partner bank; the two agreements accepted before either; and the fiat history
 * that lists deposits and withdrawals together. Every route is under /v1/fiat.
 */

export const FIAT_DEPOSIT_ENDPOINTS = {
  agreements: get('/v1/fiat/agreements'),
  agree: post('/v1/fiat/agreements'),
  bankInstructions: get('/v1/fiat/deposit/bank-instructions'),
  cardPreview: get('/v1/fiat/deposit/card/preview'),
  cardCharge: post('/v1/fiat/deposit/card'),
  deposit: get('/v1/fiat/deposits/:id'),
  history: get('/v1/fiat/history'),
  historyExport: get('/v1/fiat/history/export'),
  /** The card channel's signed callback. */
  cardCallback: post('/v1/fiat/public/card/callback'),
} as const;
export const FIAT_DEPOSIT_PATHS = {
  ...pathsOf(FIAT_DEPOSIT_ENDPOINTS),
  /** One deposit is `${deposits}/<id>` (FIAT_DEPOSIT_ENDPOINTS.deposit). */
  deposits: '/v1/fiat/deposits',
} as const;

const money = moneyText();
export const fiatDepositCurrency = z.enum(FIAT_DEPOSIT_CURRENCIES);
export type FiatDepositCurrency = z.infer<typeof fiatDepositCurrency>;

/** Minor units of each deposit currency: fees round up to the currency's cent (JPY: the yen). */
export function fiatDecimals(currency: string): number {
  return currency === 'JPY' ? 0 : 2;
}

// ---- the card processor (what a real acquirer's API adapter would wrap) ----

/**
 * The processor's test cards (its sandbox, like any acquirer's): every number passes the Luhn
 * check. Any future expiry and any 3-digit CVC work, except CVC 000 (refused as wrong).
 */
export const TEST_CARDS = {
  /** Charged at once. */
  SUCCEEDS: '4242424242424242',
  /** Declined by the issuer (insufficient funds). */
  DECLINED: '4000000000000002',
  /** Asks the cardholder to confirm (3-D Secure style) on the processor's page. */
  REQUIRES_ACTION: '4000000000003220',
  /** A Mastercard that is charged at once. */
  SUCCEEDS_MASTERCARD: '5555555555554444',
} as const;
/** The CVC the processor's sandbox treats as wrong. */
export const TEST_CARD_BAD_CVC = '000';

/** The Luhn check of a card number (digits only). */
export function luhnValid(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'UNIONPAY', 'JCB', 'OTHER'] as const;
export type CardBrand = (typeof CARD_BRANDS)[number];
export function cardBrand(number: string): CardBrand {
  if (/^4/.test(number)) return 'VISA';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'MASTERCARD';
  if (/^3[47]/.test(number)) return 'AMEX';
  if (/^62/.test(number)) return 'UNIONPAY';
  if (/^35/.test(number)) return 'JCB';
  return 'OTHER';
}

/** Card details as typed: spaces and dashes in the number are dropped; expiry MM/YY. */
export const cardDetails = z.object({
  number: z
    .string()
    .transform((s) => s.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/)),
  expiry: z.string().regex(/^(0[1-9]|1[0-2])\/\d{2}$/),
  cvc: z.string().regex(/^\d{3,4}$/),
  holder: z.string().trim().min(2).max(100),
});
export type CardDetails = z.infer<typeof cardDetails>;

/** Whether an MM/YY expiry has passed at `now` (a card is valid to the end of its month). */
export function cardExpired(expiry: string, now: Date): boolean {
  const [mm, yy] = expiry.split('/').map(Number);
  const endOfMonth = Date.UTC(2000 + (yy ?? 0), mm ?? 0, 1);
  return now.getTime() >= endOfMonth;
}

/** `POST /charges` to the processor: idempotent on requestId (a repeat answers the same charge). */
export const cardChargeRequest = z.object({
  requestId: z.string().min(1).max(100),
  card: cardDetails,
  amount: money,
  currency: z.string().length(3),
  /** Where the processor's confirmation page sends the cardholder back. */
  returnUrl: z.string().url(),
  /** Where the processor reports the outcome of a charge that needed confirmation. */
  callbackUrl: z.string().url().optional(),
});
export type CardChargeRequest = z.infer<typeof cardChargeRequest>;

export const cardChargeStatus = z.enum(['succeeded', 'declined', 'requires_action']);
export const cardChargeResponse = z.object({
  chargeId: z.string(),
  status: cardChargeStatus,
  /** The processor's own confirmation page (requires_action only). */
  actionUrl: z.string().url().optional(),
  /** Why it was declined: card_declined, expired_card, incorrect_cvc, invalid_number. */
  declineCode: z.string().optional(),
  brand: z.enum(CARD_BRANDS),
  last4: z.string().length(4),
});
export type CardChargeResponse = z.infer<typeof cardChargeResponse>;

/** `POST /charges/cancel`: the merchant cancels a charge still waiting for the cardholder. */
export const cardCancelRequest = z.object({ chargeId: z.string().min(1) });
/** A charge's state after a cancel: DECLINED, or the cardholder's answer when it came first. */
export const cardCancelAnswer = z.object({
  state: z.enum(['REQUIRES_ACTION', 'SUCCEEDED', 'DECLINED']),
});
/** `POST /charges/refund`: the whole amount back to the card; idempotent. */
export const cardRefundRequest = z.object({
  chargeId: z.string().min(1),
  reason: z.string().min(1),
});
export const cardRefundAnswer = z.object({ state: z.string() });
/** `POST /resolve` (the `sim:card` command): confirms or declines as the cardholder would. */
export const cardResolveRequest = z.object({ chargeId: z.string().min(1), confirm: z.boolean() });

/** The processor's signed callbacks at CARD_CALLBACK_PATH (a confirmed or cancelled charge). */
const cardEventBase = {
  eventId: z.string().min(1).max(100),
  occurredAt: z.string(),
  chargeId: z.string(),
  requestId: z.string(),
  amount: money,
  currency: z.string(),
};
export const cardCallbackEvent = z.discriminatedUnion('type', [
  z.object({ ...cardEventBase, type: z.literal('charge.succeeded') }),
  z.object({ ...cardEventBase, type: z.literal('charge.declined'), reason: z.string() }),
]);
export type CardCallbackEvent = z.infer<typeof cardCallbackEvent>;

// ---- REST: agreements ----

export const fiatAgreementStatus = z.object({
  version: z.string(),
  /** When each agreement of this version was accepted; null: not yet. */
  accepted: z.object({ TRUST: z.string().nullable(), FUND_TRANSFER: z.string().nullable() }),
  /** Both accepted: the deposit details and the card form may be shown. */
  complete: z.boolean(),
});
export type FiatAgreementStatus = z.infer<typeof fiatAgreementStatus>;
export const acceptFiatAgreementsRequest = z.object({
  version: z.string(),
  kinds: z.array(fiatAgreementKind).min(1),
});

// ---- REST: bank deposit instructions ----

export const bankDepositInstructions = z.object({
  /** NOT_OPEN: no partner-bank account yet; otherwise its state (ACTIVE shows the details). */
  status: z.enum(['NOT_OPEN', 'OPENING', 'OPEN_FAILED', 'EKYC_PENDING', 'EKYC_FAILED', 'ACTIVE']),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  bankName: z.string(),
  swiftCode: z.string(),
  bankCode: z.string(),
  bankAddress: z.string(),
  currencies: z.array(z.string()),
  /** What the payer writes as the transfer's reference (the user's UID). */
  reference: z.string(),
  /** The whitelisted bank account per currency, if any (a deposit from it verifies it). */
  linkedAccounts: z.array(
    z.object({
      currency: z.string(),
      holderName: z.string(),
      accountNumberMasked: z.string(),
      bankName: z.string(),
      verified: z.boolean(),
    }),
  ),
});
export type BankDepositInstructions = z.infer<typeof bankDepositInstructions>;

// ---- REST: card deposits ----

export const cardDepositPreviewQuery = z.object({
  currency: fiatDepositCurrency,
  amount: money,
});
export const cardDepositPreview = z.object({
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  credited: z.string(),
  feeRate: z.string(),
  fixedFeeUsd: z.string(),
  /** The largest single recharge in this currency (1,000,000 USD's equivalent). */
  maxAmount: z.string(),
});
export type CardDepositPreview = z.infer<typeof cardDepositPreview>;

export const cardDepositRequest = z.object({
  /** The client's id of this attempt: a retry answers the same deposit and charges once. */
  requestId: z.uuid(),
  currency: fiatDepositCurrency,
  amount: money,
  card: cardDetails,
});

export const fiatDeposit = z.object({
  id: z.string(),
  channel: fiatDepositChannel,
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  credited: z.string(),
  state: fiatDepositState,
  reason: z.string().nullable(),
  cardBrand: z.string().nullable(),
  cardLast4: z.string().nullable(),
  payerName: z.string().nullable(),
  payerAccountMasked: z.string().nullable(),
  /** The 3-D Secure style confirmation page (REQUIRES_ACTION only). */
  actionUrl: z.string().nullable(),
  reviewDueAt: z.string().nullable(),
  creditedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FiatDeposit = z.infer<typeof fiatDeposit>;
export const fiatDepositIdParams = z.object({ id: z.uuid() });

// ---- REST: fiat history (deposits and withdrawals) ----

export const fiatHistoryType = z.enum(['DEPOSIT', 'WITHDRAWAL']);
export type FiatHistoryType = z.infer<typeof fiatHistoryType>;
export const FIAT_HISTORY_STATES = [
  ...new Set([...fiatDepositState.options, ...fiatWithdrawalState.options]),
] as [string, ...string[]];

const historyFilters = {
  type: fiatHistoryType.optional(),
  currency: z.string().length(3).optional(),
  state: z.enum(FIAT_HISTORY_STATES).optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
};
export const fiatHistoryQuery = pageQuery.extend(historyFilters);
export type FiatHistoryQuery = z.infer<typeof fiatHistoryQuery>;
export const fiatHistoryExportQuery = z.object(historyFilters);

export const fiatHistoryItem = z.object({
  id: z.string(),
  type: fiatHistoryType,
  /** CARD or BANK for deposits; BANK for withdrawals. */
  channel: z.string(),
  currency: z.string(),
  amount: z.string(),
  fee: z.string(),
  /** Credited (deposit) or estimated / actually received (withdrawal). */
  net: z.string(),
  state: z.string(),
  /** Card brand and last 4, or the masked bank account. */
  account: z.string().nullable(),
  reason: z.string().nullable(),
  /** A refused deposit whose money went back to the payer (the bank's return, the card's refund). */
  returned: z.boolean().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FiatHistoryItem = z.infer<typeof fiatHistoryItem>;

/** A bank account number shown with its last 4 only. */
export function maskAccount(number: string | null | undefined): string | null {
  if (!number) return null;
  // The last four digits or letters: separators ("004-123456-789") are not part of the number.
  return `•••• ${number.replace(/[^0-9A-Za-z]/g, '').slice(-4)}`;
}
