import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FlowType } from '@exchange/contracts';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { freezeLegs, post, SYSTEM } from '../../../../src/features/wallet/ledger/ledger-service.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({
    DEMO_FUNDING: 'USDT=1000,BTC=0.5',
    TRIAL_FUNDING: 'USDT=100',
    DEV_CREDIT: 'true',
  });
});
afterAll(() => t.close());

const headers = (token: string, mode: string) => ({
  authorization: `Bearer ${token}`,
  'runtime-mode': mode,
});
type Bal = { asset: string; available: string; frozen: string; total: string };
async function balances(token: string, mode: string): Promise<Record<string, Bal>> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/wallet/balances',
    headers: headers(token, mode),
  });
  expect(res.statusCode).toBe(200);
  return Object.fromEntries(res.json<{ data: Bal[] }>().data.map((b) => [b.asset, b]));
}

describe('demo and trial funding', () => {
  it('funds Demo and Trial once on first entry, and leaves Real empty', async () => {
    const { token } = await signIn(t);
    const demo = await balances(token, '1');
    expect(demo.USDT).toMatchObject({ available: '1000', frozen: '0' });
    expect(demo.BTC?.available).toBe('0.5');
    expect(demo.SOL?.available).toBe('0');
    expect((await balances(token, '1')).USDT?.available).toBe('1000');
    expect((await balances(token, '2')).USDT?.available).toBe('100');
    expect((await balances(token, '0')).USDT?.available).toBe('0');
    expect((await balances(token, '0')).SOL?.available).toBe('0');
  });

  it('funds once even when the first requests race', async () => {
    const { token, userId } = await signIn(t);
    await Promise.all(Array.from({ length: 10 }, () => balances(token, '1')));
    const row = await t.app.db.balance.findUniqueOrThrow({
      where: { accountId_mode_asset: { accountId: userId, mode: 1, asset: 'USDT' } },
    });
    expect(row.available.toFixed()).toBe('1000');
  });

  it('resets to the plan, refuses in Real, and refuses with frozen funds', async () => {
    const { token, userId } = await signIn(t);
    await balances(token, '1');
    await t.app.db.$transaction((tx) =>
      post(tx, {
        mode: 1,
        flowType: FlowType.SPOT_TRADE_SETTLEMENT,
        refType: 'TEST',
        refId: '1',
        at: t.clock.date(),
        legs: [
          { accountId: userId, asset: 'USDT', bucket: 'AVAILABLE', amount: '-250' },
          { accountId: userId, asset: 'ETH', bucket: 'AVAILABLE', amount: '3' },
          { accountId: SYSTEM.demoFunding, asset: 'USDT', bucket: 'AVAILABLE', amount: '250' },
          { accountId: SYSTEM.demoFunding, asset: 'ETH', bucket: 'AVAILABLE', amount: '-3' },
        ],
      }),
    );
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/demo/reset',
      headers: headers(token, '1'),
    });
    expect(reset.statusCode).toBe(200);
    const after = await balances(token, '1');
    expect(after.USDT?.available).toBe('1000');
    expect(after.ETH?.available).toBe('0');
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/wallet/demo/reset',
          headers: headers(token, '0'),
        })
      ).json(),
    ).toMatchObject({ code: '1002' });
    await t.app.db.$transaction((tx) =>
      post(tx, {
        mode: 1,
        flowType: FlowType.SPOT_ORDER_FREEZE,
        refType: 'ORDER',
        refId: 'x',
        at: t.clock.date(),
        legs: freezeLegs(userId, 'USDT', '10'),
      }),
    );
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/v1/wallet/demo/reset',
          headers: headers(token, '1'),
        })
      ).json(),
    ).toMatchObject({ code: '1002' });
  });
});

describe('postings', () => {
  it('refuse to overdraw a user balance and change nothing', async () => {
    const { userId } = await signIn(t);
    const credit = (amount: string) =>
      t.app.db.$transaction((tx) =>
        post(tx, {
          mode: 0,
          flowType: FlowType.DEV_CREDIT,
          refType: 'TEST',
          refId: userId,
          at: t.clock.date(),
          legs: [
            { accountId: SYSTEM.external, asset: 'USD', bucket: 'AVAILABLE', amount: `-${amount}` },
            { accountId: userId, asset: 'USD', bucket: 'AVAILABLE', amount },
          ],
        }),
      );
    await credit('100');
    const before = await t.app.db.ledgerEntry.count();
    await expect(
      t.app.db.$transaction((tx) =>
        post(tx, {
          mode: 0,
          flowType: FlowType.SPOT_ORDER_FREEZE,
          refType: 'ORDER',
          refId: 'big',
          at: t.clock.date(),
          legs: freezeLegs(userId, 'USD', '100.01'),
        }),
      ),
    ).rejects.toMatchObject({ code: 3001 });
    expect(await t.app.db.ledgerEntry.count()).toBe(before);
    const row = await t.app.db.balance.findUniqueOrThrow({
      where: { accountId_mode_asset: { accountId: userId, mode: 0, asset: 'USD' } },
    });
    expect(row.available.toFixed()).toBe('100');
  });

  it('refuse unbalanced postings', async () => {
    const { userId } = await signIn(t);
    await expect(
      t.app.db.$transaction((tx) =>
        post(tx, {
          mode: 1,
          flowType: 1,
          refType: 'T',
          refId: '1',
          at: t.clock.date(),
          legs: [{ accountId: userId, asset: 'USDT', bucket: 'AVAILABLE', amount: '1' }],
        }),
      ),
    ).rejects.toThrow(/Unbalanced/);
  });

  it('keep entries immutable', async () => {
    await expect(t.app.db.$executeRaw`UPDATE ledger_entry SET amount = 0`).rejects.toThrow();
  });

  it('lists flows of the past 6 months with their names', async () => {
    const { token } = await signIn(t);
    await balances(token, '1');
    const res = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/flows?pageSize=5',
      headers: headers(token, '1'),
    });
    const flows = res.json<{
      data: { result: { flowName: string; amount: string; asset: string }[] };
    }>().data.result;
    expect(flows.length).toBe(2);
    expect(flows.every((f) => f.flowName === 'DEMO_FUNDING')).toBe(true);
    const old = await t.app.inject({
      method: 'GET',
      url: `/v1/wallet/flows?startTime=${t.clock.now() - 200 * 86_400_000}`,
      headers: headers(token, '1'),
    });
    expect(old.json()).toMatchObject({ code: '3018' });
  });

  it('never credits Real funds through the dev endpoint, even when it is enabled', async () => {
    const { token } = await signIn(t);
    const real = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: headers(token, '0'),
      payload: { asset: 'USDT', amount: '25.5' },
    });
    expect(real.statusCode).toBe(403);
    expect(real.json()).toMatchObject({ code: '2042', data: null });
    expect((await balances(token, '0')).USDT?.available ?? '0').toBe('0');
    expect(await t.app.db.ledgerEntry.count({ where: { mode: 0, refType: 'DEV_CREDIT' } })).toBe(0);
    // Demo: credited on top of the funding plan.
    const demo = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: headers(token, '1'),
      payload: { asset: 'USDT', amount: '25.5' },
    });
    expect(demo.statusCode).toBe(200);
    expect((await balances(token, '1')).USDT?.available).toBe('1025.5');
    const bad = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/dev/credit',
      headers: headers(token, '1'),
      payload: { asset: 'NOPE', amount: '1' },
    });
    expect(bad.json()).toMatchObject({ code: '5008' });
  });

  it('passes the audit: entries sum to zero and every balance equals its entries', async () => {
    const result = await auditLedger(t.app.db);
    expect(result.unbalanced).toEqual([]);
    expect(result.mismatched).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.entries).toBeGreaterThan(0);
  });

  it('detects a balance tampered with outside the ledger', async () => {
    const { userId } = await signIn(t);
    await t.app.db
      .$executeRaw`INSERT INTO balance ("accountId", mode, asset, available) VALUES (${userId}, 1, 'USDT', 5)`;
    const result = await auditLedger(t.app.db);
    expect(result.ok).toBe(false);
    expect(result.mismatched).toEqual([
      expect.objectContaining({ accountId: userId, asset: 'USDT', available: '5' }),
    ]);
    await t.app.db.balance.delete({
      where: { accountId_mode_asset: { accountId: userId, mode: 1, asset: 'USDT' } },
    });
  });
});
