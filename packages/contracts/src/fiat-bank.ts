import { z } from 'zod';
import { moneyText } from './decimal.js';
import { partnerBankAccountState, bankTransferRequest } from './fiat.js';
import { get, post, pathsOf } from './endpoint.js';

/**
 * The partner bank's API as the exchange calls it (apps/gateway features/fiat/fiat-bank/bank-adapter.ts;
 * simulated by apps/matching-sim src/sim/bank), and the user-facing partner-bank account routes
 * under /v1/fiat/bank-account. Every call to the bank is signed like its callbacks (HMAC-SHA256 of
 * `<unix seconds>.<raw body>`, or of the path for a GET).
 */

/** The bank's own details, shown with the virtual account number on the deposit page. */
export const PARTNER_BANK_DETAILS = {
  bankName: 'Harbour Partner Bank (Hong Kong) Limited',
  bankCode: '392',
  swiftCode: 'HPBKHKHHXXX',
  bankAddress: '18 Harbour Road, Wan Chai, Hong Kong',
} as const;

/** Who the account is for: the verified identity's summary, never documents. */
export const bankOpenAccountRequest = z.object({
  /** The exchange's user id; the bank echoes it in `account.opened` / `account.open_failed`. */
  userRef: z.string().min(1).max(100),
  /** The verified holder name, as the bank will print it. */
  name: z.string().min(1).max(200),
  identity: z.object({
    kind: z.enum(['INDIVIDUAL', 'INSTITUTION']),
    nationality: z.string().max(60).nullable(),
    country: z.string().max(60).nullable(),
    birthDate: z.string().max(20).nullable(),
    idType: z.string().max(30).nullable(),
    /** Last four characters of the identity document's number. */
    idNumberLast4: z.string().max(4).nullable(),
  }),
  currencies: z.array(z.enum(['USD', 'EUR'])).min(1),
  /** The exchange's public base address; the bank posts to BANK_CALLBACK_PATHS under it. */
  callbackBaseUrl: z.string().url().optional(),
});
export type BankOpenAccountRequest = z.infer<typeof bankOpenAccountRequest>;
export const bankOpenAccountAnswer = z.object({
  bankReference: z.string(),
  status: z.enum(['PENDING', 'OPEN', 'REJECTED']),
});
export type BankOpenAccountAnswer = z.infer<typeof bankOpenAccountAnswer>;

/** `POST /accounts/:ref/ekyc-link`: where the user returns after the bank's page (optional). */
export const bankEkycLinkRequest = z.object({ returnUrl: z.string().url().optional() });
export const bankEkycLinkAnswer = z.object({
  url: z.string().url(),
  expiresAt: z.string(),
});
export type BankEkycLinkAnswer = z.infer<typeof bankEkycLinkAnswer>;

export const bankTransferAnswer = z.object({ transferId: z.string() });

/** `POST /transfers/return`: an incoming transfer the exchange refused, sent back whole. */
export const bankReturnRequest = z.object({
  transferId: z.string().min(1),
  reason: z.string().min(1),
});
export const bankReturnAnswer = z.object({ returnId: z.string() });

/** The bank's final no (HTTP 422 with this body); anything else that fails is worth retrying. */
export const bankRefusal = z.object({ refused: z.literal(true), reason: z.string() });

/** The bank's sandbox: an incoming transfer to a virtual account (developers and tests). */
export const bankSandboxIncoming = z.object({
  accountNumber: z.string().min(1).max(40),
  currency: z.string().min(3).max(3),
  amount: moneyText({
    decimals: 2,
    formatMessage: 'amount: a positive number, at most 2 decimals',
  }),
  payerName: z.string().min(1).max(140),
  payerAccountNumber: z.string().min(1).max(40),
  payerBankCode: z.string().max(20).optional(),
  payerSwiftCode: z.string().max(11).optional(),
  reference: z.string().max(140).optional(),
});
export type BankSandboxIncoming = z.infer<typeof bankSandboxIncoming>;

/** The sandbox's other commands: how the next account opening ends, */
export const bankOpenOutcomeRequest = z.object({
  ok: z.boolean(),
  reason: z.string().max(500).nullable(),
});
/** a scheduled outgoing transfer the bank refuses, */
export const bankFailTransferRequest = z.object({
  requestId: z.string().min(1),
  reason: z.string().max(500),
});
/** and the bank's clock moved (epoch milliseconds). */
export const bankClockRequest = z.object({ at: z.number().int().positive() });

export { bankTransferRequest };

// ---- The user's routes: /v1/fiat/bank-account ----

export const PARTNER_BANK_ACCOUNT_ENDPOINTS = {
  status: get('/v1/fiat/bank-account'),
  open: post('/v1/fiat/bank-account/open'),
  ekycLink: post('/v1/fiat/bank-account/ekyc-link'),
} as const;
export const PARTNER_BANK_ACCOUNT_PATHS = pathsOf(PARTNER_BANK_ACCOUNT_ENDPOINTS);

export const partnerBankFeeKind = z.enum(['OPENING', 'MONTHLY']);
/**
 * A fee's state: CHARGED (taken from the available balance when due: 917001 / 917002), OWED
 * (the balance did not cover it: nothing moved), DEDUCTED (taken later from a deposit: 917003 /
 * 917004).
 */
export const partnerBankFeeState = z.enum(['CHARGED', 'OWED', 'DEDUCTED']);
export const partnerBankFee = z.object({
  kind: partnerBankFeeKind,
  /** The Hong Kong month (YYYY-MM) of a monthly fee; null for the opening fee. */
  period: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  state: partnerBankFeeState,
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type PartnerBankFee = z.infer<typeof partnerBankFee>;

export const partnerBankAccountView = z.object({
  /** NONE: never applied. */
  state: z.union([partnerBankAccountState, z.literal('NONE')]),
  currencies: z.array(z.string()),
  accountNumber: z.string().nullable(),
  accountName: z.string().nullable(),
  bank: z.object({
    bankName: z.string(),
    bankCode: z.string(),
    swiftCode: z.string(),
    bankAddress: z.string(),
  }),
  failureReason: z.string().nullable(),
  ekyc: z
    .object({
      url: z.string(),
      expiresAt: z.string(),
      /** Past its hour: the user may regenerate it. */
      expired: z.boolean(),
    })
    .nullable(),
  /** Whether a new e-KYC link may be asked for now (none yet, expired, or e-KYC failed). */
  canRegenerateLink: z.boolean(),
  fees: z.object({
    currency: z.string(),
    opening: z.string(),
    monthly: z.string(),
    /** What is owed (not yet covered by the balance), summed. */
    owed: z.string(),
    history: z.array(partnerBankFee),
  }),
  openedAt: z.string().nullable(),
  activatedAt: z.string().nullable(),
});
export type PartnerBankAccountView = z.infer<typeof partnerBankAccountView>;
