import { z } from 'zod';
import {
  CARD_CHANNEL_FEE_RATE,
  CARD_CHANNEL_FIXED_FEE_USD,
  CRYPTO_WITHDRAWAL_FEE_RATE,
  INTERMEDIARY_BANK_FEE_USD,
  MAX_CARD_RECHARGE_USD,
  PARTNER_BANK_FEE_CURRENCY,
  PARTNER_BANK_MONTHLY_FEE_USD,
  PARTNER_BANK_OPENING_FEE_USD,
  QUERY_HISTORY_MONTHS,
} from './constants.js';
import { FLOW_GROUPS, FlowType, type FlowTypeCode } from './ledger.js';
import { pageQuery } from './paging.js';
import { text } from './text.js';
import { get, pathsOf } from './endpoint.js';

/** Fee reports and statements: `/v1/fees` (schedule, fees paid) and `/v1/report` (statements, fund flow). */
export const FEES_ENDPOINTS = {
  schedule: get('/v1/fees/public/schedule'),
  paid: get('/v1/fees/paid'),
} as const;
export const FEES_PATHS = pathsOf(FEES_ENDPOINTS);

export const REPORT_ENDPOINTS = {
  months: get('/v1/report/statement/months'),
  statement: get('/v1/report/statement'),
  statementCsv: get('/v1/report/statement.csv'),
  statementPdf: get('/v1/report/statement.pdf'),
  flows: get('/v1/report/flows'),
  /** The flow types the user's flows of a mode have in the last 6 months: the filter's choices. */
  flowTypes: get('/v1/report/flow-types'),
  flowsCsv: get('/v1/report/flows.csv'),
} as const;
export const REPORT_PATHS = pathsOf(REPORT_ENDPOINTS);

const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

// ---- Time: months and days of Hong Kong ----

/**
 * Statements and fee periods follow Hong Kong time (UTC+8 all year: Hong Kong has kept no daylight
 * saving time since 1979), the exchange's home and the zone of its banking days and batch
 * windows. A month is [first day 00:00 HKT, first day of the next month 00:00 HKT).
 */
export const REPORT_TIME_ZONE = 'Asia/Hong_Kong';
export const REPORT_UTC_OFFSET_MS = 8 * 3600_000;

/** `YYYY-MM`, a calendar month of Hong Kong. */
export const reportMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'month must be YYYY-MM')
  .describe('A calendar month of Hong Kong time, YYYY-MM');

/** The instants a Hong Kong month starts and ends at (end exclusive). */
export function monthRange(month: string): { from: Date; to: Date } {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return {
    from: new Date(Date.UTC(y, m - 1, 1) - REPORT_UTC_OFFSET_MS),
    to: new Date(Date.UTC(y, m, 1) - REPORT_UTC_OFFSET_MS),
  };
}

/** The Hong Kong month an instant falls in. */
export function monthOf(at: Date | number | string): string {
  return new Date(new Date(at).getTime() + REPORT_UTC_OFFSET_MS).toISOString().slice(0, 7);
}

/** The Hong Kong day (`YYYY-MM-DD`) an instant falls in. */
export function dayOf(at: Date | number | string): string {
  return new Date(new Date(at).getTime() + REPORT_UTC_OFFSET_MS).toISOString().slice(0, 10);
}

/** `YYYY-MM-DD HH:mm:ss` in Hong Kong time, as statements print times. */
export function hongKongTime(at: Date | number | string): string {
  return new Date(new Date(at).getTime() + REPORT_UTC_OFFSET_MS)
    .toISOString()
    .slice(0, 19)
    .replace('T', ' ');
}

/**
 * The months a statement can be asked for, newest first: the current Hong Kong month (to date)
 * and the 6 before it. Query history covers the past 6 months; a statement is a document of whole
 * months, so the oldest one is whole even where its first days are just past 6 months back.
 */
export function statementMonths(now: Date | number): string[] {
  const current = monthOf(now);
  const [y, m] = current.split('-').map(Number) as [number, number];
  return Array.from({ length: QUERY_HISTORY_MONTHS + 1 }, (_, i) =>
    new Date(Date.UTC(y, m - 1 - i, 1)).toISOString().slice(0, 7),
  );
}

// ---- Fee schedule ----

/**
 * The flows that are fees: what "fees paid" adds up. A fee leg of the user is negative (paid);
 * a refund of a fee would be positive and lowers the sum.
 */
export const FEE_FLOW_TYPES: readonly FlowTypeCode[] = [
  FlowType.SPOT_TRADE_FEE,
  FlowType.CRYPTO_WITHDRAWAL_FEE,
  FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE,
  FlowType.FIAT_WITHDRAWAL_FEE,
  FlowType.CARD_DEPOSIT_FEE,
  FlowType.FLASH_REMITTANCE_FEE,
  FlowType.BANK_ACCOUNT_OPENING_FEE,
  FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE,
  FlowType.BANK_ACCOUNT_OPENING_FEE_DEDUCTION,
  FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION,
  FlowType.DIGITAL_OPTION_BUY_CONVERSION_FEE,
  FlowType.DIGITAL_OPTION_SELL_CONVERSION_FEE,
  FlowType.DIGITAL_OPTION_REDEEM_CONVERSION_FEE,
  FlowType.DIGITAL_OPTION_CONVERSION_FEE,
];

export const feeChannelCode = z.enum([
  'SPOT_TRADE',
  'CRYPTO_WITHDRAWAL',
  'FIAT_DEPOSIT',
  'FIAT_WITHDRAWAL',
  'CARD_DEPOSIT',
  'FLASH_REMITTANCE',
  'FOREIGN_EXCHANGE',
  'RAPID_BUY',
  'BANK_ACCOUNT',
]);
export type FeeChannelCode = z.infer<typeof feeChannelCode>;

/**
 * One channel's fee as the spec's section 9 states it; the client words it in the user's
 * language from these fields. `offered` is false where the exchange has no such channel yet:
 * the page says "not offered yet" instead of a price nobody can pay.
 */
export const feeChannel = z.object({
  channel: feeChannelCode,
  offered: z.boolean(),
  free: z.boolean().describe('Advertised as free'),
  rate: decimalText.nullable().describe('A rate of the amount, e.g. "0.01" for 1 %'),
  fixed: z.object({ amount: decimalText, asset: z.string() }).nullable(),
  limitedTime: z.boolean().describe('The rate is a limited-time offer'),
  networkGas: z.boolean().describe('The network gas fee comes on top'),
  thirdParty: z
    .object({ min: decimalText, max: decimalText, asset: z.string() })
    .nullable()
    .describe('Charged by a third party (intermediary banks), borne by the user'),
  maxAmount: z.object({ amount: decimalText, asset: z.string() }).nullable(),
  amountNotStated: z.boolean().describe('The fee exists but its amount is not published yet'),
  monthly: z
    .object({ amount: decimalText, asset: z.string() })
    .nullable()
    .optional()
    .describe('A fee charged each month besides `fixed` (the partner-bank virtual account)'),
  flowTypes: z.array(z.number().int()).describe('The ledger flows its fees are posted with'),
});
export type FeeChannel = z.infer<typeof feeChannel>;

export const symbolFee = z.object({
  symbol: z.string(),
  baseAsset: z.string(),
  counterAsset: z.string(),
  makerFeeRate: decimalText,
  takerFeeRate: decimalText,
});
export type SymbolFee = z.infer<typeof symbolFee>;

export const feeSchedule = z.object({
  symbols: z
    .array(symbolFee)
    .describe('Spot symbols offered in the mode; the fee is a rate of what each side receives'),
  channels: z.array(feeChannel),
});
export type FeeSchedule = z.infer<typeof feeSchedule>;

/** The spec's section 9 fees, per channel; `offered` is decided by the gateway. */
export const FEE_CHANNEL_TERMS: Record<FeeChannelCode, Omit<FeeChannel, 'channel' | 'offered'>> = {
  SPOT_TRADE: {
    free: true,
    rate: null,
    fixed: null,
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [FlowType.SPOT_TRADE_FEE],
  },
  CRYPTO_WITHDRAWAL: {
    free: false,
    rate: CRYPTO_WITHDRAWAL_FEE_RATE,
    fixed: null,
    limitedTime: true,
    networkGas: true,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [FlowType.CRYPTO_WITHDRAWAL_FEE, FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE],
  },
  FIAT_DEPOSIT: {
    free: true,
    rate: null,
    fixed: null,
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [],
  },
  FIAT_WITHDRAWAL: {
    free: false,
    rate: null,
    fixed: null,
    limitedTime: false,
    networkGas: false,
    thirdParty: { ...INTERMEDIARY_BANK_FEE_USD, asset: 'USD' },
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [FlowType.FIAT_WITHDRAWAL_FEE],
  },
  CARD_DEPOSIT: {
    free: false,
    rate: CARD_CHANNEL_FEE_RATE,
    fixed: { amount: CARD_CHANNEL_FIXED_FEE_USD, asset: 'USD' },
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: { amount: MAX_CARD_RECHARGE_USD, asset: 'USD' },
    amountNotStated: false,
    flowTypes: [FlowType.CARD_DEPOSIT_FEE],
  },
  FLASH_REMITTANCE: {
    free: true,
    rate: null,
    fixed: null,
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [FlowType.FLASH_REMITTANCE_FEE],
  },
  FOREIGN_EXCHANGE: {
    free: true,
    rate: null,
    fixed: null,
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [],
  },
  RAPID_BUY: {
    free: true,
    rate: null,
    fixed: null,
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [],
  },
  BANK_ACCOUNT: {
    free: false,
    rate: null,
    /** The opening fee, once; `monthly` the virtual-account fee. */
    fixed: { amount: PARTNER_BANK_OPENING_FEE_USD, asset: PARTNER_BANK_FEE_CURRENCY },
    monthly: { amount: PARTNER_BANK_MONTHLY_FEE_USD, asset: PARTNER_BANK_FEE_CURRENCY },
    limitedTime: false,
    networkGas: false,
    thirdParty: null,
    maxAmount: null,
    amountNotStated: false,
    flowTypes: [...FLOW_GROUPS.ACCOUNT_FEES],
  },
};

// ---- Fees paid ----

/** A mode in a query string: the page picks it (Real by default) whatever mode the client is in. */
const modeQuery = z
  .enum(['0', '1', '2'])
  .optional()
  .describe('0 Real, 1 Demo, 2 Trial; default the runtime-mode header, else Real');

export const feesPaidQuery = z.object({
  period: z.enum(['DAY', 'MONTH']).default('MONTH'),
  mode: modeQuery,
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
  asset: text().max(16).optional(),
});
export type FeesPaidQuery = z.infer<typeof feesPaidQuery>;

export const feesPaidRow = z.object({
  period: z.string().describe('YYYY-MM or YYYY-MM-DD, Hong Kong time'),
  flowType: z.number().int(),
  asset: z.string(),
  amount: decimalText.describe('Paid, positive'),
  count: z.number().int(),
});
export type FeesPaidRow = z.infer<typeof feesPaidRow>;

export const feesPaid = z.object({
  mode: z.number().int(),
  period: z.enum(['DAY', 'MONTH']),
  timeZone: z.string(),
  rows: z.array(feesPaidRow).describe('Newest period first'),
  totals: z.array(z.object({ asset: z.string(), amount: decimalText })),
});
export type FeesPaid = z.infer<typeof feesPaid>;

// ---- Statements ----

export const statementQuery = z.object({
  month: reportMonth,
  mode: modeQuery,
  lang: text().max(16).optional().describe('Language of the CSV and PDF; default accept-language'),
});
export type StatementQuery = z.infer<typeof statementQuery>;

/** A balance split as the ledger keeps it. */
export const balanceParts = z.object({
  available: decimalText,
  frozen: decimalText,
  total: decimalText,
});

export const statementAsset = z.object({
  asset: z.string(),
  opening: balanceParts,
  credits: decimalText.describe('Sum of the positive changes of the total'),
  debits: decimalText.describe('Sum of the negative changes of the total (negative)'),
  closing: balanceParts,
  lines: z.number().int(),
});
export type StatementAsset = z.infer<typeof statementAsset>;

export const statementSummary = z.object({
  month: reportMonth,
  mode: z.number().int(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string().describe('Exclusive; for the current month, the moment it was generated'),
  generatedAt: z.string(),
  uid: z.string(),
  email: z.string(),
  assets: z.array(statementAsset),
});
export type StatementSummary = z.infer<typeof statementSummary>;

export const statementMonthList = z.object({
  timeZone: z.string(),
  months: z.array(reportMonth).describe('Newest first'),
});

// ---- Fund flow (asset history) ----

export const flowGroup = z.enum([
  'TRANSFER_IN',
  'TRANSFER_OUT',
  'PLACE_ORDER',
  'SETTLEMENT',
  'WITHDRAWAL',
  'ASSET_EXCHANGE',
  'ACCOUNT_FEES',
]);
export type FlowGroup = z.infer<typeof flowGroup>;

export const fundFlowQuery = pageQuery.extend({
  mode: modeQuery,
  asset: text().max(16).optional(),
  flowType: z.coerce.number().int().optional(),
  group: flowGroup.optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
  lang: text().max(16).optional().describe('Language of the CSV export'),
});
export type FundFlowQuery = z.infer<typeof fundFlowQuery>;
export const flowTypesQuery = z.strictObject({ mode: modeQuery });
/** Flow type codes, ascending. */
export const flowTypeList = z.array(z.number().int());

/** One posting's change to one asset of the user: both parts of the balance. */
export const fundFlow = z.object({
  id: z.string().describe('The posting and asset'),
  txId: z.string(),
  time: z.string(),
  asset: z.string(),
  flowType: z.number().int(),
  available: decimalText,
  frozen: decimalText,
  total: decimalText,
  refType: z.string(),
  refId: z.string(),
});
export type FundFlow = z.infer<typeof fundFlow>;
