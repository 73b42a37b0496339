import { z } from 'zod';
import { moneyText } from './decimal.js';
import { text } from './text.js';
import { pageQuery } from './paging.js';

/**
 * Ledger flow types. Every balance change is an entry with one of these codes.
 * The 916xxx, 917xxx and 921xxx codes are the spec's; 100xxx-140xxx are the exchange's own.
 */
export const FlowType = {
  // Spec: option flows
  OPTION_IN: 916001,
  OPTION_OUT: 916002,
  OPTION_ORDER: 916003,
  OPTION_SETTLEMENT: 916004,
  OPTION_WITHDRAWAL: 916005,
  OPTION_ASSET_EXCHANGE: 916006,
  OPTION_BALANCE_TRANSFER_IN: 916007,
  OPTION_TRANSFER_RECEIVED: 916008,
  OPTION_TRANSFER_PAID: 916009,
  OPTION_TRANSFER_OUT_RECEIVED: 916010,
  // Spec: bank account fees
  BANK_ACCOUNT_OPENING_FEE: 917001,
  VIRTUAL_ACCOUNT_MONTHLY_FEE: 917002,
  BANK_ACCOUNT_OPENING_FEE_DEDUCTION: 917003,
  VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION: 917004,
  // Spec: digital options
  DIGITAL_OPTION_SHARE_BUY: 921001,
  DIGITAL_OPTION_SHARE_SELL: 921002,
  DIGITAL_OPTION_SHARE_REDEEM: 921003,
  DIGITAL_OPTION_BUY_CONVERSION_FEE: 921004,
  DIGITAL_OPTION_SELL_CONVERSION_FEE: 921005,
  DIGITAL_OPTION_REDEEM_CONVERSION_FEE: 921006,
  DIGITAL_OPTION_CANCEL_REFUND: 921007,
  DIGITAL_OPTION_ASSET_CONVERSION: 921008,
  DIGITAL_OPTION_CONVERSION_FEE: 921009,
  // Exchange: spot trading
  SPOT_ORDER_FREEZE: 100001,
  SPOT_ORDER_UNFREEZE: 100002,
  SPOT_TRADE_SETTLEMENT: 100003,
  SPOT_TRADE_FEE: 100004,
  // Exchange: deposits and withdrawals
  CRYPTO_DEPOSIT: 110001,
  CRYPTO_WITHDRAWAL: 110002,
  CRYPTO_WITHDRAWAL_FEE: 110003,
  /** A withdrawal's amount moved from available to frozen at request. */
  CRYPTO_WITHDRAWAL_FREEZE: 110004,
  /** A refused, failed or cancelled withdrawal's frozen amount back to available. */
  CRYPTO_WITHDRAWAL_UNFREEZE: 110005,
  /** The chain's gas of a completed withdrawal, paid out of its amount (not the exchange's fee). */
  CRYPTO_WITHDRAWAL_NETWORK_FEE: 110006,
  FIAT_DEPOSIT: 110011,
  FIAT_WITHDRAWAL: 110012,
  FIAT_WITHDRAWAL_FEE: 110013,
  /** A fiat withdrawal's amount moved from available to frozen at request. */
  FIAT_WITHDRAWAL_FREEZE: 110014,
  /** A refused, failed or cancelled fiat withdrawal's frozen amount back to available. */
  FIAT_WITHDRAWAL_UNFREEZE: 110015,
  CARD_DEPOSIT: 110021,
  CARD_DEPOSIT_FEE: 110022,
  // Exchange: transfers and services
  INTERNAL_TRANSFER_IN: 120001,
  INTERNAL_TRANSFER_OUT: 120002,
  FLASH_REMITTANCE_IN: 120011,
  FLASH_REMITTANCE_OUT: 120012,
  FLASH_REMITTANCE_FEE: 120013,
  /** A flash remittance's amount moved from available to frozen at initiation. */
  FLASH_REMITTANCE_FREEZE: 120014,
  /** A rejected, expired or cancelled flash remittance's frozen amount back to available. */
  FLASH_REMITTANCE_UNFREEZE: 120015,
  /** The recipient's CDC (the remittance's USD value) sold back to the system at par. */
  FLASH_REMITTANCE_CDC_SALE: 120016,
  FOREIGN_EXCHANGE: 130001,
  /** A foreign exchange's sold amount moved from available to frozen at confirmation. */
  FOREIGN_EXCHANGE_FREEZE: 130002,
  /** A foreign exchange that could not settle: the frozen sold amount back to available. */
  FOREIGN_EXCHANGE_UNFREEZE: 130003,
  RAPID_BUY: 130011,
  // Exchange: simulated funds of Demo and Trial
  DEMO_FUNDING: 140001,
  DEMO_RESET: 140002,
  /** A Trade for Reward prize, paid in Real from the house rewards account. */
  COMPETITION_REWARD: 150001,
  // Exchange: development-only credit in Real mode (disabled in production)
  DEV_CREDIT: 190001,
} as const;
export type FlowTypeName = keyof typeof FlowType;
export type FlowTypeCode = (typeof FlowType)[FlowTypeName];

/** The spec's groups of ledger flows, as shown in transaction history filters. */
export const FLOW_GROUPS = {
  TRANSFER_IN: [
    FlowType.INTERNAL_TRANSFER_IN,
    FlowType.FLASH_REMITTANCE_IN,
    FlowType.OPTION_BALANCE_TRANSFER_IN,
  ],
  TRANSFER_OUT: [FlowType.INTERNAL_TRANSFER_OUT, FlowType.FLASH_REMITTANCE_OUT],
  PLACE_ORDER: [FlowType.SPOT_ORDER_FREEZE, FlowType.SPOT_ORDER_UNFREEZE, FlowType.OPTION_ORDER],
  SETTLEMENT: [FlowType.SPOT_TRADE_SETTLEMENT, FlowType.SPOT_TRADE_FEE, FlowType.OPTION_SETTLEMENT],
  WITHDRAWAL: [FlowType.CRYPTO_WITHDRAWAL, FlowType.FIAT_WITHDRAWAL, FlowType.OPTION_WITHDRAWAL],
  ASSET_EXCHANGE: [FlowType.FOREIGN_EXCHANGE, FlowType.RAPID_BUY, FlowType.OPTION_ASSET_EXCHANGE],
  ACCOUNT_FEES: [
    FlowType.BANK_ACCOUNT_OPENING_FEE,
    FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE,
    FlowType.BANK_ACCOUNT_OPENING_FEE_DEDUCTION,
    FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION,
  ],
} as const;

const byCode = new Map<number, FlowTypeName>(
  (Object.keys(FlowType) as FlowTypeName[]).map((name) => [FlowType[name], name]),
);
export function flowTypeName(code: number): FlowTypeName | undefined {
  return byCode.get(code);
}

export const ledgerBucket = z.enum(['AVAILABLE', 'FROZEN']);

export const balanceItem = z.object({
  asset: z.string(),
  available: z.string(),
  frozen: z.string(),
  total: z.string(),
});
export type BalanceItem = z.infer<typeof balanceItem>;

export const ledgerFlow = z.object({
  id: z.string(),
  txId: z.string(),
  asset: z.string(),
  bucket: ledgerBucket,
  amount: z.string().describe('Signed: positive credits the account'),
  flowType: z.number().int(),
  flowName: z.string(),
  refType: z.string(),
  refId: z.string(),
  createdAt: z.string(),
});
export type LedgerFlow = z.infer<typeof ledgerFlow>;

export const ledgerFlowQuery = pageQuery.extend({
  asset: text().max(16).optional(),
  flowType: z.coerce.number().int().optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
});

export const devCreditRequest = z.strictObject({
  asset: text().max(16),
  amount: moneyText({ formatMessage: 'amount must be a positive decimal' }),
});
