import { z } from 'zod';
import { moneyText } from './decimal.js';
import { HONG_KONG_BANKING_HOURS, PARTNER_BANK_CURRENCIES } from './constants.js';
import { fiatWithdrawalState } from './fiat.js';
import {
  addHkBusinessDays,
  hkDate,
  hkInstant,
  isHkBusinessDate,
  HK_UTC_OFFSET_MS,
} from './hk-calendar.js';
import { isCountryCode } from './kyc.js';
import { pageQuery } from './paging.js';
import { text } from './text.js';
import { get, post, put, fillPath } from './endpoint.js';

/**
 * The bank-account whitelist (/accountCenter/bankCardManage) and fiat withdrawals
 * (/withdrawAssets/JYB): paths, shapes and the rules the form and the gateway both check (spec
 * trading-account-domain sections 3, 4, 5, 8, 9).
 */
export const FIAT_WITHDRAWAL_ENDPOINTS = {
  bankAccounts: get('/v1/fiat/bank-accounts'),
  addBankAccount: post('/v1/fiat/bank-accounts'),
  /** Every rule of addBankAccount but the step-up: the form asks for codes only after it. */
  checkBankAccount: post('/v1/fiat/bank-accounts/check'),
  /** PUT with the currencies the account serves (all of them: [] unlinks it) and the codes. */
  bankAccountCurrencies: put('/v1/fiat/bank-accounts/:id/currencies'),
  /** POST with the step-up codes. */
  bankAccountDelete: post('/v1/fiat/bank-accounts/:id/delete'),
  withdrawalPreview: post('/v1/fiat/withdrawals/preview'),
  withdrawals: get('/v1/fiat/withdrawals'),
  withdraw: post('/v1/fiat/withdrawals'),
  withdrawal: get('/v1/fiat/withdrawals/:id'),
  withdrawalCancel: post('/v1/fiat/withdrawals/:id/cancel'),
} as const;
const FW = FIAT_WITHDRAWAL_ENDPOINTS;
export const FIAT_WITHDRAWAL_PATHS = {
  bankAccounts: FW.bankAccounts.path,
  checkBankAccount: FW.checkBankAccount.path,
  bankAccountCurrencies: (id: string) => fillPath(FW.bankAccountCurrencies.path, { id }),
  bankAccountDelete: (id: string) => fillPath(FW.bankAccountDelete.path, { id }),
  withdrawalPreview: FW.withdrawalPreview.path,
  withdrawals: FW.withdrawals.path,
  withdrawal: (id: string) => fillPath(FW.withdrawal.path, { id }),
  withdrawalCancel: (id: string) => fillPath(FW.withdrawalCancel.path, { id }),
} as const;

/** The currencies a bank account can serve and a fiat withdrawal can be made in. */
export const FIAT_WITHDRAWAL_CURRENCIES = PARTNER_BANK_CURRENCIES;
export const fiatWithdrawalCurrency = z.enum(FIAT_WITHDRAWAL_CURRENCIES);
export type FiatWithdrawalCurrency = z.infer<typeof fiatWithdrawalCurrency>;

/**
 * Per currency: the smallest withdrawal, and the intermediary bank fee shown as the estimate
 * (the upper bound of the spec's 10-12 USD; in EUR the same 12 USD at the catalogue's reference
 * rate of 1.16 USD per EUR, rounded up). The bank reports the fee it actually took when it sends.
 */
export const FIAT_WITHDRAWAL_TERMS: Record<
  FiatWithdrawalCurrency,
  { minAmount: string; estimatedFee: string; decimals: number }
> = {
  USD: { minAmount: '100', estimatedFee: '12', decimals: 2 },
  EUR: { minAmount: '100', estimatedFee: '10.35', decimals: 2 },
};

/** Bank accounts per user on the whitelist. */
export const BANK_ACCOUNTS_MAX = 10;
/** Longest text of each bank-account or withdrawal field. */
export const BANK_FIELD_MAX = 100;

// ---- rules shared by the form and the gateway ----

/** SWIFT/BIC: 4 letters (bank), 2 letters (an ISO country), 2 letters or digits, optional 3 more. */
export function isValidSwift(code: string): boolean {
  const m = /^[A-Z]{4}([A-Z]{2})[A-Z0-9]{2}([A-Z0-9]{3})?$/.exec(code);
  return m !== null && isCountryCode(m[1] ?? '') && m[0][7] !== '0';
}

/** An IBAN's mod-97 check (ISO 13616). */
function ibanChecks(iban: string): boolean {
  const moved = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of moved) {
    const v = /[A-Z]/.test(ch) ? String(ch.charCodeAt(0) - 55) : ch;
    for (const d of v) rest = (rest * 10 + Number(d)) % 97;
  }
  return rest === 1;
}

/** Spaces and dashes people type inside account numbers go; letters upper case. */
export function canonicalAccountNumber(value: string): string {
  return value.replace(/[\s-]/g, '').toUpperCase();
}

/**
 * An account number: an IBAN (country code, 2 check digits, up to 30 letters or digits, with a
 * correct mod-97 check) or a domestic number of 6 to 34 letters and digits with at least 4 digits.
 */
export function isValidAccountNumber(value: string): boolean {
  const v = canonicalAccountNumber(value);
  if (/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(v) && isCountryCode(v.slice(0, 2)))
    return ibanChecks(v);
  return /^[A-Z0-9]{6,34}$/.test(v) && (v.match(/\d/g)?.length ?? 0) >= 4;
}

/** A bank code (routing, sort, branch or clearing code): 3 to 11 letters and digits. */
export function isValidBankCode(value: string): boolean {
  return /^[A-Z0-9]{3,11}$/.test(canonicalAccountNumber(value));
}

/**
 * Payment rails that are not bank accounts in the holder's name, refused on the whitelist: the
 * exchange pays out only by bank wire to an account at a bank. Matched as whole words in the bank
 * name, and by the bank part (first 4 letters) of the SWIFT code for the electronic-money and
 * payment institutions that hold SWIFT codes. Extend both lists when a new one shows up.
 */
export const UNSUPPORTED_RAIL_WORDS = [
  'PAYPAL',
  'WISE',
  'TRANSFERWISE',
  'REVOLUT',
  'PAYONEER',
  'SKRILL',
  'NETELLER',
  'ALIPAY',
  'WECHAT',
  'WECHATPAY',
  'AIRWALLEX',
  'VENMO',
  'CASHAPP',
  'ZELLE',
  'WESTERN UNION',
  'MONEYGRAM',
  'PAYSAFE',
  'COINBASE',
  'BINANCE',
  'KRAKEN',
  'CRYPTO',
  'E-WALLET',
  'EWALLET',
  'WALLET',
  'PREPAID',
] as const;
export const UNSUPPORTED_RAIL_SWIFT_BANKS = [
  'TRWI', // Wise
  'REVO', // Revolut
  'PAYO', // Payoneer
  'ARWA', // Airwallex
  'PPLX', // PayPal
  'SKRL', // Skrill
] as const;

export function isUnsupportedRail(bankName: string, swiftCode: string): boolean {
  const name = ` ${bankName.toUpperCase().replace(/[^A-Z0-9-]+/g, ' ')} `;
  if (UNSUPPORTED_RAIL_WORDS.some((w) => name.includes(` ${w} `))) return true;
  return (UNSUPPORTED_RAIL_SWIFT_BANKS as readonly string[]).includes(swiftCode.slice(0, 4));
}

const TITLES = new Set(['MR', 'MRS', 'MS', 'MISS', 'MX', 'DR', 'PROF', 'SIR', 'MADAM', 'MDM']);
const COMPANY_FORMS: Record<string, string> = {
  LIMITED: 'LTD',
  COMPANY: 'CO',
  CORPORATION: 'CORP',
  INCORPORATED: 'INC',
  PRIVATE: 'PTE',
};

/**
 * A holder name reduced for comparison: upper case, accents and punctuation gone, spaces
 * collapsed, personal titles dropped and company forms abbreviated ("Limited" = "Ltd.").
 */
export function normalizeHolderName(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/[.,'’"()]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !TITLES.has(w))
    .map((w) => COMPANY_FORMS[w] ?? w)
    .join(' ');
}

/**
 * Whether the holder names more than one person: "A and B", "A & B", "A/B", "A + B", "A; B",
 * "JT", "JTWROS", "Joint", "or", and the same words in French and German ("et", "und", "ou").
 */
export function isJointHolder(name: string): boolean {
  if (/[&+/;]/.test(name)) return true;
  const words = name.toUpperCase().split(/[\s,.]+/);
  return words.some((w) =>
    ['AND', 'OR', 'JT', 'JTWROS', 'JOINT', 'ET', 'UND', 'OU', 'ITF', 'TTEE'].includes(w),
  );
}

/**
 * Whether a holder matches the verified identity: the same words after normalising, in any
 * order (family name first or last), for an individual with or without the middle name.
 */
export function holderMatches(holder: string, identities: string[]): boolean {
  const words = (v: string) => normalizeHolderName(v).split(' ').sort().join(' ');
  const h = words(holder);
  return h.length > 0 && identities.some((id) => words(id) === h);
}

/**
 * When a withdrawal whose 24-hour freeze ends at `releaseAt` goes to the bank: at `releaseAt`
 * itself inside Hong Kong banking hours of a business day, else at the opening of the next
 * banking window (09:00 the same business day if earlier, otherwise the next business day).
 */
export function nextBankingInstant(releaseAt: Date | number): Date {
  const at = new Date(releaseAt).getTime();
  const date = hkDate(at);
  const { startHour, endHour } = HONG_KONG_BANKING_HOURS;
  if (isHkBusinessDate(date)) {
    const hour = new Date(at + HK_UTC_OFFSET_MS).getUTCHours();
    if (hour < startHour) return hkInstant(date, startHour);
    if (hour < endHour) return new Date(at);
  }
  return hkInstant(addHkBusinessDays(at, 1), startHour);
}

// ---- bank accounts ----

const stepUp = {
  googleCode: text().max(16).optional().describe('Code of the linked Google Authenticator'),
  emailCode: text().max(16).optional().describe('E-mail code of the STEP_UP purpose'),
};
/** Field texts are checked by the service, so each mistake answers with its own message. */
const field = text().max(1000);

export const bankAccountRequest = z.strictObject({
  holderName: field,
  accountNumber: field,
  bankName: field,
  bankCode: field,
  swiftCode: field,
  bankAddress: field,
  currencies: z.array(fiatWithdrawalCurrency).max(FIAT_WITHDRAWAL_CURRENCIES.length),
  ...stepUp,
});
export type BankAccountRequest = z.infer<typeof bankAccountRequest>;
export const bankAccountCheckRequest = bankAccountRequest.omit({
  googleCode: true,
  emailCode: true,
});
export type BankAccountCheckRequest = z.infer<typeof bankAccountCheckRequest>;

export const bankAccountCurrenciesRequest = z.strictObject({
  currencies: z.array(fiatWithdrawalCurrency).max(FIAT_WITHDRAWAL_CURRENCIES.length),
  ...stepUp,
});
export type BankAccountCurrenciesRequest = z.infer<typeof bankAccountCurrenciesRequest>;

export const bankAccountStepUp = z.strictObject(stepUp);

export const bankAccount = z.object({
  id: z.string(),
  holderName: z.string(),
  /** The full number (the owner's own page); masked elsewhere (notices, history). */
  accountNumber: z.string(),
  maskedAccountNumber: z.string(),
  bankName: z.string(),
  bankCode: z.string(),
  swiftCode: z.string(),
  bankAddress: z.string(),
  currencies: z.array(z.string()),
  linked: z.boolean(),
  verified: z.boolean(),
  verifiedAt: z.string().nullable(),
  /** After the first transfer to or from it, its currency link cannot change. */
  linkLocked: z.boolean(),
  firstTransferAt: z.string().nullable(),
  createdAt: z.string(),
});
export type BankAccount = z.infer<typeof bankAccount>;

/** "****6789": the last four characters of an account number. */
export function maskAccountNumber(n: string): string {
  return `****${n.slice(-4)}`;
}

// ---- withdrawals ----

const amount = moneyText();

export const fiatWithdrawalPreviewRequest = z.strictObject({
  currency: fiatWithdrawalCurrency,
  amount,
});
export type FiatWithdrawalPreviewRequest = z.infer<typeof fiatWithdrawalPreviewRequest>;

export const fiatWithdrawalPreview = z.object({
  currency: z.string(),
  amount: z.string(),
  available: z.string(),
  minAmount: z.string(),
  /** The intermediary bank fee's upper estimate, borne by the user. */
  estimatedFee: z.string(),
  estimatedReceived: z.string(),
  /** The linked bank account of the currency (null: none, 6002). */
  bankAccount: bankAccount.nullable(),
  /** When it would reach the bank if requested now (review, 24-hour freeze, banking day). */
  estimatedSendAt: z.string(),
});
export type FiatWithdrawalPreview = z.infer<typeof fiatWithdrawalPreview>;

export const fiatWithdrawalRequest = z.strictObject({
  clientRequestId: text().min(1).max(64),
  currency: fiatWithdrawalCurrency,
  amount,
  accountName: field,
  swiftCode: field,
  bankState: field.optional(),
  bankCity: field,
  recipientAddress: field,
  recipientCity: field,
  recipientState: field.optional(),
  recipientZip: field,
  transitBankName: field.optional(),
  transitSwiftCode: field.optional(),
  ...stepUp,
});
export type FiatWithdrawalRequest = z.infer<typeof fiatWithdrawalRequest>;

export const fiatWithdrawal = z.object({
  id: z.string(),
  clientRequestId: z.string(),
  currency: z.string(),
  amount: z.string(),
  estimatedFee: z.string(),
  estimatedReceived: z.string(),
  /** The fee the intermediary bank took, and what arrived, once sent. */
  actualFee: z.string().nullable(),
  received: z.string().nullable(),
  bankAccountId: z.string(),
  maskedAccountNumber: z.string(),
  bankName: z.string(),
  accountName: z.string(),
  swiftCode: z.string(),
  bankState: z.string().nullable(),
  bankCity: z.string().nullable(),
  recipientAddress: z.string().nullable(),
  recipientCity: z.string().nullable(),
  recipientState: z.string().nullable(),
  recipientZip: z.string().nullable(),
  transitBankName: z.string().nullable(),
  transitSwiftCode: z.string().nullable(),
  status: fiatWithdrawalState,
  reason: z.string().nullable(),
  reviewDueAt: z.string(),
  releaseAt: z.string().nullable(),
  scheduledFor: z.string().nullable(),
  bankTransferId: z.string().nullable(),
  cancellable: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  sentAt: z.string().nullable(),
});
export type FiatWithdrawal = z.infer<typeof fiatWithdrawal>;

export const FIAT_WITHDRAWAL_CANCELLABLE = ['REVIEW', 'FROZEN'] as const;
export const FIAT_WITHDRAWAL_FINAL = ['SENT', 'REFUSED', 'FAILED', 'CANCELLED'] as const;

export const fiatWithdrawalQuery = pageQuery.extend({
  currency: fiatWithdrawalCurrency.optional(),
  status: fiatWithdrawalState.optional(),
});
export type FiatWithdrawalQuery = z.infer<typeof fiatWithdrawalQuery>;

/** What the bank's transfers callback answers. */
export const bankCallbackAck = z.object({ received: z.boolean(), duplicate: z.boolean() });
export type BankCallbackAck = z.infer<typeof bankCallbackAck>;
