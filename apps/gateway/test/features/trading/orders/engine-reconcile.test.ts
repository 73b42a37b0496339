import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@exchange/contracts';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { sendCommand } from '../../../../src/features/trading/orders/engine-client.js';
import { reconcileWithEngine } from '../../../../src/features/trading/orders/engine-reconcile.js';
import { checkOrder } from '../../../../src/features/trading/orders/order-rules.js';
import { PlacementWriter } from '../../../../src/features/trading/orders/order-store.js';
import { tradableSymbol } from '../../../../src/features/trading/orders/symbol-rules.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { trading, until } from '../../../helpers/trading.js';

// What the exchange cannot heal itself: the database and the engine disagree (a lost journal,
// one side restored from a backup). The operator's command lists it, and makes them agree.
let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2' });
  engine = await startEngine(t);
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);
const opts = (apply: boolean) => ({
  db: t.app.db,
  redis: t.app.redis,
  clock: t.clock,
  shard: '0',
  apply,
});

describe('reconciling the database and the engine', () => {
  it('finds nothing while both agree', async () => {
    const u = await signIn(t);
    const res = await place(u.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      amount: '0.1',
    });
    const id = res.json<{ data: Order }>().data.id;
    await until(async () => (await order(u.token, id)).status === 'NEW');
    expect((await reconcileWithEngine(opts(false))).findings).toEqual([]);
  });

  it('cancels in the database what the engine lost, and in the engine what the database closed', async () => {
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    // An order the database holds open with its funds frozen, which the engine never got (as a
    // lost journal leaves it): written the way a placement is, then marked accepted.
    const checked = checkOrder(
      { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '31000', amount: '0.1' },
      await tradableSymbol(t.app.db, 1, 'BTC_USDT'),
    );
    const placed = await new PlacementWriter(t.app.sql).place({
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
    });
    const lost = placed.id.toString();
    await t.app.db.spotOrder.update({ where: { id: placed.id }, data: { status: 'NEW' } });
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '96900', frozen: '3100' });
    // And an order the engine rests that the database never had.
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: u.userId } });
    const ghost = 900_000_001;
    await sendCommand(t.app.redis, '0', {
      kind: 'place',
      commandId: 'outside:ghost',
      runtimeMode: 1,
      symbol: 'BTC_USDT',
      userId: user.engineId,
      ts: t.clock.now(),
      orderId: ghost,
      side: 'SELL',
      type: 'LIMIT',
      timeInForce: 'GTC',
      price: 9_000_000,
      quantity: 10,
    });
    await until(async () =>
      (await reconcileWithEngine(opts(false))).findings.some((f) => f.side === 'ENGINE_ONLY'),
    );

    const seen = await reconcileWithEngine(opts(false));
    expect(seen.quiet).toBe(true);
    expect(seen.findings.map((f) => [f.side, f.orderId])).toEqual([
      ['DATABASE_ONLY', lost],
      ['ENGINE_ONLY', String(ghost)],
    ]);
    // A dry run changes nothing.
    expect((await order(u.token, lost)).status).toBe('NEW');

    const done = await reconcileWithEngine(opts(true));
    expect(done.applied).toBe(2);
    expect((await order(u.token, lost)).status).toBe('CANCELED');
    expect(await balance(u.token, 'USDT')).toMatchObject({ available: '100000', frozen: '0' });
    await until(async () => (await reconcileWithEngine(opts(false))).findings.length === 0);
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
  });
});
