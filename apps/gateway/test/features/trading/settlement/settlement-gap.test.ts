import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { streamKeys } from '../../../../src/features/trading/orders/engine-client.js';

// Redis keeps nothing on disk. If it loses events the engine published before settlement read
// them, the next events arrive after a hole. Settlement must not skip it (those fills would be
// lost for good): it asks the engine for the missing events, which regenerates them from its
// snapshot and journal, and settles them in order.
let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({
    DEMO_FUNDING: 'USDT=100000,BTC=2',
    ORDER_VERDICT_TIMEOUT_MS: '600',
    SETTLEMENT_KEEP_EVENTS: '6',
  });
  engine = await startEngine(t);
});
afterAll(async () => {
  await t.app.db.$executeRawUnsafe(
    'ALTER TABLE spot_trade DROP CONSTRAINT IF EXISTS test_holds_settlement',
  );
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);

describe('settlement after the event stream lost entries', () => {
  it('has the engine write the missing events again and settles every fill once', async () => {
    const keys = streamKeys('0');
    const maker = await signIn(t);
    const taker = await signIn(t);
    for (const u of [maker, taker]) await balance(u.token, 'USDT');
    const ask = await place(maker.token, {
      symbol: 'BTC_USDT',
      side: 'SELL',
      type: 'LIMIT',
      price: '40000',
      amount: '0.555',
    });
    expect(ask.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    const askId = ask.json<{ data: Order }>().data.id;

    // Settlement is held back (it cannot store this trade) while the engine matches and
    // publishes; then the stream loses those events, as a restarted Redis would.
    await t.app.db.$executeRawUnsafe(
      'ALTER TABLE spot_trade ADD CONSTRAINT test_holds_settlement CHECK (quantity <> 0.555)',
    );
    const buy = await place(taker.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '40000',
      amount: '0.555',
    });
    const buyId = buy.json<{ data: Order }>().data.id;
    await until(async () => (await t.app.redis.commands.xlen(keys.output)) >= 2, 5_000);
    const cursor =
      (await t.app.db.engineCursor.findUnique({ where: { shard: '0' } }))?.lastSeq ?? 0;
    await t.app.redis.commands.del(keys.output);
    await t.app.db.$executeRawUnsafe(
      'ALTER TABLE spot_trade DROP CONSTRAINT test_holds_settlement',
    );

    // New events arrive after the hole.
    const bid = await place(maker.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '30000',
      amount: '0.1',
    });
    const bidId = bid.json<{ data: Order }>().data.id;
    await until(async () => (await order(maker.token, bidId)).status === 'NEW', 15_000);
    expect(await t.app.redis.commands.xlen(keys.replay)).toBeGreaterThan(0);

    // Every fill once: the orders, the trade, and every balance to the last unit.
    expect(await order(maker.token, askId)).toMatchObject({ status: 'FILLED', filled: '0.555' });
    expect(await order(taker.token, buyId)).toMatchObject({ status: 'FILLED', filled: '0.555' });
    const trades = await t.app.db.spotTrade.findMany({ where: { makerUserId: maker.userId } });
    expect(trades.map((x) => x.quantity.toFixed())).toEqual(['0.555']);
    expect(await balance(maker.token, 'BTC')).toEqual(
      expect.objectContaining({ available: '1.445', frozen: '0' }),
    );
    // 100000 + 0.555 x 40000 - the bid's 0.1 x 30000 frozen
    expect(await balance(maker.token, 'USDT')).toEqual(
      expect.objectContaining({ available: '119200', frozen: '3000' }),
    );
    expect(await balance(taker.token, 'BTC')).toEqual(
      expect.objectContaining({ available: '2.555', frozen: '0' }),
    );
    expect(await balance(taker.token, 'USDT')).toEqual(
      expect.objectContaining({ available: '77800', frozen: '0' }),
    );
    const settled =
      (await t.app.db.engineCursor.findUnique({ where: { shard: '0' } }))?.lastSeq ?? 0;
    expect(settled).toBeGreaterThan(cursor);
    // The engine's retention watermark follows the committed cursor.
    await until(
      async () => (await t.app.redis.commands.get(keys.settled)) === String(settled),
      5_000,
    );
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
  });

  it('trims settled events from the stream, keeping the last few below its cursor', async () => {
    const keys = streamKeys('0');
    const u = await signIn(t);
    await balance(u.token, 'USDT');
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const res = await place(u.token, {
        symbol: 'BTC_USDT',
        side: 'BUY',
        type: 'LIMIT',
        price: String(20000 + i),
        amount: '0.01',
      });
      ids.push(res.json<{ data: Order }>().data.id);
    }
    await until(async () => (await order(u.token, ids[7]!)).status === 'NEW', 10_000);
    const settled =
      (await t.app.db.engineCursor.findUnique({ where: { shard: '0' } }))?.lastSeq ?? 0;
    const entries = await t.app.redis.commands.xrange(keys.output, '-', '+');
    // Eight commands of two or more events each went through; about six events are kept.
    expect(entries.length).toBeLessThanOrEqual(6);
    const oldest = Number(entries[0]![0].split('-')[1]);
    expect(oldest).toBeGreaterThan(settled - 6 - 8);
    // The newest entry always stays: the engine reads it to publish exactly once.
    expect(Number(entries.at(-1)![0].split('-')[1])).toBe(settled);
  });
});
