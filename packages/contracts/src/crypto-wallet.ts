import { z } from 'zod';
import { moneyText } from './decimal.js';
import { NETWORK_KINDS } from './chain-address.js';
import { pageQuery } from './paging.js';
import { text } from './text.js';
import { get, post, pathsOf } from './endpoint.js';

/**
 * The crypto wallet: networks per asset, deposit addresses, crypto deposits, and what the chains
 * (a node or custody provider; the simulated chain under `npm start`) tell the exchange through
 * signed callbacks. Amounts are decimal strings in the asset's units.
 */
export const CRYPTO_WALLET_ENDPOINTS = {
  /** Public: every asset's networks with their limits, coin status and connection state. */
  networks: get('/v1/wallet/crypto/public/networks'),
  /** The user's deposit address for an asset on a network (created on first ask). */
  depositAddress: get('/v1/wallet/crypto/deposit/address'),
  /** The user's crypto deposits, newest first. */
  deposits: get('/v1/wallet/crypto/deposits'),
  /** Retry the risk review of a delayed deposit. */
  depositRetry: post('/v1/wallet/crypto/deposits/:id/retry'),
  /** The chain's signed callbacks (x-signature, x-timestamp; lib/signed-callback). */
  chainCallback: post('/v1/wallet/crypto/public/chain/callback'),
} as const;
export const CRYPTO_WALLET_PATHS = pathsOf(CRYPTO_WALLET_ENDPOINTS);

export const networkKind = z.enum(NETWORK_KINDS);

/** Spec section 4 "Coin status": stable, unstable, under maintenance. */
export const COIN_STATUSES = ['STABLE', 'UNSTABLE', 'MAINTENANCE'] as const;
export const coinStatus = z.enum(COIN_STATUSES);
export type CoinStatus = z.infer<typeof coinStatus>;

/**
 * The exchange's link to the network's node: CONNECTED (the node answered lately), CONNECTING
 * (not asked yet since the gateway started) or DISCONNECTED (it did not answer). The pages show
 * deposits and withdrawals as unavailable unless CONNECTED.
 */
export const CONNECTION_STATES = ['CONNECTED', 'CONNECTING', 'DISCONNECTED'] as const;
export const connectionState = z.enum(CONNECTION_STATES);
export type ConnectionState = z.infer<typeof connectionState>;

const decimalText = moneyText();
const networkCode = text()
  .min(2)
  .max(16)
  .regex(/^[A-Z0-9]+$/, 'a network code is upper-case letters and digits');
const assetCode = text()
  .min(1)
  .max(16)
  .regex(/^[A-Z0-9]+$/, 'an asset code is upper-case letters and digits');

/** One asset on one network, as the deposit and withdrawal pages show it. */
export const assetNetwork = z.object({
  asset: z.string(),
  /** BTC, ETH, TRX: the network's code. */
  network: z.string(),
  /** Display name, e.g. "Ethereum (ERC20)". */
  name: z.string(),
  kind: networkKind,
  /** The token standard when the asset is a token on the network (ERC20, TRC20), else null. */
  tokenStandard: z.string().nullable(),
  /** The token's contract on the network; null for the network's own coin. */
  contract: z.string().nullable(),
  depositEnabled: z.boolean(),
  withdrawEnabled: z.boolean(),
  coinStatus,
  connection: connectionState,
  /** Blocks after the one holding the transfer, counting it: the deposit is final after these. */
  confirmations: z.number().int().positive(),
  /** Deposits below this are not credited (state BELOW_MINIMUM; see docs/features/crypto-deposits.md). */
  minDeposit: z.string(),
  minWithdrawal: z.string(),
  /** The network's gas fee charged on a withdrawal, in the asset, beside the 1 % fee. */
  withdrawalGasFee: z.string(),
  /** Decimals the asset has on this chain (8 for BTC, 18 for ETH, 6 for USDT). */
  chainDecimals: z.number().int(),
  /** Whether deposits may be made now: enabled, not under maintenance, and connected. */
  canDeposit: z.boolean(),
  canWithdraw: z.boolean(),
});
export type AssetNetwork = z.infer<typeof assetNetwork>;

export const networksQuery = z.object({ asset: assetCode.optional() });
export const networkList = z.array(assetNetwork);

export const depositAddressQuery = z.object({ asset: assetCode, network: networkCode });
export const depositAddress = z.object({
  asset: z.string(),
  network: z.string(),
  kind: networkKind,
  address: z.string(),
  /** No network here needs a memo or tag; kept for the pages' layout and future networks. */
  memo: z.string().nullable(),
  minDeposit: z.string(),
  confirmations: z.number().int(),
});
export type DepositAddress = z.infer<typeof depositAddress>;

/**
 * A crypto deposit's life:
 * - CONFIRMING: seen on the chain, `confirmations` of `confirmationsRequired` blocks.
 * - UNAVAILABLE: final on the chain, under the 1-2 minute risk review (spec section 4).
 * - AVAILABLE: reviewed and credited (one ledger posting, Real mode); withdrawable from
 *   `withdrawableAt` (24 hours after the credit).
 * - DELAYED: the review did not finish in time; the user may retry it from `retryAt` (10 minutes).
 * - DROPPED: removed by a chain reorganisation before it was final; never credited.
 * - BELOW_MINIMUM: final, but less than the network's minimum deposit: not credited (see docs/features/crypto-deposits.md).
 */
export const CRYPTO_DEPOSIT_STATES = [
  'CONFIRMING',
  'UNAVAILABLE',
  'DELAYED',
  'AVAILABLE',
  'DROPPED',
  'BELOW_MINIMUM',
] as const;
export const cryptoDepositState = z.enum(CRYPTO_DEPOSIT_STATES);
export type CryptoDepositState = z.infer<typeof cryptoDepositState>;

export const cryptoDeposit = z.object({
  id: z.string(),
  asset: z.string(),
  network: z.string(),
  address: z.string(),
  txId: z.string(),
  outputIndex: z.number().int(),
  amount: z.string(),
  state: cryptoDepositState,
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  /** When the risk review started (UNAVAILABLE) and when it is expected to end. */
  reviewStartedAt: z.string().nullable(),
  creditedAt: z.string().nullable(),
  /** Credited funds may be withdrawn from then on (24-hour crypto deposit freeze). */
  withdrawableAt: z.string().nullable(),
  /** DELAYED only: when the user may retry the review. */
  retryAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type CryptoDeposit = z.infer<typeof cryptoDeposit>;

export const depositListQuery = pageQuery.extend({
  asset: assetCode.optional(),
  network: networkCode.optional(),
  state: cryptoDepositState.optional(),
  startTime: z.coerce.number().int().optional().describe('Epoch ms; at most 6 months back'),
  endTime: z.coerce.number().int().optional(),
});
export const depositIdParams = z.object({ id: z.uuid() });

// ---- what the chain tells the exchange (signed callbacks) ----

const callbackBase = {
  /** The chain's event id: a repeat of the same event changes nothing. */
  eventId: text().min(1).max(128),
  network: networkCode,
  /** The chain's height when it sent the event. */
  height: z.number().int().nonnegative(),
  /** Logical time on the shared clock, ISO 8601. */
  at: text().max(40),
};
const txIdText = text().min(1).max(128);

/** A transfer to an address: sent on the block that holds it and on each block after it. */
export const chainDepositCallback = z.strictObject({
  ...callbackBase,
  type: z.literal('deposit.update'),
  /** The asset moved (the network's coin, or a token by its asset code). */
  asset: assetCode,
  address: text().min(1).max(128),
  txId: txIdText,
  /** The output (Bitcoin) or log index (EVM, Tron) within the transaction. */
  outputIndex: z.number().int().nonnegative(),
  amount: decimalText,
  blockHeight: z.number().int().nonnegative(),
  blockHash: text().min(1).max(128),
  /** The block holding the transfer counts as one. */
  confirmations: z.number().int().positive(),
});
/** A reorganisation removed the block holding a transfer, and the transfer is gone. */
export const chainDepositDroppedCallback = z.strictObject({
  ...callbackBase,
  type: z.literal('deposit.dropped'),
  txId: txIdText,
  outputIndex: z.number().int().nonnegative(),
  reason: z.enum(['REORG']),
});
/** The network's coin status changed (an operator's command on the simulated chain). */
export const chainStatusCallback = z.strictObject({
  ...callbackBase,
  type: z.literal('network.status'),
  coinStatus,
});
/** A withdrawal broadcast by `ChainAdapter.broadcast` is final on the chain. */
export const chainWithdrawalConfirmedCallback = z.strictObject({
  ...callbackBase,
  type: z.literal('withdrawal.confirmed'),
  withdrawalId: text().min(1).max(128),
  txId: txIdText,
  blockHeight: z.number().int().nonnegative(),
  confirmations: z.number().int().positive(),
});
/** A withdrawal could not be sent or was refused by the chain: the exchange returns the funds. */
export const chainWithdrawalFailedCallback = z.strictObject({
  ...callbackBase,
  type: z.literal('withdrawal.failed'),
  withdrawalId: text().min(1).max(128),
  txId: txIdText.nullable(),
  reason: text().max(500),
});
export const chainCallback = z.discriminatedUnion('type', [
  chainDepositCallback,
  chainDepositDroppedCallback,
  chainStatusCallback,
  chainWithdrawalConfirmedCallback,
  chainWithdrawalFailedCallback,
]);
export type ChainCallback = z.infer<typeof chainCallback>;
export type ChainCallbackType = ChainCallback['type'];
export type ChainCallbackOf<T extends ChainCallbackType> = Extract<ChainCallback, { type: T }>;

/**
 * The exchange's answer. `tracking` false tells the chain the exchange needs no more updates of
 * this transfer (it is final for it), so the chain stops sending confirmations.
 */
export const chainCallbackAck = z.object({
  received: z.boolean(),
  duplicate: z.boolean(),
  tracking: z.boolean(),
});
export type ChainCallbackAck = z.infer<typeof chainCallbackAck>;

// ---- the chain's API as the exchange calls it (the simulated chain's HTTP API) ----

/**
 * The exchange asks the chain (the custody side, which holds the HD seed) for the deposit address
 * of an account index; the chain derives it and from then on reports transfers to it to
 * `callbackUrl` (a custody provider's address subscription). The same index gives the same address.
 */
export const chainAddressRequest = z.strictObject({
  kind: networkKind,
  index: z.number().int().nonnegative().max(0x7fffffff),
  callbackUrl: z.url(),
});
export const chainAddressAnswer = z.object({
  kind: networkKind,
  index: z.number().int(),
  address: z.string(),
});
export const chainBroadcastRequest = z.strictObject({
  withdrawalId: text().min(1).max(128),
  network: networkCode,
  asset: assetCode,
  address: text().min(1).max(128),
  amount: decimalText,
  /** Where the chain reports the withdrawal's outcome. */
  callbackUrl: z.url(),
});
export const chainBroadcastAnswer = z.object({ txId: z.string() });
export const chainStatusAnswer = z.object({
  networks: z.array(
    z.object({
      network: z.string(),
      kind: networkKind,
      height: z.number().int(),
      coinStatus,
      connected: z.boolean(),
    }),
  ),
});
export type ChainStatusAnswer = z.infer<typeof chainStatusAnswer>;

// The simulated chains' developer commands (`npm run sim:chain`, the house treasury's faucet):
// a real node has no such calls. Signed like the rest of the chain's API.

/** `POST /faucet`: coins to an address, in a block of their own. */
export const chainFaucetRequest = z.object({
  network: z.string(),
  address: z.string().min(1).max(128),
  amount: z.string().max(60),
  asset: z.string().max(16).optional(),
});
export type ChainFaucetRequest = z.infer<typeof chainFaucetRequest>;
/** `POST /mine` (answers `chainHeightAnswer`) and `POST /reorg`: blocks mined now or dropped. */
export const chainBlocksRequest = z.object({ network: z.string(), blocks: z.number().int() });
export type ChainBlocksRequest = z.infer<typeof chainBlocksRequest>;
export const chainHeightAnswer = z.object({ height: z.number().int() });
/** `POST /coin-status`: the network's deposit and withdrawal status. */
export const chainCoinStatusRequest = z.object({ network: z.string(), coinStatus });
/** `POST /connection`: the node stops or resumes answering. */
export const chainConnectionRequest = z.object({ network: z.string(), connected: z.boolean() });
/** `POST /fail-withdrawal`: the network refuses a broadcast withdrawal. */
export const chainFailWithdrawalRequest = z.object({
  withdrawalId: z.string().min(1),
  reason: z.string().max(500),
});

/**
 * The networks the exchange runs and their kind. Each is one chain adapter in the gateway and
 * one simulated chain in apps/matching-sim; assets map to them in the asset_network table.
 */
export const CHAIN_NETWORKS = {
  BTC: 'BITCOIN',
  ETH: 'EVM',
  TRX: 'TRON',
  SOL: 'SOLANA',
  XRP: 'XRPL',
} as const;
export type ChainNetwork = keyof typeof CHAIN_NETWORKS;
export const CHAIN_NETWORK_CODES = Object.keys(CHAIN_NETWORKS) as ChainNetwork[];
