import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AddressInfo } from 'node:net';
import { FlowType, RuntimeMode } from '@exchange/contracts';
import { validIndividualBasic } from '@exchange/contracts/testing/kyc';
import type { TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { Client } from '../../../helpers/socket-client.js';
import { SYSTEM, post } from '../../../../src/features/wallet/ledger/ledger-service.js';
import { requirePermission } from '../../../../src/lib/permissions.js';
import { applicant, kycExchange } from './kyc-setup.js';

let t: TestApp;
let close: () => Promise<void>;
let engine: { stop(): Promise<void> };
let socketUrl: string;
beforeAll(async () => {
  ({ t, close } = await kycExchange({ ORDER_VERDICT_TIMEOUT_MS: '5000' }));
  engine = await startEngine(t);
  socketUrl = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}/v1/websocket/connect`;
});
afterAll(async () => {
  await engine.stop();
  await close();
});

/** Real-mode USDT for a user, through the ledger's own posting service. */
async function creditReal(userId: string, amount: string) {
  await t.app.db.$transaction((tx) =>
    post(tx, {
      mode: RuntimeMode.REAL,
      flowType: FlowType.DEV_CREDIT,
      refType: 'TEST',
      refId: userId,
      at: t.clock.date(),
      legs: [
        { accountId: SYSTEM.external, asset: 'USDT', bucket: 'AVAILABLE', amount: `-${amount}` },
        { accountId: userId, asset: 'USDT', bucket: 'AVAILABLE', amount },
      ],
    }),
  );
}

const buy = (price: string, amount: string) => ({
  symbol: 'BTC_USDT',
  side: 'BUY',
  type: 'LIMIT',
  price,
  amount,
});

async function placeRest(headers: Record<string, string>, body: Record<string, unknown>) {
  return t.app.inject({
    method: 'POST',
    url: '/v1/spot-order/place',
    headers: { ...headers, 'runtime-mode': '0' },
    payload: body,
  });
}

async function realSocket(token: string) {
  const c = await Client.open(socketUrl);
  expect((await c.request('login', { args: { token, runtimeMode: 0 } })).code).toBe('200');
  return c;
}

async function usdtBalance(headers: Record<string, string>) {
  const res = await t.app.inject({
    method: 'GET',
    url: '/v1/wallet/balances',
    headers: { ...headers, 'runtime-mode': '0' },
  });
  return res
    .json<{ data: { asset: string; available: string; frozen: string }[] }>()
    .data.find((b) => b.asset === 'USDT');
}

describe('spot trading in Real mode follows identity verification', () => {
  it('lets a user verified by the provider trade, over REST and the socket', async () => {
    const u = await applicant(t);
    await u.call('POST', '/individual/basic', validIndividualBasic());
    await u.call('POST', '/individual/advanced', await u.advanced());
    expect(await u.decided()).toMatchObject({ status: 'PASS', level: 1 });
    await creditReal(u.userId, '1000');

    const rest = await placeRest(u.headers, buy('100', '0.5'));
    expect(rest.json()).toMatchObject({ code: '200', data: { status: 'NEW' } });
    const c = await realSocket(u.token);
    const viaSocket = await c.request('place', { args: buy('100', '0.25') });
    expect(viaSocket).toMatchObject({ code: '200', data: { status: 'NEW' } });
    c.close();
    expect(await usdtBalance(u.headers)).toMatchObject({ available: '925', frozen: '75' });
  });

  it('refuses an unverified user with 7001 over REST and the socket, changing nothing', async () => {
    const u = await applicant(t);
    await creditReal(u.userId, '1000');
    const rest = await placeRest(u.headers, buy('100', '0.5'));
    expect(rest.statusCode).toBe(403);
    expect(rest.json()).toMatchObject({
      code: '7001',
      message: 'Insufficient KYC level permissions.',
    });
    const c = await realSocket(u.token);
    expect(await c.request('place', { args: buy('100', '0.5') })).toMatchObject({
      code: '7001',
      message: 'Insufficient KYC level permissions.',
    });
    c.close();
    // Under review is still unverified.
    await u.call('POST', '/individual/basic', { ...validIndividualBasic(), lastName: 'Manual' });
    await u.call('POST', '/individual/advanced', await u.advanced());
    expect((await placeRest(u.headers, buy('100', '0.5'))).json()).toMatchObject({
      code: '7001',
    });
    expect(await usdtBalance(u.headers)).toMatchObject({ available: '1000', frozen: '0' });
  });

  it('keeps an opted-out user within 1000 USD per 24 hours, over REST and the socket', async () => {
    const u = await applicant(t, 'INDIVIDUAL', -1);
    await creditReal(u.userId, '5000');
    expect((await placeRest(u.headers, buy('100', '6'))).json()).toMatchObject({
      code: '200',
      data: { status: 'NEW' },
    });
    const over = await placeRest(u.headers, buy('100', '5'));
    expect(over.statusCode).toBe(403);
    expect(over.json()).toMatchObject({
      code: '7034',
      data: { limitUsd: '1000', remainingUsd: '400' },
    });
    const c = await realSocket(u.token);
    expect(await c.request('place', { args: buy('100', '4.01') })).toMatchObject({
      code: '7034',
    });
    expect(await c.request('place', { args: buy('100', '4') })).toMatchObject({ code: '200' });
    c.close();
    expect(await usdtBalance(u.headers)).toMatchObject({ available: '4000', frozen: '1000' });
    expect((await placeRest(u.headers, buy('100', '0.05'))).json()).toMatchObject({
      code: '7034',
      data: { remainingUsd: '0' },
    });
    // A day later the limit is free again (the test session is made to outlive the day).
    await t.app.db.session.updateMany({
      where: { userId: u.userId },
      data: { accessExpiresAt: new Date(t.clock.now() + 48 * 3_600_000) },
    });
    t.clock.advance(24 * 3_600_000 + 1000);
    expect((await placeRest(u.headers, buy('100', '1'))).json()).toMatchObject({ code: '200' });
  });

  it('does not count an opted-out order that could not be placed', async () => {
    const u = await applicant(t, 'INDIVIDUAL', -1);
    expect((await placeRest(u.headers, buy('100', '5'))).json()).toMatchObject({ code: '3001' });
    expect(await t.app.db.kycLimitUsage.count({ where: { userId: u.userId } })).toBe(0);
  });
});

describe('the permission guard', () => {
  it("answers the spec's two messages", () => {
    const real = RuntimeMode.REAL;
    expect(() => requirePermission({ kycLevel: -1 }, real, 'FIAT_DEPOSIT')).toThrow(
      'Customers without identity verification cannot use this feature.',
    );
    expect(() => requirePermission({ kycLevel: -1 }, real, 'FIAT_WITHDRAWAL')).toThrow(
      expect.objectContaining({ code: 7002 }),
    );
    // A limited feature without a limit of its own is refused like a prohibited one.
    expect(() => requirePermission({ kycLevel: -1 }, real, 'CRYPTO_WITHDRAWAL')).toThrow(
      expect.objectContaining({ code: 7002 }),
    );
    expect(requirePermission({ kycLevel: -1 }, real, 'SPOT_TRADE', { allowLimited: true })).toBe(
      'LIMITED',
    );
    for (const kycLevel of [null, 0])
      expect(() => requirePermission({ kycLevel }, real, 'SPOT_TRADE')).toThrow(
        'Insufficient KYC level permissions.',
      );
    expect(requirePermission({ kycLevel: 1 }, real, 'FIAT_DEPOSIT')).toBe('FULL');
    expect(requirePermission({ kycLevel: 0 }, RuntimeMode.DEMO, 'SPOT_TRADE')).toBe('FULL');
    expect(() => requirePermission({ kycLevel: 0 }, RuntimeMode.DEMO, 'FIAT_DEPOSIT')).toThrow(
      expect.objectContaining({ code: 7001 }),
    );
  });
});
