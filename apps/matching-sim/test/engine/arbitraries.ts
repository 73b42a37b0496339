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

const ops = (cancelPlaceWeight: number) =>
  fc.oneof(
    {
      weight: 14,
      arbitrary: fc.record({ kind: fc.constant('place' as const), userId: user, order }),
    },
    {
      weight: 2,
      arbitrary: fc.record({ kind: fc.constant('cancel' as const), userId: user, back: fc.nat(8) }),
    },
    {
      weight: cancelPlaceWeight,
      arbitrary: fc.record({
        kind: fc.constant('cancel-place' as const),
        userId: user,
        back: fc.nat(8),
        // Mostly the owner of the order it replaces, as the gateway sends it.
        own: fc.boolean(),
        order,
      }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('query' as const), userId: user, back: fc.nat(8) }),
    },
  );

/**
 * Random command sequences; cancels and queries point back at earlier order ids. A cancel-place
 * comes once in 18 commands unless `cancelPlaceWeight` (against 18) says otherwise.
 */
export const commandSequence = (maxLength: number, cancelPlaceWeight = 1) =>
  fc
    .array(ops(cancelPlaceWeight), { minLength: Math.min(10, maxLength), maxLength })
    .map((list) => {
      let nextId = 1;
      const owners: number[] = [];
      const pick = (back: number) => Math.max(1, nextId - 1 - back);
      return list.map((o, i): EngineCommand => {
        const base = {
          commandId: `p${i}`,
          runtimeMode: 1,
          symbol: SYMBOL,
          userId: o.userId,
          ts: 1_700_000_000_000 + i * 1000,
        };
        if (o.kind === 'place') {
          owners[nextId] = o.userId;
          return engineCommand.parse({ ...base, kind: 'place', ...o.order, orderId: nextId++ });
        }
        if (o.kind === 'cancel-place') {
          const old = pick(o.back);
          const userId = o.own ? (owners[old] ?? o.userId) : o.userId;
          owners[nextId] = userId;
          return engineCommand.parse({
            ...base,
            userId,
            kind: 'cancel-place',
            cancelOrderId: old,
            order: { ...o.order, orderId: nextId++ },
          });
        }
        return engineCommand.parse({ ...base, kind: o.kind, orderId: pick(o.back) });
      });
    });

const MAX = Number.MAX_SAFE_INTEGER;
/** Two price levels, so huge orders meet and stops fire on the levels they rest at. */
const nearPrice = fc.integer({ min: 1, max: 2 });
/** Lots at `p`: a few, or close to the most a level holds (price x lots stays below 2^53). */
const nearQty = (p: number) =>
  fc.oneof(
    fc.integer({ min: 1, max: 400 }),
    fc.nat(800).map((d) => Math.max(1, Math.floor(MAX / p) - d)),
  );

/** One order whose quantities reach for 2^53 lots: limits, icebergs, stop-limits, markets. */
const nearBoundOrder = fc.oneof(
  {
    weight: 4,
    arbitrary: fc
      .tuple(side, nearPrice, fc.constantFrom('GTC', 'GTC', 'POST_ONLY', 'IOC'))
      .chain(([s, p, tif]) =>
        nearQty(p).map((q) => ({
          side: s,
          type: 'LIMIT',
          price: p,
          quantity: q,
          timeInForce: tif,
        })),
      ),
  },
  {
    weight: 3,
    arbitrary: fc.tuple(side, nearPrice, fc.nat(3)).chain(([s, p, k]) =>
      nearQty(p)
        .filter((q) => q >= 2)
        .map((q) => ({
          side: s,
          type: 'ICEBERG',
          price: p,
          quantity: q,
          // From the thinnest slice allowed (1/100 of the amount) up, below the amount.
          icebergVisible: Math.min(q - 1, Math.ceil(q / 100) + k),
        })),
    ),
  },
  {
    weight: 3,
    arbitrary: fc
      .tuple(side, nearPrice, nearPrice, fc.constantFrom('ABOVE', 'BELOW'))
      .chain(([s, p, trigger, dir]) =>
        nearQty(p).map((q) => ({
          side: s,
          type: 'TRIGGER',
          triggerPrice: trigger,
          triggerDirection: dir,
          price: p,
          quantity: q,
        })),
      ),
  },
  {
    weight: 2,
    arbitrary: fc
      .tuple(side, nearQty(1))
      .map(([s, q]) => ({ side: s, type: 'MARKET', quantity: q })),
  },
);

const nearBoundOp = fc.oneof(
  {
    weight: 10,
    arbitrary: fc.record({
      kind: fc.constant('place' as const),
      userId: user,
      order: nearBoundOrder,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ kind: fc.constant('cancel' as const), userId: user, back: fc.nat(8) }),
  },
);

/** Random command sequences whose order quantities come close to 2^53 lots. */
export const nearBoundSequence = (maxLength: number) =>
  fc.array(nearBoundOp, { minLength: Math.min(10, maxLength), maxLength }).map((ops) => {
    let nextId = 1;
    return ops.map((o, i): EngineCommand => {
      const base = {
        commandId: `n${i}`,
        runtimeMode: 1,
        symbol: SYMBOL,
        userId: o.userId,
        ts: 1_700_000_000_000 + i * 1000,
      };
      if (o.kind === 'place')
        return engineCommand.parse({ ...base, kind: 'place', ...o.order, orderId: nextId++ });
      return engineCommand.parse({
        ...base,
        kind: 'cancel',
        orderId: Math.max(1, nextId - 1 - o.back),
      });
    });
  });
