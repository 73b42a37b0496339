import type { Redis } from 'ioredis';
import type { RedisConnections } from '../../lib/redis.js';

export interface Verdict {
  accepted: boolean;
  code?: number | undefined;
}

/**
 * Waiters for the engine's verdict on a command, announced by settlement over one pattern
 * subscription, so a request can answer "rejected: no counterparty" at once.
 */
export class Verdicts {
  private readonly waiters = new Map<string, (v: Verdict) => void>();
  private readonly pattern: string;
  private readonly onMessage = (_pattern: string, channel: string, message: string) => {
    const id = channel.slice(this.pattern.length - 1);
    const resolve = this.waiters.get(id);
    if (!resolve) return;
    this.waiters.delete(id);
    try {
      resolve(JSON.parse(message) as Verdict);
    } catch {
      resolve({ accepted: false });
    }
  };

  private constructor(private readonly sub: Redis, private readonly redis: RedisConnections) {
    this.pattern = `${redis.prefix}verdict:*`;
    sub.on('pmessage', this.onMessage);
  }

  static async create(redis: RedisConnections): Promise<Verdicts> {
    const v = new Verdicts(redis.subscriber, redis);
    await redis.subscriber.psubscribe(v.pattern);
    return v;
  }

  /** Resolves with the verdict, or null after `timeoutMs` (the order then stays PENDING). */
  wait(commandId: string, timeoutMs: number): { promise: Promise<Verdict | null>; cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    const promise = new Promise<Verdict | null>((resolve) => {
      this.waiters.set(commandId, resolve);
      timer = setTimeout(() => {
        this.waiters.delete(commandId);
        resolve(null);
      }, timeoutMs);
    }).finally(() => clearTimeout(timer));
    return { promise, cancel: () => this.waiters.delete(commandId) };
  }

  async announce(commandId: string, verdict: Verdict): Promise<void> {
    await this.redis.commands.publish(`${this.redis.prefix}verdict:${commandId}`, JSON.stringify(verdict));
  }

  async close(): Promise<void> {
    this.sub.off('pmessage', this.onMessage);
    await this.sub.punsubscribe(this.pattern);
  }
}
