import fc from 'fast-check';
import { engineCommand, type EngineCommand } from '@exchange/contracts';
import { SYMBOL } from './helpers.js';

const side = fc.constantFrom('BUY' as const, 'SELL' as const);
const price = fc.integer({ min: 98, max: 102 });
const qty = fc.integer({ min: 1, max: 20 });
const user = fc.integer({ min: 1, max: 5 });
const stp = fc.constantFrom(
  'CANCEL_NEWEST' as const,
  'CANCEL_OLDEST' as const,
  'CANCEL_BOTH' as const,
  'NONE' as const,
  'SKIP_OWN' as const,
);

/** One random order, without its id (ids are handed out in sequence). */
const order = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      side,
      type: fc.constant('LIMIT'),
      price,
      quantity: qty,
      timeInForce: fc.constantFrom('GTC', 'GTC', 'IOC', 'FOK', 'POST_ONLY'),
      selfTradePrevention: stp,
    }),
  },
  {
    weight: 2,
    arbitrary: fc
      .record({
        side,
        price,
        quantity: fc.integer({ min: 2, max: 30 }),
        selfTradePrevention: stp,
        v: fc.integer({ min: 1, max: 29 }),
      })
      .map(({ v, ...o }) => ({
        ...o,
        type: 'ICEBERG',
        icebergVisible: Math.min(v, o.quantity - 1),
      })),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      side,
      type: fc.constant('MARKET'),
      quantity: qty,
      selfTradePrevention: stp,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      side,
      type: fc.constant('MARKET'),
      quoteAmount: fc.integer({ min: 95, max: 2000 }),
      selfTradePrevention: stp,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        side,
        type: fc.constant('TRIGGER'),
        triggerPrice: price,
        triggerDirection: fc.constantFrom('ABOVE', 'BELOW'),
        quantity: qty,
        price: fc.option(price, { nil: undefined }),
      },
      { requiredKeys: ['side', 'type', 'triggerPrice', 'triggerDirection', 'quantity'] },
    ),
  },
  {
    weight: 1,
    arbitrary: fc.record(
      {
        side,
        type: fc.constant('TRAILING'),
        trailingDelta: fc.integer({ min: 1, max: 2 }),
        activationPrice: fc.option(price, { nil: undefined }),
        quantity: qty,
      },
      { requiredKeys: ['side', 'type', 'trailingDelta', 'quantity'] },
    ),
  },
);

const op = fc.oneof(
  {
    weight: 14,
    arbitrary: fc.record({ kind: fc.constant('place' as const), userId: user, order }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), userId: user, back: fc.nat(8) }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('cancel-place' as const),
      userId: user,
      back: fc.nat(8),
      order,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('query' as const), userId: user, back: fc.nat(8) }),
  },
);

/** Random command sequences; cancels and queries point back at earlier order ids. */
export const commandSequence = (maxLength: number) =>
  fc.array(op, { minLength: Math.min(10, maxLength), maxLength }).map((ops) => {
    let nextId = 1;
    const pick = (back: number) => Math.max(1, nextId - 1 - back);
    return ops.map((o, i): EngineCommand => {
      const base = {
        commandId: `p${i}`,
        runtimeMode: 1,
        symbol: SYMBOL,
        userId: o.userId,
        ts: 1_700_000_000_000 + i * 1000,
      };
      if (o.kind === 'place')
        return engineCommand.parse({ ...base, kind: 'place', ...o.order, orderId: nextId++ });
      if (o.kind === 'cancel-place')
        return engineCommand.parse({
          ...base,
          kind: 'cancel-place',
          cancelOrderId: pick(o.back),
          order: { ...o.order, orderId: nextId++ },
        });
      return engineCommand.parse({ ...base, kind: o.kind, orderId: pick(o.back) });
    });
  });
