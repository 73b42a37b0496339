import { z } from 'zod';
import { moneyText } from './decimal.js';
import { pageQuery } from './paging.js';
import { text } from './text.js';
import { get, post, fillPath } from './endpoint.js';

/**
 * Flash remittance (/flashRemittance/initiateFlash): a platform-internal fiat transfer to
 * another verified user on the sender's flash whitelist, which the recipient must agree to within
 * 12 hours (spec trading-account-domain sections 1-6, 8, 9). Processing issues the USD value as
 * CDC to the recipient and sells it back at par (see CDC_ASSET); the service fee is taken from
 * what the recipient receives. Every route is under /v1/flash-remittance; the ones that move
 * money or change the whitelist take the step-up codes.
 */
export const FLASH_REMITTANCE_ENDPOINTS = {
  whitelist: get('/v1/flash-remittance/whitelist'),
  addWhitelist: post('/v1/flash-remittance/whitelist'),
  /** POST with the step-up codes. */
  whitelistDelete: post('/v1/flash-remittance/whitelist/:id/delete'),
  /** The fiat currencies the user holds, with what is available of each. */
  currencies: get('/v1/flash-remittance/currencies'),
  /** The user's sent (`side=SENT`) or received ones, paged. */
  remittances: get('/v1/flash-remittance/remittances'),
  /** Initiate (step-up). */
  remit: post('/v1/flash-remittance/remittances'),
  remittance: get('/v1/flash-remittance/remittances/:id'),
  /** The sender withdraws the request while it awaits the recipient. */
  cancel: post('/v1/flash-remittance/remittances/:id/cancel'),
  /** The recipient agrees (it is processed at once) or rejects (an optional reason). */
  agree: post('/v1/flash-remittance/remittances/:id/agree'),
  reject: post('/v1/flash-remittance/remittances/:id/reject'),
} as const;
const FR = FLASH_REMITTANCE_ENDPOINTS;
export const FLASH_REMITTANCE_PATHS = {
  whitelist: FR.whitelist.path,
  whitelistDelete: (id: string) => fillPath(FR.whitelistDelete.path, { id }),
  currencies: FR.currencies.path,
  remittances: FR.remittances.path,
  remittance: (id: string) => fillPath(FR.remittance.path, { id }),
  cancel: (id: string) => fillPath(FR.cancel.path, { id }),
  agree: (id: string) => fillPath(FR.agree.path, { id }),
  reject: (id: string) => fillPath(FR.reject.path, { id }),
} as const;

/**
 * CDC, "Cash Delivery Certificate": the exchange's internal settlement token, 1 CDC = 1 USD, 2
 * decimals, not tradable, not depositable or withdrawable. A remittance's value passes through
 * the recipient as CDC within one ledger transaction, so a CDC balance never stays non-zero.
 */
/**
 * The web page where the recipient agrees to or rejects a remittance (and the sender follows it):
 * the client's route, and the link of the recipient's e-mail.
 */
export const FLASH_CONFIRM_PAGE = '/flashRemittance/confirm/:id';
export const flashConfirmPage = (id: string) => fillPath(FLASH_CONFIRM_PAGE, { id });

export const CDC_ASSET = 'CDC';
export const CDC_DECIMALS = 2;

/** The whitelist notes: 2 to 30 characters (spec sections 3 and 5). */
export const FLASH_WHITELIST_MAX_ENTRIES = 50;
/** The optional message to the recipient and the optional reason of a rejection. */
export const FLASH_MESSAGE_MAX = 100;

/**
 * AWAITING_RECIPIENT (frozen, 12 hours for the recipient) -> PROCESSING (agreed) -> COMPLETED;
 * or TERMINATED (rejected, expired or cancelled by the sender: `terminationReason`), funds back.
 */
export const FLASH_REMITTANCE_STATES = [
  'AWAITING_RECIPIENT',
  'PROCESSING',
  'COMPLETED',
  'TERMINATED',
] as const;
export const flashRemittanceState = z.enum(FLASH_REMITTANCE_STATES);
export type FlashRemittanceState = z.infer<typeof flashRemittanceState>;
export const FLASH_TERMINATION_REASONS = ['REJECTED', 'EXPIRED', 'CANCELLED'] as const;
export const flashTerminationReason = z.enum(FLASH_TERMINATION_REASONS);
export type FlashTerminationReason = z.infer<typeof flashTerminationReason>;

const stepUp = {
  googleCode: text().max(16).optional().describe('Code of the linked Google Authenticator'),
  emailCode: text().max(16).optional().describe('E-mail code of the STEP_UP purpose'),
};
const amount = moneyText();

// ---- whitelist ----

export const flashWhitelistRequest = z.strictObject({
  /** The recipient's UID or e-mail address. */
  recipient: text().max(254),
  /** Checked by the service: 5004 "Please enter 2-30 character Note", 5005 past 100. */
  note: text().max(1000),
  ...stepUp,
});
export type FlashWhitelistRequest = z.infer<typeof flashWhitelistRequest>;
export const flashStepUp = z.strictObject(stepUp);

export const flashWhitelistEntry = z.object({
  id: z.string(),
  uid: z.string(),
  maskedEmail: z.string(),
  note: z.string(),
  createdAt: z.string(),
});
export type FlashWhitelistEntry = z.infer<typeof flashWhitelistEntry>;

/** "ab***@example.com": the first two characters of the local part. */
export function maskEmail(email: string): string {
  const at = email.indexOf('@');
  if (at < 0) return `${email.slice(0, 2)}***`;
  return `${email.slice(0, Math.min(2, at))}***${email.slice(at)}`;
}

// ---- remittances ----

export const flashCurrency = z.object({
  currency: z.string(),
  available: z.string(),
  decimals: z.number().int(),
});
export const flashCurrencies = z.object({
  currencies: z.array(flashCurrency),
  /** The service fee rate (decimal string; "0": free, as advertised). */
  feeRate: z.string(),
  /** How long the recipient has to agree (logical milliseconds). */
  approvalWindowMs: z.number().int(),
});
export type FlashCurrencies = z.infer<typeof flashCurrencies>;

export const flashRemittanceRequest = z.strictObject({
  clientRequestId: text().min(1).max(64),
  /** The whitelist entry of the recipient. */
  whitelistId: z.uuid(),
  currency: text().max(16),
  amount,
  message: text().max(1000).optional(),
  ...stepUp,
});
export type FlashRemittanceRequest = z.infer<typeof flashRemittanceRequest>;

export const flashRejectRequest = z.strictObject({ reason: text().max(1000).optional() });
export type FlashRejectRequest = z.infer<typeof flashRejectRequest>;

const party = z.object({ uid: z.string(), maskedEmail: z.string() });

export const flashRemittance = z.object({
  id: z.string(),
  clientRequestId: z.string(),
  /** Which side the caller is on. */
  side: z.enum(['SENT', 'RECEIVED']),
  sender: party,
  recipient: party,
  /** The sender's note of the recipient (the sender's view only). */
  note: z.string().nullable(),
  currency: z.string(),
  amount: z.string(),
  /** The service fee and what the recipient receives (estimated until completed). */
  fee: z.string(),
  received: z.string(),
  /** The USD value issued and sold back as CDC at processing (null until then). */
  cdcAmount: z.string().nullable(),
  message: z.string().nullable(),
  status: flashRemittanceState,
  terminationReason: flashTerminationReason.nullable(),
  rejectReason: z.string().nullable(),
  expiresAt: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  completedAt: z.string().nullable(),
});
export type FlashRemittance = z.infer<typeof flashRemittance>;

export const flashRemittanceQuery = pageQuery.extend({
  side: z.enum(['SENT', 'RECEIVED']).default('SENT'),
  status: flashRemittanceState.optional(),
  currency: text().max(16).optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional().describe('Epoch ms'),
});
export type FlashRemittanceQuery = z.infer<typeof flashRemittanceQuery>;
