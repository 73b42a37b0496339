import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import pg from 'pg';
import { eventually, sleep } from '../../../helpers/wait.js';
import { startEngine } from '../../../helpers/engine.js';
import { trading, until } from '../../../helpers/trading.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';

// Settlement pipelines its batches and keeps the orders it settles in memory. When a write
// fails, the batches queued behind it fail too; everything must then be applied exactly once
// after the fault clears: no fill counted twice, none lost, balances to the last unit.
let t: TestApp;
let engine: { stop(): Promise<void> };
beforeAll(async () => {
  t = await build({ DEMO_FUNDING: 'USDT=100000,BTC=2', ORDER_VERDICT_TIMEOUT_MS: '600' });
  engine = await startEngine(t);
});
afterAll(async () => {
  await t.app.db.$executeRawUnsafe(
    'ALTER TABLE spot_trade DROP CONSTRAINT IF EXISTS test_blocks_settlement',
  );
  await engine.stop();
  await t.close();
});

const { place, balance, order } = trading(() => t);

describe('settlement after a failed batch', () => {
  it('applies every batch exactly once once the fault clears', async () => {
    const maker = await signIn(t);
    const takers = [await signIn(t), await signIn(t), await signIn(t)];
    for (const u of [maker, ...takers]) await balance(u.token, 'USDT');

    // The maker's asks rest first and settle normally.
    const asks: string[] = [];
    for (const [price, amount] of [
      ['50000', '0.777'],
      ['50001', '0.1'],
      ['50002', '0.1'],
      ['50003', '0.1'],
    ] as const) {
      const res = await place(maker.token, {
        symbol: 'BTC_USDT',
        side: 'SELL',
        type: 'LIMIT',
        price,
        amount,
      });
      expect(res.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
      asks.push(res.json<{ data: Order }>().data.id);
    }

    // From now on a trade of 0.777 BTC cannot be stored: its batch, and those behind it, fail.
    await t.app.db.$executeRawUnsafe(
      'ALTER TABLE spot_trade ADD CONSTRAINT test_blocks_settlement CHECK (quantity <> 0.777)',
    );
    const first = await place(takers[0]!.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.777',
    });
    // One after the other, so that each meets the ask its price names.
    const rest = [];
    for (const [i, u] of takers.entries()) {
      rest.push(
        await place(u.token, {
          symbol: 'BTC_USDT',
          side: 'BUY',
          type: 'LIMIT',
          price: String(50001 + i),
          amount: '0.1',
          timeInForce: 'IOC',
        }),
      );
    }
    // No verdict could be settled: the orders answer as they stand, still pending.
    const ids = [first, ...rest].map((r) => r.json<{ data: Order }>().data.id);
    for (const r of [first, ...rest])
      expect(r.json()).toMatchObject({ code: '200', data: { status: 'PENDING' } });
    await sleep(1200);
    // Settlement has tried (and failed) more than once by now: nothing of it is visible.
    expect((await order(maker.token, asks[0]!)).status).toBe('NEW');
    expect(await balance(maker.token, 'BTC')).toEqual(
      expect.objectContaining({ available: '0.923', frozen: '1.077' }),
    );

    await t.app.db.$executeRawUnsafe(
      'ALTER TABLE spot_trade DROP CONSTRAINT test_blocks_settlement',
    );
    await until(async () => {
      const all = await Promise.all(
        ids.map((id, i) => order(i === 0 ? takers[0]!.token : takers[i - 1]!.token, id)),
      );
      return all.every((o) => o.status === 'FILLED');
    }, 15_000);

    // Each fill counted once: the orders, the trades, and every balance to the last unit.
    for (const [i, id] of asks.entries()) {
      expect(await order(maker.token, id)).toMatchObject({
        status: 'FILLED',
        filled: i === 0 ? '0.777' : '0.1',
      });
    }
    const trades = await t.app.db.spotTrade.findMany({ where: { makerUserId: maker.userId } });
    expect(trades.map((x) => x.quantity.toFixed()).sort()).toEqual(['0.1', '0.1', '0.1', '0.777']);
    expect(await balance(maker.token, 'BTC')).toEqual(
      expect.objectContaining({ available: '0.923', frozen: '0' }),
    );
    // 0.777 x 50000 + 0.1 x (50001 + 50002 + 50003)
    expect(await balance(maker.token, 'USDT')).toEqual(
      expect.objectContaining({ available: '153850.6', frozen: '0' }),
    );
    expect(await balance(takers[0]!.token, 'BTC')).toEqual(
      expect.objectContaining({ available: '2.877', frozen: '0' }),
    );
    expect(await balance(takers[0]!.token, 'USDT')).toEqual(
      expect.objectContaining({ available: '56149.9', frozen: '0' }),
    );
    for (const [i, u] of takers.slice(1).entries()) {
      expect(await balance(u.token, 'BTC')).toEqual(
        expect.objectContaining({ available: '2.1', frozen: '0' }),
      );
      expect(await balance(u.token, 'USDT')).toEqual(
        expect.objectContaining({ available: ['94999.8', '94999.7'][i], frozen: '0' }),
      );
    }
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
  });

  it('goes on settling after Postgres drops every connection', async () => {
    const maker = await signIn(t);
    const taker = await signIn(t);
    for (const u of [maker, taker]) await balance(u.token, 'USDT');
    const cross = async (price: string) => {
      const ask = await place(maker.token, {
        symbol: 'BTC_USDT',
        side: 'SELL',
        type: 'LIMIT',
        price,
        amount: '0.01',
      });
      const askId = ask.json<{ data: Order }>().data.id;
      await place(taker.token, {
        symbol: 'BTC_USDT',
        side: 'BUY',
        type: 'LIMIT',
        price,
        amount: '0.01',
      });
      return askId;
    };
    const before = await cross('51000');
    await until(async () => (await order(maker.token, before)).status === 'FILLED', 10_000);

    // What a database restart or an administrator's pg_terminate_backend does: every backend
    // of this database goes, the settlement writer's checked-out connection with them.
    const admin = new pg.Client({ connectionString: t.env.DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(
        `SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE datname = current_database() AND pid <> pg_backend_pid()`,
      );
    } finally {
      await admin.end();
    }
    await sleep(200);

    const after = await eventually(
      () => cross('51001').catch(() => null),
      (id) => id !== null,
      10_000,
      500,
    );
    await until(async () => (await order(maker.token, after ?? '')).status === 'FILLED', 20_000);
    const audit = await auditLedger(t.app.db);
    expect(audit.unbalanced).toEqual([]);
    expect(audit.mismatched).toEqual([]);
    expect(audit.negative).toBe(0);
  }, 60_000);
});
