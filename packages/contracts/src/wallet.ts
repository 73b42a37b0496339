import { z } from 'zod';
import { text } from './text.js';
import { FlowType } from './ledger.js';
import { orderSide } from './order.js';
import { pageQuery } from './paging.js';
import { RuntimeMode } from './runtime-mode.js';
import { get, post, pathsOf } from './endpoint.js';

/** The wallet's endpoints (under /v1/wallet). */
export const WALLET_ENDPOINTS = {
  balances: get('/v1/wallet/balances'),
  /** Ledger entries, one row per leg: the detailed view for exports and auditors. */
  flows: get('/v1/wallet/flows'),
  /** One line per user action: what transaction history shows. */
  transactions: get('/v1/wallet/transactions'),
  transactionTypes: get('/v1/wallet/transaction-types'),
  demoReset: post('/v1/wallet/demo/reset'),
  /** Outside production with DEV_CREDIT only. */
  devCredit: post('/v1/wallet/dev/credit'),
} as const;
export const WALLET_PATHS = pathsOf(WALLET_ENDPOINTS);

/**
 * What a line of transaction history is: one user action, whatever number of ledger entries it
 * posted. Freezing and releasing an order move money between available and frozen only, so an
 * order is not a line of its own: its fills are (a trade with its fee), and an order cancelled
 * without a fill changed no balance and is in the order history only.
 */
export const TransactionType = {
  TRADE: 'TRADE',
  DEMO_FUNDING: 'DEMO_FUNDING',
  DEMO_RESET: 'DEMO_RESET',
  DEV_CREDIT: 'DEV_CREDIT',
  /** A crypto deposit credited after its confirmations and review. */
  CRYPTO_DEPOSIT: 'CRYPTO_DEPOSIT',
  /** A completed crypto withdrawal: the amount left (fee apart); refused ones moved nothing. */
  CRYPTO_WITHDRAWAL: 'CRYPTO_WITHDRAWAL',
  /** A bank transfer to the partner-bank account, credited (owed partner-bank fees apart). */
  FIAT_DEPOSIT: 'FIAT_DEPOSIT',
  /** A card deposit, credited less the card channel's fee. */
  CARD_DEPOSIT: 'CARD_DEPOSIT',
  /** A fiat withdrawal the bank sent (the intermediary fee apart); cancelled ones moved nothing. */
  FIAT_WITHDRAWAL: 'FIAT_WITHDRAWAL',
  /** The partner-bank account's opening fee or monthly fee, charged or deducted when owed. */
  PARTNER_BANK_FEE: 'PARTNER_BANK_FEE',
  INTERNAL_TRANSFER_IN: 'INTERNAL_TRANSFER_IN',
  INTERNAL_TRANSFER_OUT: 'INTERNAL_TRANSFER_OUT',
  FLASH_REMITTANCE_IN: 'FLASH_REMITTANCE_IN',
  FLASH_REMITTANCE_OUT: 'FLASH_REMITTANCE_OUT',
  /** A settled foreign exchange between two fiat currencies. */
  FOREIGN_EXCHANGE: 'FOREIGN_EXCHANGE',
  /** A Trade for Reward prize, paid in Real. */
  COMPETITION_REWARD: 'COMPETITION_REWARD',
  /** A flow no type above covers. */
  OTHER: 'OTHER',
} as const;
export type TransactionType = (typeof TransactionType)[keyof typeof TransactionType];
export const transactionType = z.enum([
  'TRADE',
  'DEMO_FUNDING',
  'DEMO_RESET',
  'DEV_CREDIT',
  'CRYPTO_DEPOSIT',
  'CRYPTO_WITHDRAWAL',
  'FIAT_DEPOSIT',
  'CARD_DEPOSIT',
  'FIAT_WITHDRAWAL',
  'PARTNER_BANK_FEE',
  'INTERNAL_TRANSFER_IN',
  'INTERNAL_TRANSFER_OUT',
  'FLASH_REMITTANCE_IN',
  'FLASH_REMITTANCE_OUT',
  'FOREIGN_EXCHANGE',
  'COMPETITION_REWARD',
  'OTHER',
]);

/**
 * The flows that name an action: an action's entries are keyed by their lowest flow code (a
 * trade's settlement comes before its fee, a deposit's credit before a fee it paid). A
 * withdrawal, remittance or exchange still pending has only its freeze.
 */
const TYPE_FLOWS: Record<Exclude<TransactionType, 'OTHER'>, readonly number[]> = {
  TRADE: [FlowType.SPOT_TRADE_SETTLEMENT],
  DEMO_FUNDING: [FlowType.DEMO_FUNDING],
  DEMO_RESET: [FlowType.DEMO_RESET],
  DEV_CREDIT: [FlowType.DEV_CREDIT],
  CRYPTO_DEPOSIT: [FlowType.CRYPTO_DEPOSIT],
  CRYPTO_WITHDRAWAL: [FlowType.CRYPTO_WITHDRAWAL, FlowType.CRYPTO_WITHDRAWAL_FREEZE],
  FIAT_DEPOSIT: [FlowType.FIAT_DEPOSIT],
  CARD_DEPOSIT: [FlowType.CARD_DEPOSIT],
  FIAT_WITHDRAWAL: [FlowType.FIAT_WITHDRAWAL, FlowType.FIAT_WITHDRAWAL_FREEZE],
  PARTNER_BANK_FEE: [
    FlowType.BANK_ACCOUNT_OPENING_FEE,
    FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE,
    FlowType.BANK_ACCOUNT_OPENING_FEE_DEDUCTION,
    FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION,
  ],
  INTERNAL_TRANSFER_IN: [FlowType.INTERNAL_TRANSFER_IN],
  INTERNAL_TRANSFER_OUT: [FlowType.INTERNAL_TRANSFER_OUT],
  FLASH_REMITTANCE_IN: [FlowType.FLASH_REMITTANCE_IN],
  FLASH_REMITTANCE_OUT: [FlowType.FLASH_REMITTANCE_OUT, FlowType.FLASH_REMITTANCE_FREEZE],
  FOREIGN_EXCHANGE: [FlowType.FOREIGN_EXCHANGE, FlowType.FOREIGN_EXCHANGE_FREEZE],
  COMPETITION_REWARD: [FlowType.COMPETITION_REWARD],
};

/** The flow codes whose actions are of this type (the history's type filter). */
export function transactionTypeFlows(type: Exclude<TransactionType, 'OTHER'>): readonly number[] {
  return TYPE_FLOWS[type];
}

export function transactionTypeOfFlow(code: number): TransactionType {
  const found = (Object.keys(TYPE_FLOWS) as (keyof typeof TYPE_FLOWS)[]).find((k) =>
    TYPE_FLOWS[k].includes(code),
  );
  return found ?? TransactionType.OTHER;
}

/**
 * Flows that are a fee: a line shows them apart from its amount (the balance moved by
 * amount - fee).
 */
export const FEE_FLOWS: readonly number[] = [
  FlowType.SPOT_TRADE_FEE,
  FlowType.CRYPTO_WITHDRAWAL_FEE,
  FlowType.FIAT_WITHDRAWAL_FEE,
  FlowType.CARD_DEPOSIT_FEE,
  FlowType.FLASH_REMITTANCE_FEE,
];

/**
 * Flows that are the chain's gas, paid out of a withdrawal: a line shows them apart from both its
 * amount and the exchange's fee.
 */
export const NETWORK_FEE_FLOWS: readonly number[] = [FlowType.CRYPTO_WITHDRAWAL_NETWORK_FEE];

/**
 * The types a spot user can have in a mode, as the history's type filter lists them: simulated
 * funds exist in Demo and Trial only, and so does the development credit, where it is enabled;
 * deposits, withdrawals, fiat services and their fees are Real only.
 */
export function transactionTypesFor(
  mode: RuntimeMode,
  opts: { devCredit: boolean },
): Exclude<TransactionType, 'OTHER'>[] {
  if (mode === RuntimeMode.REAL)
    return [
      'TRADE',
      'CRYPTO_DEPOSIT',
      'CRYPTO_WITHDRAWAL',
      'FIAT_DEPOSIT',
      'CARD_DEPOSIT',
      'FIAT_WITHDRAWAL',
      'PARTNER_BANK_FEE',
      'INTERNAL_TRANSFER_IN',
      'INTERNAL_TRANSFER_OUT',
      'FLASH_REMITTANCE_IN',
      'FLASH_REMITTANCE_OUT',
      'FOREIGN_EXCHANGE',
      'COMPETITION_REWARD',
    ];
  return opts.devCredit
    ? ['TRADE', 'DEMO_FUNDING', 'DEMO_RESET', 'DEV_CREDIT']
    : ['TRADE', 'DEMO_FUNDING', 'DEMO_RESET'];
}

const decimalText = z.string().regex(/^-?\d+(\.\d+)?$/);

/** How one asset's balance (available plus frozen) moved in an action. */
export const transactionChange = z.object({
  asset: z.string(),
  amount: decimalText.describe('Signed: received positive, paid negative; fee not included'),
  fee: decimalText.describe(
    'The exchange\'s fee taken in this asset, positive ("0" if none); the balance moved by amount - fee - networkFee',
  ),
  networkFee: decimalText.describe(
    'The chain\'s gas a withdrawal paid in this asset, positive ("0" if none); not the exchange\'s fee',
  ),
});
export type TransactionChange = z.infer<typeof transactionChange>;

/** The user's side of a trade line. */
export const transactionTrade = z.object({
  id: z.string().describe('The trade id (as in my trades)'),
  orderId: z.string().describe("The user's order that traded"),
  symbol: z.string(),
  side: orderSide,
  liquidity: z.enum(['MAKER', 'TAKER']),
  price: decimalText,
  quantity: decimalText,
  total: decimalText,
});

/**
 * What a line is about: its kind (a trade, a withdrawal, a deposit, ...: the ledger's reference
 * type, or POSTING for a posting of its own such as a funding) and the id of that record.
 */
export const transactionReference = z.object({
  kind: z.string(),
  id: z.string(),
});
export type TransactionReference = z.infer<typeof transactionReference>;

export const walletTransaction = z.object({
  id: z.string().describe('Stable key of the action'),
  reference: transactionReference,
  type: transactionType,
  flowType: z.number().int().describe('The lowest flow code of its entries'),
  createdAt: z.string(),
  changes: z.array(transactionChange).describe('Per asset, by asset code'),
  trade: transactionTrade.nullable().describe('Set for TRADE lines'),
  pending: z
    .boolean()
    .describe(
      'A withdrawal, remittance or exchange not finished yet: its amount is frozen, the changes say how much left the available balance',
    ),
});
export type WalletTransaction = z.infer<typeof walletTransaction>;

export const walletTransactionQuery = pageQuery.extend({
  asset: text().max(16).optional().describe('Only actions that moved this asset'),
  type: transactionType.exclude(['OTHER']).optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
});
export type WalletTransactionQuery = z.infer<typeof walletTransactionQuery>;

export const transactionTypeList = z.array(transactionType);
