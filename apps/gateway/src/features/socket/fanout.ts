import type { Redis } from 'ioredis';
import type { SocketChannel } from '@exchange/contracts';
import type { RedisConnections } from '../../lib/redis.js';

/**
 * Fan-out of socket events through Redis pub/sub, so any gateway instance can serve any client.
 * A topic names a channel and its scope: `ticker:BTC_USDT:1` (public, per symbol and mode) or
 * `order:user:<id>:1` (private). Each instance subscribes to a topic while it has a local
 * subscriber and forwards messages to its own connections.
 */
export interface Fanout {
  publish(topic: string, data: unknown): Promise<void>;
  /** Returns an unsubscribe function. */
  /** The listener gets the message as published (JSON text) and a lazy parse of it. */
  subscribe(topic: string, listener: Listener): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * A listener gets the message as published (JSON text), a lazy parse of it, and `frame(head)`:
 * the complete WebSocket frame of the text `${head}${raw}}`, built once per message and head
 * and shared by every connection that sends the same text.
 */
export type Listener = (raw: string, parsed: () => unknown, frame: (head: string) => Buffer) => void;

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

export function publicTopic(channel: SocketChannel, mode: number, key = ''): string {
  return `${channel}:${key}:${mode}`;
}

export function privateTopic(channel: SocketChannel, userId: string, mode: number): string {
  return `${channel}:user:${userId}:${mode}`;
}

export function createFanout(redis: RedisConnections): Fanout {
  const prefix = `${redis.prefix}ws:`;
  const listeners = new Map<string, Set<Listener>>();
  const sub: Redis = redis.subscriber;
  const onMessage = (channel: string, message: string) => {
    const set = listeners.get(channel.slice(prefix.length));
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
  };
  sub.on('message', onMessage);

  return {
    async publish(topic, data) {
      // PUBLISH names a channel, not a key, so the connection's keyPrefix does not apply.
      await redis.commands.publish(`${prefix}${topic}`, JSON.stringify(data));
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
      if (listeners.size > 0) await sub.unsubscribe(...[...listeners.keys()].map((t) => `${prefix}${t}`));
      listeners.clear();
    },
  };
}
