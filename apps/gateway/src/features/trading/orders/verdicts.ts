import type { Order } from '@exchange/contracts';
import type { RedisClient, RedisConnections } from '../../../lib/redis.js';

export interface Verdict {
  accepted: boolean;
  code?: number | undefined;
  orderId?: string | undefined;
  /** For a placement: the order as settled in the same batch (status, fills). */
  order?: Order | undefined;
}

/**
 * Waiters for the engine's verdict on a command. Settlement announces every verdict of a batch
 * in one message on one channel (every gateway instance hears it and resolves its own
 * waiters), so a request can answer "accepted", "filled" or "rejected: no counterparty" at once.
 */
export class Verdicts {
  /** Every request waiting on a command id (a retried request may wait beside the first). */
  private readonly waiters = new Map<string, Set<(v: Verdict) => void>>();
  private readonly channel: string;
  private readonly onMessage = (channel: string, message: string) => {
    if (channel !== this.channel || this.waiters.size === 0) return;
    let list: (Verdict & { commandId: string })[];
    try {
      list = JSON.parse(message) as (Verdict & { commandId: string })[];
    } catch {
      return;
    }
    for (const v of list) {
      const waiting = this.waiters.get(v.commandId);
      if (!waiting) continue;
      this.waiters.delete(v.commandId);
      for (const resolve of waiting) resolve(v);
    }
  };

  private constructor(
    private readonly sub: RedisClient,
    private readonly redis: RedisConnections,
  ) {
    this.channel = `${redis.prefix}verdicts`;
    sub.on('message', this.onMessage);
  }

  static async create(redis: RedisConnections): Promise<Verdicts> {
    const v = new Verdicts(redis.subscriber, redis);
    await redis.subscriber.subscribe(v.channel);
    return v;
  }

  /** Resolves with the verdict, or null after `timeoutMs` (the order then stays PENDING). */
  wait(commandId: string, timeoutMs: number): { promise: Promise<Verdict | null>; cancel(): void } {
    let timer: NodeJS.Timeout | undefined;
    let resolver: ((v: Verdict | null) => void) | undefined;
    const stopWaiting = () => {
      const waiting = this.waiters.get(commandId);
      if (resolver) waiting?.delete(resolver);
      if (waiting?.size === 0) this.waiters.delete(commandId);
    };
    const promise = new Promise<Verdict | null>((resolve) => {
      resolver = resolve;
      const waiting = this.waiters.get(commandId) ?? new Set();
      waiting.add(resolve);
      this.waiters.set(commandId, waiting);
      timer = setTimeout(() => {
        stopWaiting();
        resolve(null);
      }, timeoutMs);
    }).finally(() => clearTimeout(timer));
    return { promise, cancel: stopWaiting };
  }

  /** Announces a batch's verdicts (in sequence order) to every instance. */
  async announce(verdicts: (Verdict & { commandId: string })[]): Promise<void> {
    if (verdicts.length === 0) return;
    await this.redis.publish([[this.channel, JSON.stringify(verdicts)]]);
  }

  async close(): Promise<void> {
    this.sub.off('message', this.onMessage);
    await this.sub.unsubscribe(this.channel);
  }
}
