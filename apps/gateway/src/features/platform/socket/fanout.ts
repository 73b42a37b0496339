import type { PushPayload, SocketChannel } from '@exchange/contracts';
import type { RedisClient, RedisConnections } from '../../../lib/redis.js';
import { tradePushDelay } from '../../../lib/metrics.js';

/**
 * Fan-out of socket events through Redis pub/sub, so any gateway instance can serve any client.
 * A topic names a channel and its scope: `ticker:BTC_USDT:1` (public, per symbol and mode) or
 * `order:user:<id>:1` (private). Each instance subscribes to a topic while it has a local
 * subscriber and forwards messages to its own connections.
 */
declare const channelOf: unique symbol;
/** A topic, branded with its channel so that what is published on it has the channel's shape. */
export type Topic<C extends SocketChannel> = string & { readonly [channelOf]: C };

/** One push to publish: the payload's type is the contract's for the topic's channel. */
export type FanoutMessage = {
  [C in SocketChannel]: { topic: Topic<C>; data: PushPayload<C> };
}[SocketChannel];

export interface Fanout {
  publish<C extends SocketChannel>(topic: Topic<C>, data: PushPayload<C>): Promise<void>;
  /**
   * Publishes in order in one pipeline: Redis handles them in one pass and hands them to each
   * gateway in one read, so a connection subscribed to several of them gets one TCP write.
   */
  publishMany(messages: FanoutMessage[]): Promise<void>;
  /**
   * The listener gets the message as published (JSON text) and a lazy parse of it. Returns an
   * unsubscribe function.
   */
  subscribe(topic: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A listener gets the message as published (JSON text), a lazy parse of it, and `frame(head)`:
 * the complete WebSocket frame of the text `${head}${raw}}`, built once per message and head
 * and shared by every connection that sends the same text.
 */
export type Listener = (
  raw: string,
  parsed: () => unknown,
  frame: (head: string) => Buffer,
) => void;

/** An unmasked, final text frame (RFC 6455 section 5.2), as a server sends it. */
export function textFrame(text: string): Buffer {
  const payload = Buffer.from(text, 'utf8');
  const n = payload.length;
  const headerLength = n < 126 ? 2 : n < 65_536 ? 4 : 10;
  const frame = Buffer.allocUnsafe(headerLength + n);
  frame[0] = 0x81;
  if (n < 126) frame[1] = n;
  else if (n < 65_536) {
    frame[1] = 126;
    frame.writeUInt16BE(n, 2);
  } else {
    frame[1] = 127;
    frame.writeBigUInt64BE(BigInt(n), 2);
  }
  payload.copy(frame, headerLength);
  return frame;
}

export function publicTopic<C extends SocketChannel>(channel: C, mode: number, key = ''): Topic<C> {
  return `${channel}:${key}:${mode}` as Topic<C>;
}

export function privateTopic<C extends SocketChannel>(
  channel: C,
  userId: string,
  mode: number,
): Topic<C> {
  return `${channel}:user:${userId}:${mode}` as Topic<C>;
}

/** Channels whose pushes are lists of items (one item, or an array), which may be merged. */
const MERGEABLE = new Set<string>(['orderBook', 'trade']);

/**
 * Joins pushes of a mergeable channel, in order, into one: each is a JSON object (one item) or
 * an array of items, and so is the result, without parsing either.
 */
export function mergeItems(raws: string[]): string {
  if (raws.length === 1) return raws[0] ?? '';
  const parts: string[] = [];
  for (const r of raws) {
    if (r.startsWith('[')) {
      const inner = r.slice(1, -1);
      if (inner.trim()) parts.push(inner);
    } else parts.push(r);
  }
  return `[${parts.join(',')}]`;
}

/**
 * `conflateMs` > 0: the public order-book and trade pushes of one topic that arrive within that
 * many milliseconds reach the subscribers as one push (their items in order), as exchanges
 * publish depth at a fixed cadence. Thousands of subscribers then cost one frame and one write
 * each per interval instead of one per settlement batch; the price is at most `conflateMs` of
 * added delay. Private channels, and everything else, go out at once.
 */
export function createFanout(
  redis: RedisConnections,
  opts: { conflateMs?: number; now?: () => number } = {},
): Fanout {
  const prefix = `${redis.prefix}ws:`;
  const listeners = new Map<string, Set<Listener>>();
  const sub: RedisClient = redis.subscriber;
  const conflateMs = opts.conflateMs ?? 0;
  const queued = new Map<string, string[]>();
  let flushTimer: NodeJS.Timeout | undefined;
  const flush = () => {
    flushTimer = undefined;
    const batch = [...queued];
    queued.clear();
    for (const [topic, raws] of batch) deliver(topic, mergeItems(raws));
  };
  const deliver = (topic: string, message: string) => {
    const set = listeners.get(topic);
    if (!set) return;
    // Parsed at most once, and only if a listener needs the object (most forward the text);
    // framed once per distinct head, however many connections send it.
    let parsed: { value: unknown } | undefined;
    const parse = () => (parsed ??= { value: JSON.parse(message) as unknown }).value;
    const frames = new Map<string, Buffer>();
    const frame = (head: string) => {
      let f = frames.get(head);
      if (!f) {
        f = textFrame(`${head}${message}}`);
        frames.set(head, f);
      }
      return f;
    };
    for (const l of set) l(message, parse, frame);
    if (opts.now && topic.startsWith('trade:')) observeTradeDelay(parse(), opts.now());
  };
  const onMessage = (channel: string, message: string) => {
    const topic = channel.slice(prefix.length);
    if (!listeners.has(topic)) return;
    if (
      conflateMs > 0 &&
      MERGEABLE.has(topic.slice(0, topic.indexOf(':'))) &&
      !topic.includes(':user:')
    ) {
      const list = queued.get(topic);
      if (list) list.push(message);
      else queued.set(topic, [message]);
      flushTimer ??= setTimeout(flush, conflateMs);
      return;
    }
    deliver(topic, message);
  };
  sub.on('message', onMessage);

  return {
    async publish(topic, data) {
      // PUBLISH names a channel, not a key, so the connection's keyPrefix does not apply.
      await redis.publish([[`${prefix}${topic}`, JSON.stringify(data)]]);
    },
    async publishMany(messages) {
      await redis.publish(messages.map((m) => [`${prefix}${m.topic}`, JSON.stringify(m.data)]));
    },
    async subscribe(topic, listener) {
      let set = listeners.get(topic);
      if (!set) {
        set = new Set();
        listeners.set(topic, set);
        await sub.subscribe(`${prefix}${topic}`);
      }
      set.add(listener);
      return async () => {
        const current = listeners.get(topic);
        if (!current) return;
        current.delete(listener);
        if (current.size === 0) {
          listeners.delete(topic);
          await sub.unsubscribe(`${prefix}${topic}`);
        }
      };
    },
    async close() {
      sub.off('message', onMessage);
      clearTimeout(flushTimer);
      queued.clear();
      if (listeners.size > 0)
        await sub.unsubscribe(...[...listeners.keys()].map((t) => `${prefix}${t}`));
      listeners.clear();
    },
  };
}

/**
 * The delay of a trade push, once per topic and process however many sockets it reaches: from
 * the trade's time (the taker's command, stamped by the gateway on the exchange's clock) to its
 * push written to this process's sockets.
 */
function observeTradeDelay(data: unknown, now: number): void {
  for (const t of Array.isArray(data) ? data : [data]) {
    const ts = (t as { ts?: unknown } | null)?.ts;
    if (typeof ts === 'number') tradePushDelay.observe(Math.max(0, now - ts) / 1000);
  }
}
