import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Sql } from '../../../../src/db/sql.js';
import { checkOrder } from '../../../../src/features/trading/orders/order-rules.js';
import {
  PlacementWriter,
  type NewOrder,
} from '../../../../src/features/trading/orders/order-store.js';
import { tradableSymbol } from '../../../../src/features/trading/orders/symbol-rules.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { trading } from '../../../helpers/trading.js';

// Placement groups orders into `place_orders` batches; under load (a batch in flight) the next
// group grows instead of going out at once with whatever one turn of the event loop brought.
let t: TestApp;
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2' });
});
afterAll(async () => {
  await t.close();
});
const { balance } = trading(() => t);

/** The real pool, each statement held back `ms` first: a batch stays in flight that long. */
const slowSql = (ms: number): Sql =>
  ({
    query: (...args: unknown[]) =>
      new Promise((r) => setTimeout(r, ms)).then(() =>
        (t.app.sql.query as (...a: unknown[]) => Promise<unknown>)(...args),
      ),
  }) as unknown as Sql;

const tick = () => new Promise((r) => setImmediate(r));

async function orders(): Promise<{ userId: string; make: () => NewOrder }> {
  const u = await signIn(t);
  await balance(u.token, 'USDT');
  const checked = checkOrder(
    { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '30000', amount: '0.01' },
    await tradableSymbol(t.app.db, 1, 'BTC_USDT'),
  );
  return {
    userId: u.userId,
    make: () => ({
      userId: u.userId,
      mode: 1,
      symbol: 'BTC_USDT',
      clientOrderId: null,
      side: 'BUY',
      type: 'LIMIT',
      timeInForce: 'GTC',
      triggerDirection: null,
      checked,
      at: t.clock.date(),
    }),
  };
}

describe('placement batching', () => {
  it('sends the first order at once, and groups those arriving while it is in flight into one batch', async () => {
    const { make, userId } = await orders();
    const writer = new PlacementWriter(slowSql(100), { groupMin: 1000, lingerMs: 5000 });
    const placed = [writer.place(make())];
    await tick();
    await tick();
    expect(writer.stats).toEqual({ batches: 1, orders: 1 });
    // Ten more, each in its own turn of the event loop, while the first batch is in flight.
    for (let i = 0; i < 10; i++) {
      placed.push(writer.place(make()));
      await tick();
    }
    expect(writer.stats).toEqual({ batches: 1, orders: 1 });
    const ids = await Promise.all(placed);
    expect(ids.every((p) => p.outcome === 'PLACED')).toBe(true);
    expect(writer.stats).toEqual({ batches: 2, orders: 11 });
    // Each order froze its funds, exactly.
    const frozen = await t.app.db.spotOrder.count({ where: { userId, status: 'PENDING' } });
    expect(frozen).toBe(11);
    const u = await t.app.db.balance.findUniqueOrThrow({
      where: { accountId_mode_asset: { accountId: userId, mode: 1, asset: 'USDT' } },
    });
    expect(u.frozen.toFixed()).toBe('3300');
  });

  it('opens the second lane once groupMin orders are queued, and after lingerMs otherwise', async () => {
    const { make } = await orders();
    const full = new PlacementWriter(slowSql(200), { groupMin: 3, lingerMs: 5000 });
    const a = [full.place(make())];
    await tick();
    await tick();
    for (let i = 0; i < 3; i++) {
      a.push(full.place(make()));
      await tick();
    }
    await tick();
    expect(full.stats).toEqual({ batches: 2, orders: 4 });
    await Promise.all(a);

    const lingering = new PlacementWriter(slowSql(300), { groupMin: 1000, lingerMs: 20 });
    const b = [lingering.place(make())];
    await tick();
    await tick();
    b.push(lingering.place(make()));
    await tick();
    expect(lingering.stats).toEqual({ batches: 1, orders: 1 });
    await new Promise((r) => setTimeout(r, 60));
    expect(lingering.stats).toEqual({ batches: 2, orders: 2 });
    await Promise.all(b);
  });
});
