import { z } from 'zod';
import { text } from './text.js';
import { asset, languageCode, tradingSymbol } from './catalogue.js';
import {
  bestAskBid,
  candle,
  candleInterval,
  depth,
  depthIncrement,
  exchangeRates,
  marketTrade,
  ticker,
  volumeStats,
} from './market-data.js';
import { fill, order } from './order.js';
import { withdrawal } from './withdrawal.js';
import { cryptoDeposit } from './crypto-wallet.js';
import { bankAccount, fiatWithdrawal } from './fiat-withdrawal.js';
import { rapidBuy } from './rapid-buy.js';
import { fiatDeposit } from './fiat-deposit.js';
import { foreignExchange } from './foreign-exchange.js';
import { flashRemittance } from './flash-remittance.js';
import { notificationPush } from './notification.js';
import { partnerBankAccountView } from './fiat-bank.js';
import { get } from './endpoint.js';

export const socketOp = z.enum([
  'login',
  'logout',
  'subscribe',
  'unsubscribe',
  'place',
  'cancel',
  'cancel-place',
  'query',
  'settings',
  'ping',
]);
export type SocketOp = z.infer<typeof socketOp>;

export const socketChannel = z.enum([
  'best_ask_bid',
  'orderBook',
  'ticker',
  'candle',
  'trade',
  'fills',
  'order',
  'refreshAsset',
  'cryptoDeposit',
  'statsTradeVolume',
  'system',
  'exchangeRate',
  'updateAssetItem',
  'updateSymbolItem',
  'acceptLanguage',
  'withdrawal',
  'notification',
  'fiatWithdrawal',
  'bankAccount',
  'bankCard',
  'fiatDeposit',
  'foreignExchange',
  'rapidBuy',
  'flashRemittance',
]);
export type SocketChannel = z.infer<typeof socketChannel>;

/** Channels that carry one user's data and need a `login` first. */
export const PRIVATE_CHANNELS: readonly SocketChannel[] = [
  'fills',
  'order',
  'refreshAsset',
  'withdrawal',
  'cryptoDeposit',
  'notification',
  'fiatWithdrawal',
  'bankAccount',
  'bankCard',
  'fiatDeposit',
  'foreignExchange',
  'rapidBuy',
  'flashRemittance',
];

/** Private channels of the account as a whole, the same in every runtime mode. */
export const ACCOUNT_CHANNELS: readonly SocketChannel[] = ['notification'];

/**
 * The most channels one connection may follow at once (each symbol or interval counts as one);
 * a subscribe past it answers SOCKET_TOO_MANY_SUBSCRIPTIONS (4100) and subscribes nothing.
 * The trading screen follows about a dozen; a market list a few dozen tickers.
 */
export const SOCKET_MAX_SUBSCRIPTIONS = 100;

const symbolArg = text().min(1).max(32);
const noArgs = z.strictObject({});
const symbolArgs = z.strictObject({ symbol: symbolArg });

/**
 * The arguments each channel takes, exactly: a subscribe with an argument its channel does not
 * take, or without one it needs, answers 1002 and subscribes nothing. Private channels carry
 * all of the account's events (of the connection's mode) and take no arguments.
 */
export const socketChannelArgs = {
  best_ask_bid: symbolArgs,
  orderBook: symbolArgs,
  ticker: symbolArgs,
  candle: z.strictObject({ symbol: symbolArg, interval: candleInterval }),
  trade: symbolArgs,
  statsTradeVolume: symbolArgs,
  acceptLanguage: z.strictObject({ language: languageCode }),
  fills: noArgs,
  order: noArgs,
  refreshAsset: noArgs,
  cryptoDeposit: noArgs,
  system: noArgs,
  exchangeRate: noArgs,
  updateAssetItem: noArgs,
  updateSymbolItem: noArgs,
  withdrawal: noArgs,
  notification: noArgs,
  fiatWithdrawal: noArgs,
  bankAccount: noArgs,
  bankCard: noArgs,
  fiatDeposit: noArgs,
  foreignExchange: noArgs,
  rapidBuy: noArgs,
  flashRemittance: noArgs,
} satisfies Record<SocketChannel, z.ZodType>;

/** A client message. `requestId` pairs the reply with the request. */
export const socketRequest = z.object({
  op: socketOp,
  channel: socketChannel.optional(),
  args: z.record(z.string(), z.unknown()).optional(),
  requestId: text().max(64).optional(),
});
export type SocketRequest = z.infer<typeof socketRequest>;

const oneOrMany = <T extends z.ZodType>(item: T) => z.union([item, z.array(item)]);
const increment = depthIncrement.extend({ type: z.literal('increment') });

/**
 * What each channel pushes: one schema per channel, reused from the REST contracts, so the
 * gateway publishes and the client reads the same shape (`publish` in the gateway's fan-out and
 * the web's socket client are typed by it; the client parses every push with it).
 */
export const pushPayloads = {
  best_ask_bid: bestAskBid,
  /** The book's snapshot on subscribe, then its increments: one, or a settlement batch's run. */
  orderBook: z.union([
    depth.extend({ type: z.literal('snapshot') }),
    increment,
    z.array(increment),
  ]),
  ticker,
  /** The forming candle of the subscribed interval. */
  candle: candle.extend({ symbol: z.string(), interval: candleInterval }),
  /** A settlement batch's trades of the book (one, or several in order). */
  trade: oneOrMany(marketTrade),
  fills: fill,
  /** The order's latest state (debounced: the latest state per order within 500 ms). */
  order,
  /** The assets whose balances a batch moved for the account: the client refetches them. */
  refreshAsset: z.object({ assets: z.array(z.string()) }),
  /** A crypto deposit of the account changed state or confirmations (Real mode). */
  cryptoDeposit,
  statsTradeVolume: volumeStats,
  /** Operator notices (maintenance, announcements). */
  system: z.object({
    /** NEWS: a news item was published or removed (clients refresh their news, no banner). */
    type: z.enum(['MAINTENANCE', 'ANNOUNCEMENT', 'NOTICE', 'NEWS']),
    message: z.string(),
    ts: z.number().int(),
    /** What a maintenance notice is about (absent: the whole exchange) and whether it began or ended. */
    scope: z.enum(['EXCHANGE', 'ASSET', 'SYMBOL']).optional(),
    code: z.string().optional(),
    active: z.boolean().optional(),
    /** A news item or announcement: its id and the one language it is written in. */
    newsId: z.number().int().optional(),
    language: z.string().optional(),
  }),
  exchangeRate: exchangeRates,
  /** Catalogue changes, merged by code into the client's catalogue (one item, or several). */
  updateAssetItem: oneOrMany(asset),
  updateSymbolItem: oneOrMany(tradingSymbol),
  /**
   * A setting, not a feed: subscribing sets the connection's language and the reply says which
   * (`{ language }`); nothing is ever pushed on it.
   */
  acceptLanguage: z.never(),
  /** A crypto withdrawal of the account in its new state (every state change). */
  withdrawal,
  /** A new notification and the unread count, or the count alone after a mark-read. */
  notification: notificationPush,
  /** The account's partner-bank account changed (opened, failed, e-KYC decided, a fee). */
  bankAccount: partnerBankAccountView,
  /** A fiat withdrawal of the account in its new state (every state change; Real mode). */
  fiatWithdrawal,
  /** A whitelisted bank account changed (added, linked, verified, removed: `deleted`). */
  bankCard: bankAccount.extend({ deleted: z.boolean().optional() }),
  /** A fiat deposit (card or bank) of the account in its new state (Real mode). */
  fiatDeposit,
  /** A foreign exchange of the account in its new state (confirmed, settled, refunded; Real mode). */
  foreignExchange,
  /** A Rapid Buy of the account in its new state (placed, then its order's final state). */
  rapidBuy,
  /** A flash remittance the account sent or receives, in its new state (Real mode). */
  flashRemittance,
} satisfies Record<SocketChannel, z.ZodType>;
export type PushPayload<C extends SocketChannel> = z.infer<(typeof pushPayloads)[C]>;
/** The channels that push. */
export type PushedChannel = Exclude<SocketChannel, 'acceptLanguage'>;
export const PUSHED_CHANNELS = socketChannel.options.filter(
  (c): c is PushedChannel => c !== 'acceptLanguage',
);

/**
 * How a push frame begins on the wire (of one channel, or of any): the gateway writes `event`, then
 * `channel`, first, so a reader may route a frame by this prefix before parsing it, or instead.
 */
export const pushFramePrefix = (channel?: SocketChannel) =>
  channel ? `{"event":"push","channel":"${channel}"` : '{"event":"push"';

/** A pushed channel event, typed by its channel. */
export type SocketPush = {
  [C in SocketChannel]: {
    event: 'push';
    channel: C;
    args?: Record<string, unknown>;
    code: string;
    data: PushPayload<C>;
  };
}[SocketChannel];

const pushEnvelope = z.object({
  event: z.literal('push'),
  channel: socketChannel,
  args: z.record(z.string(), z.unknown()).optional(),
  code: z.string(),
  data: z.unknown(),
});

/** Server messages other than pushes: replies to a request, welcome, pong and session end. */
const controlMessage = z.discriminatedUnion('event', [
  z.object({
    event: z.literal('welcome'),
    code: z.string(),
    data: z.object({ connectionId: z.string() }),
  }),
  z.object({ event: z.literal('pong'), code: z.string(), data: z.object({ ts: z.number() }) }),
  /**
   * A reply's data: the op's REST answer (an order for place, cancel and query), the login or
   * settings result, an error's message variables, or null.
   */
  z.object({
    event: z.literal('reply'),
    op: socketOp,
    requestId: z.string().optional(),
    channel: socketChannel.optional(),
    code: z.string(),
    message: z.string(),
    data: z.union([order, z.record(z.string(), z.unknown()), z.null()]),
  }),
  /**
   * The session this connection logged in with has ended (401, or 4003: the account logged in on
   * another device): the connection is anonymous from now on and the client logs out.
   */
  z.object({
    event: z.literal('sessionEnded'),
    code: z.string(),
    message: z.string(),
    data: z.null(),
  }),
]);
export type SocketMessage = z.infer<typeof controlMessage> | SocketPush;

/**
 * Reads one server message. A push is checked against its channel's schema: one that does not
 * match comes back as `invalid` (with the channel and the first problem) for the client to
 * report; text that is no message at all is `null`.
 */
export function parseSocketMessage(
  raw: string,
): SocketMessage | { event: 'invalid'; channel: string; problem: string } | null {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    return null;
  }
  const envelope = pushEnvelope.safeParse(json);
  if (envelope.success) {
    const { channel } = envelope.data;
    const data = pushPayloads[channel].safeParse(envelope.data.data);
    if (!data.success) {
      const issue = data.error.issues[0];
      return {
        event: 'invalid',
        channel,
        problem: `${issue?.path.join('.') ?? ''}: ${issue?.message ?? 'invalid'}`,
      };
    }
    return { ...envelope.data, data: data.data } as SocketPush;
  }
  const result = controlMessage.safeParse(json);
  return result.success ? result.data : null;
}

/** The socket's upgrade: a GET the gateway answers with a WebSocket. */
export const SOCKET_ENDPOINT = get('/v1/websocket/connect');
