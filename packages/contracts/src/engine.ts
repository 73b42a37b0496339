import { z } from 'zod';
import { orderSide, timeInForce } from './order.js';
import { runtimeMode } from './runtime-mode.js';

/**
 * Contracts of the matching engine: the commands the gateway appends to a shard's input stream
 * and the events the engine writes to its output stream. Prices are integer tick counts and
 * quantities integer lot counts (the symbol's tickSize and stepSize scale them back to
 * decimals), so the engine never touches floating point money.
 */

/**
 * The Redis Cluster hash tag of an engine shard: every key of the shard (its streams, the
 * settled watermark, settlement's lock) carries it, so they sit in one slot and the engine's
 * XREAD over commands and control, and any MULTI or script over them, is legal on a cluster.
 * A shard name is `[\w-]+`, never a brace, so the tag is exactly the name.
 */
export function engineShardTag(shard: string): string {
  return `{${shard}}`;
}

/**
 * Redis streams of one engine shard (a connection's key prefix applies): commands in, events
 * out, and the replay channel: a reader that finds events missing from `output` (Redis keeps
 * nothing on disk) asks on `control` (`replayFrom <seq>`) and the engine writes them,
 * regenerated from its snapshot and journal, to `replay`. All carry the shard's hash tag.
 */
export function engineStreamKeys(shard: string): {
  input: string;
  output: string;
  control: string;
  replay: string;
  settled: string;
  listing: string;
  heartbeat: string;
  behind: string;
} {
  const tag = engineShardTag(shard);
  return {
    input: `engine:${tag}:commands`,
    output: `engine:${tag}:events`,
    control: `engine:${tag}:control`,
    replay: `engine:${tag}:replay`,
    /**
     * The last event seq settlement has committed (settlement writes it after each batch): the
     * engine keeps the snapshot and journal needed to write every later event again.
     */
    settled: `engine:${tag}:settled`,
    /** The answer to a `listOrders <token>` control request: every order the engine holds. */
    listing: `engine:${tag}:listing`,
    /** The shard's engine is alive: the time of its last beat, expiring after three missed beats. */
    heartbeat: `engine:${tag}:heartbeat`,
    /**
     * Present while the shard's engine waits for its books to be rebuilt from the database: it
     * started with a journal that ends below what the output stream holds or settlement
     * committed (its data folder lost, or older than the exchange). JSON: engineBehind.
     */
    behind: `engine:${tag}:behind`,
  };
}

/**
 * An order the engine holds, as it lists them on the control stream (`listOrders`) for the
 * operator's reconciliation and the rebuild checks: prices in ticks (a stop's limit price, 0 for
 * none), quantities in lots, the user's engine id.
 */
export interface EngineHeldOrder {
  book: string;
  orderId: number;
  userId: number;
  side: 'BUY' | 'SELL';
  price: number;
  remaining: number;
  filled: number;
}

/** What an engine that is behind says in its `behind` key (see engineStreamKeys). */
export interface EngineBehind {
  /** The seq its snapshot and journal reach. */
  seq: number;
  /** The top of its output stream, and settlement's committed seq (`settled`), when it started. */
  streamSeq: number;
  settledSeq: number;
  /** Its data folder (the shard's). */
  dataDir: string;
  /** Set when a rebuild was refused: why, and the request's token. */
  error?: string;
  token?: string;
}

/**
 * Some matching engine is alive (every shard's engine beats it, beside its own shard's key): the
 * time of the last beat, expiring after three missed beats.
 */
export const ENGINE_HEARTBEAT_KEY = 'matching:heartbeat';

/** A non-negative integer within Number.MAX_SAFE_INTEGER, sent as a number or a decimal string. */
export const engineInt = z
  .union([z.number(), z.string().regex(/^\d{1,16}$/, 'must be an integer decimal string')])
  .transform((v) => Number(v))
  .pipe(z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER));
const positiveInt = engineInt.pipe(z.number().positive());

/**
 * Which order to cancel when a taker would trade with an order of the same user. SKIP_OWN
 * cancels none: the taker passes over the user's own resting orders, which stay untouched, and
 * trades with the others behind them (Rapid Buy's market buy; for takers that never rest, MARKET
 * and IOC/FOK, so the book never crosses).
 */
export const selfTradePrevention = z.enum([
  'CANCEL_NEWEST',
  'CANCEL_OLDEST',
  'CANCEL_BOTH',
  'NONE',
  'SKIP_OWN',
]);
export type SelfTradePrevention = z.infer<typeof selfTradePrevention>;

export const triggerDirection = z.enum(['ABOVE', 'BELOW']);
export type TriggerDirection = z.infer<typeof triggerDirection>;

const commandBase = z.object({
  commandId: z.string().min(1).max(100),
  runtimeMode,
  symbol: z.string().min(1).max(40),
  userId: positiveInt,
  /** Epoch milliseconds stamped by the gateway; events copy it, so replay is deterministic. */
  ts: engineInt,
});

/** What to place: shared by `place` and the new half of `cancel-place`. */
export const engineOrderSpec = z.object({
  orderId: positiveInt,
  clientOrderId: z.string().max(64).optional(),
  side: orderSide,
  type: z.enum(['LIMIT', 'MARKET', 'ICEBERG', 'TRIGGER', 'TRAILING']),
  timeInForce: timeInForce.default('GTC'),
  /** Limit price in ticks; for TRIGGER and TRAILING its presence makes a stop-limit. */
  price: positiveInt.optional(),
  /** Base quantity in lots. A MARKET order gives either quantity or quoteAmount. */
  quantity: positiveInt.optional(),
  /** MARKET by quote amount, in tick x lot units (price ticks times lots). */
  quoteAmount: positiveInt.optional(),
  /** ICEBERG: lots shown at a time; must be below quantity. */
  icebergVisible: positiveInt.optional(),
  triggerPrice: positiveInt.optional(),
  triggerDirection: triggerDirection.optional(),
  /** TRAILING: distance in ticks between the best price seen and the trigger. */
  trailingDelta: positiveInt.optional(),
  activationPrice: positiveInt.optional(),
  selfTradePrevention: selfTradePrevention.default('CANCEL_NEWEST'),
});
export type EngineOrderSpec = z.infer<typeof engineOrderSpec>;

export const placeCommand = commandBase.extend({
  kind: z.literal('place'),
  ...engineOrderSpec.shape,
});
export const cancelCommand = commandBase.extend({
  kind: z.literal('cancel'),
  orderId: positiveInt,
});
/**
 * Cancels `cancelOrderId` and places `order` in one step, all or nothing: the replacement is
 * judged against the book as if the old order were gone (no counterparty to it, its lots out of
 * its level). Refused, the answer is one REJECTED event for the new order with the reason, and
 * the old order stays exactly as it was, time priority included; otherwise the old order's
 * CANCELED (REPLACED) status comes first, then the new order's events as for a place.
 */
export const cancelPlaceCommand = commandBase.extend({
  kind: z.literal('cancel-place'),
  cancelOrderId: positiveInt,
  order: engineOrderSpec,
});
export const queryCommand = commandBase.extend({ kind: z.literal('query'), orderId: positiveInt });

export const engineCommand = z.discriminatedUnion('kind', [
  placeCommand,
  cancelCommand,
  cancelPlaceCommand,
  queryCommand,
]);
export type EngineCommand = z.infer<typeof engineCommand>;
export type EngineCommandInput = z.input<typeof engineCommand>;
export type PlaceCommand = z.infer<typeof placeCommand>;
export type CancelCommand = z.infer<typeof cancelCommand>;
export type CancelPlaceCommand = z.infer<typeof cancelPlaceCommand>;
export type QueryCommand = z.infer<typeof queryCommand>;

/**
 * One order of a rebuild (the `rebuild` control request): an open order of the database, as
 * the engine holds it. `spec` is the order as it was placed (ticks and lots); `filled` and
 * `remaining` are lots; `pending` marks a stop or trailing order still waiting for its price
 * (`active`: a trailing order already following the price).
 */
export const engineRebuildOrder = z.object({
  runtimeMode,
  symbol: z.string().min(1).max(40),
  userId: positiveInt,
  spec: engineOrderSpec,
  filled: engineInt,
  remaining: engineInt,
  pending: z.boolean(),
  active: z.boolean().default(false),
});
export type EngineRebuildOrder = z.infer<typeof engineRebuildOrder>;

/**
 * The `rebuild <json>` control request: the books of a shard from the database's open orders,
 * in time priority (oldest first), as of settlement's committed seq `seq`, the seq the engine
 * continues from. `lastPrices` are each book's (`<mode>:<symbol>`) last trade price in ticks.
 */
export const engineRebuild = z.object({
  token: z.string().min(1),
  seq: engineInt,
  orders: z.array(engineRebuildOrder),
  lastPrices: z.record(z.string(), engineInt).default({}),
});
export type EngineRebuild = z.infer<typeof engineRebuild>;
export type EngineRebuildInput = z.input<typeof engineRebuild>;

/** Statuses an engine order moves through (a subset of OrderStatus). */
export const engineOrderStatus = z.enum([
  'NEW',
  'PARTIALLY_FILLED',
  'FILLED',
  'CANCELED',
  'TRIGGERED',
  'TRAILING',
  'EXPIRED',
  'REJECTED',
]);
export type EngineOrderStatus = z.infer<typeof engineOrderStatus>;

/** Why an order left the book without filling (not an error: the command itself succeeded). */
export const engineCancelReason = z.enum([
  'USER',
  'REPLACED',
  'IOC_REMAINDER',
  'MARKET_REMAINDER',
  'SELF_TRADE',
]);
export type EngineCancelReason = z.infer<typeof engineCancelReason>;

const eventBase = z.object({
  /** Gap-free sequence number per shard, starting at 1. */
  seq: z.number().int().positive(),
  commandId: z.string(),
  ts: z.number().int(),
  runtimeMode,
  symbol: z.string(),
});

export const engineEvent = z.discriminatedUnion('type', [
  eventBase.extend({
    type: z.literal('ACCEPTED'),
    orderId: z.number().int(),
    userId: z.number().int(),
    clientOrderId: z.string().optional(),
  }),
  /**
   * The command failed as a whole and changed nothing; for a place (and the new order of a
   * cancel-place) this is the order's REJECTED status.
   */
  eventBase.extend({
    type: z.literal('REJECTED'),
    orderId: z.number().int(),
    userId: z.number().int(),
    /** A trading error code of the catalogue (3000-3999), e.g. 3002 NO_COUNTERPARTY. */
    code: z.number().int(),
    clientOrderId: z.string().optional(),
  }),
  eventBase.extend({
    type: z.literal('TRADE'),
    price: z.number().int(),
    quantity: z.number().int(),
    takerSide: orderSide,
    makerOrderId: z.number().int(),
    makerUserId: z.number().int(),
    takerOrderId: z.number().int(),
    takerUserId: z.number().int(),
  }),
  eventBase.extend({
    type: z.literal('ORDER_STATUS'),
    orderId: z.number().int(),
    userId: z.number().int(),
    status: engineOrderStatus,
    filledQuantity: z.number().int(),
    /** Lots still open; for CANCELED and EXPIRED, the lots that were cancelled. */
    remainingQuantity: z.number().int(),
    reason: engineCancelReason.optional(),
  }),
  eventBase.extend({
    type: z.literal('BOOK_DELTA'),
    side: orderSide,
    price: z.number().int(),
    /** Visible lots now resting at this price level; 0 removes the level. */
    quantity: z.number().int(),
  }),
  eventBase.extend({
    type: z.literal('ORDER_STATE'),
    orderId: z.number().int(),
    userId: z.number().int(),
    found: z.boolean(),
    side: orderSide.optional(),
    price: z.number().int().optional(),
    remainingQuantity: z.number().int().optional(),
    filledQuantity: z.number().int().optional(),
    status: engineOrderStatus.optional(),
  }),
  eventBase.extend({
    type: z.literal('DUPLICATE'),
    /** The first answer to this commandId: its first and last event seq and its outcome. */
    firstSeq: z.number().int(),
    lastSeq: z.number().int(),
    accepted: z.boolean(),
    code: z.number().int().optional(),
  }),
]);
export type EngineEvent = z.infer<typeof engineEvent>;
export type EngineEventType = EngineEvent['type'];

/**
 * A symbol as the engine sees it. tickSize and stepSize are the decimal scale factors between
 * ticks/lots and prices/quantities; minQty is in lots and minNotional in tick x lot units.
 */
export const engineSymbolSpec = z.object({
  symbol: z.string().min(1),
  tickSize: z.string().regex(/^\d+(\.\d+)?$/),
  stepSize: z.string().regex(/^\d+(\.\d+)?$/),
  minQty: engineInt,
  minNotional: engineInt,
});
export type EngineSymbolSpec = z.infer<typeof engineSymbolSpec>;

/**
 * Converts a decimal string to an integer count of `unit` (a tick or a step), or null when the
 * value is not an exact multiple. Works on digits, never floats, so 0.3 / 0.1 is exactly 3.
 */
export function toUnits(value: string, unit: string): number | null {
  const scale = Math.max(decimals(value), decimals(unit));
  const v = scaled(value, scale);
  const u = scaled(unit, scale);
  if (u === 0n || v % u !== 0n) return null;
  const n = v / u;
  return n > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(n);
}

/** Integer count of `unit` back to a decimal string. */
export function fromUnits(count: number, unit: string): string {
  const d = decimals(unit);
  const raw = (BigInt(count) * scaled(unit, d)).toString().padStart(d + 1, '0');
  if (d === 0) return raw;
  const out = `${raw.slice(0, -d)}.${raw.slice(-d)}`.replace(/\.?0+$/, '');
  return out === '' ? '0' : out;
}

function decimals(s: string): number {
  const i = s.indexOf('.');
  return i < 0 ? 0 : s.length - i - 1;
}

function scaled(s: string, scale: number): bigint {
  const [int = '0', frac = ''] = s.split('.');
  return BigInt(int + frac.padEnd(scale, '0'));
}
