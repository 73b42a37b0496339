import {
  engineCommand,
  type EngineCommand,
  type EngineEvent,
  type EngineOrderSpec,
} from '@exchange/contracts';
import { FastBook } from '../../src/engine/fast-book.js';
import type { OrderBookFactory } from '../../src/engine/order-book.js';
import { ReferenceBook } from '../../src/engine/reference-book.js';
import { ShardEngine } from '../../src/engine/shard-engine.js';

export const SYMBOL = 'TST-HKD';
export const specs = [
  { symbol: SYMBOL, tickSize: '0.01', stepSize: '0.001', minQty: 1, minNotional: 1 },
];

export const implementations: [string, OrderBookFactory][] = [
  ['reference book', () => new ReferenceBook()],
  ['fast book', () => new FastBook()],
];

type OrderInput = Partial<Omit<EngineOrderSpec, 'side' | 'type'>> &
  Pick<EngineOrderSpec, 'side' | 'type'>;

/** A shard plus terse command builders, numbering orders and commands itself. */
export class Harness {
  readonly shard: ShardEngine;
  private nextOrder = 1;
  private nextCommand = 1;
  readonly log: EngineEvent[] = [];

  constructor(factory: OrderBookFactory, options: { minQty?: number; minNotional?: number } = {}) {
    this.shard = new ShardEngine(
      [{ ...specs[0]!, minQty: options.minQty ?? 1, minNotional: options.minNotional ?? 1 }],
      factory,
    );
  }

  send(input: Record<string, unknown>): EngineEvent[] {
    const cmd: EngineCommand = engineCommand.parse({
      commandId: `c${this.nextCommand++}`,
      runtimeMode: 1,
      symbol: SYMBOL,
      userId: 1,
      ts: 1_700_000_000_000,
      ...input,
    });
    const events = this.shard.handle(cmd);
    this.log.push(...events);
    return events;
  }

  /** Places an order; returns its id and the events. */
  place(o: OrderInput & { userId?: number }): { id: number; events: EngineEvent[] } {
    const id = o.orderId ?? this.nextOrder++;
    return { id, events: this.send({ kind: 'place', ...o, orderId: id }) };
  }

  limit(
    side: 'BUY' | 'SELL',
    price: number,
    quantity: number,
    extra: Partial<OrderInput> & { userId?: number } = {},
  ) {
    return this.place({ side, type: 'LIMIT', price, quantity, ...extra });
  }

  get book() {
    const b = this.shard.book(1, SYMBOL);
    if (b === undefined) throw new Error('no book yet');
    return b.book;
  }
}

export function ofType<T extends EngineEvent['type']>(
  events: EngineEvent[],
  type: T,
): Extract<EngineEvent, { type: T }>[] {
  return events.filter((e): e is Extract<EngineEvent, { type: T }> => e.type === type);
}

/** Statuses in order, as "orderId:STATUS". */
export function statuses(events: EngineEvent[]): string[] {
  return ofType(events, 'ORDER_STATUS').map((e) => `${e.orderId}:${e.status}`);
}
