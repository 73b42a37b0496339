import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, signIn, type TestApp } from '../helpers/build.js';
import { bearer } from '../helpers/auth.js';

let t: TestApp;
let auth: Record<string, string>;
beforeAll(async () => {
  t = await build({ DEV_CREDIT: 'true' });
  auth = bearer((await signIn(t, { kycLevel: 1 })).token);
});
afterAll(() => t.close());

const NUL = '\u0000';

/** A request with a NUL byte in one string; `private` ones carry a session. */
interface Probe {
  name: string;
  method: 'GET' | 'POST';
  url: string;
  payload?: unknown;
  private?: boolean;
}

const q = encodeURIComponent(NUL);
const PROBES: Probe[] = [
  {
    name: 'analytics event',
    method: 'POST',
    url: '/v1/logging/public/events',
    payload: { events: [{ category: `page${NUL}`, action: 'view' }] },
  },
  {
    name: 'analytics label',
    method: 'POST',
    url: '/v1/logging/public/events',
    payload: { events: [{ category: 'page', action: 'view', label: `x${NUL}` }] },
  },
  {
    name: 'login e-mail',
    method: 'POST',
    url: '/v1/auth/public/login',
    payload: { email: `a${NUL}@example.com`, password: 'Str0ng!pass', puzzleToken: 'p' },
  },
  {
    name: 'login puzzle token',
    method: 'POST',
    url: '/v1/auth/public/login',
    payload: { email: 'a@example.com', password: 'Str0ng!pass', puzzleToken: `p${NUL}` },
  },
  {
    name: 'register code',
    method: 'POST',
    url: '/v1/auth/public/register/code',
    payload: { email: `a${NUL}@example.com`, puzzleToken: 'p' },
  },
  {
    name: 'puzzle answer',
    method: 'POST',
    url: '/v1/auth/public/puzzle/verify',
    payload: {
      puzzleId: `x${NUL}`,
      trace: [
        { t: 0, x: 0 },
        { t: 900, x: 40 },
      ],
    },
  },
  {
    name: 'refresh token',
    method: 'POST',
    url: '/v1/auth/public/token/refresh',
    payload: { refreshToken: `r${NUL}` },
  },
  {
    name: 'password reset',
    method: 'POST',
    url: '/v1/auth/public/password/reset',
    payload: {
      email: `a${NUL}@example.com`,
      code: '123456',
      password: 'Str0ng!pass',
      confirmPassword: 'Str0ng!pass',
    },
  },
  {
    name: 'oauth link',
    method: 'POST',
    url: '/v1/auth/public/oauth/link',
    payload: { linkToken: `l${NUL}`, password: 'Str0ng!pass' },
  },
  { name: 'depth', method: 'GET', url: `/v1/market-data/public/depth?symbol=BTC${q}` },
  { name: 'trades', method: 'GET', url: `/v1/market-data/public/trades?symbol=BTC${q}` },
  {
    name: 'candles',
    method: 'GET',
    url: `/v1/market-data/public/candles?symbol=BTC${q}&interval=1m`,
  },
  { name: 'coin info', method: 'GET', url: `/v1/symbol/public/coin-info?asset=BTC${q}` },
  {
    name: 'place symbol',
    method: 'POST',
    url: '/v1/spot-order/place',
    private: true,
    payload: { symbol: `BTC${NUL}`, side: 'BUY', type: 'LIMIT', price: '1', amount: '1' },
  },
  {
    name: 'place price',
    method: 'POST',
    url: '/v1/spot-order/place',
    private: true,
    payload: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: `1${NUL}`, amount: '1' },
  },
  {
    name: 'cancel by client id',
    method: 'POST',
    url: '/v1/spot-order/cancel',
    private: true,
    payload: { clientOrderId: `c${NUL}` },
  },
  {
    name: 'cancel all',
    method: 'POST',
    url: '/v1/spot-order/cancel-all',
    private: true,
    payload: { symbol: `BTC${NUL}` },
  },
  {
    name: 'open orders',
    method: 'GET',
    url: `/v1/spot-order/open-orders?symbol=BTC${q}`,
    private: true,
  },
  { name: 'history', method: 'GET', url: `/v1/spot-order/history?symbol=BTC${q}`, private: true },
  { name: 'one order', method: 'GET', url: `/v1/spot-order/order/1${q}`, private: true },
  { name: 'flows', method: 'GET', url: `/v1/wallet/flows?asset=USD${q}`, private: true },
  {
    name: 'transactions',
    method: 'GET',
    url: `/v1/wallet/transactions?asset=USD${q}`,
    private: true,
  },
  {
    name: 'dev credit',
    method: 'POST',
    url: '/v1/wallet/dev/credit',
    private: true,
    payload: { asset: `USD${NUL}`, amount: '1' },
  },
  {
    name: 'file review link',
    method: 'GET',
    url: `/v1/files/public/review/00000000-0000-4000-8000-000000000000?exp=1&sig=${'a'.repeat(42)}${q}`,
  },
  {
    name: 'file id',
    method: 'GET',
    url: `/v1/files/0000${q}`,
    private: true,
  },
  {
    name: 'upload place',
    method: 'POST',
    url: `/v1/files/upload?place=KYC_ID_IMAGE${q}`,
    private: true,
  },
  {
    name: 'KYC first name',
    method: 'POST',
    url: '/v1/kyc/individual/basic',
    private: true,
    payload: { firstName: `Anna${NUL}` },
  },
  {
    name: 'KYC file id',
    method: 'POST',
    url: '/v1/kyc/individual/advanced',
    private: true,
    payload: { idFrontFileIds: [`f${NUL}`] },
  },
];

describe('control characters in request strings', () => {
  it.each(PROBES.map((p) => [p.name, p] as const))('%s: refused with 1002', async (_, probe) => {
    const res = await t.app.inject({
      method: probe.method,
      url: probe.url,
      ...(probe.payload === undefined ? {} : { payload: probe.payload as object }),
      headers: probe.private ? auth : {},
    });
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ code: '1002' });
  });

  it('refuses other control characters too, but keeps ordinary text', async () => {
    for (const c of ['\u0001', '\u001b', '\u007f', '\u0085', '\n']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/logging/public/events',
        payload: { events: [{ category: 'page', action: 'view', label: `a${c}b` }] },
      });
      expect(res.json(), JSON.stringify(c)).toMatchObject({ code: '1002' });
    }
    const fine = await t.app.inject({
      method: 'POST',
      url: '/v1/logging/public/events',
      payload: { events: [{ category: 'page', action: 'view', label: 'Prix — 50 € ✓ 价格' }] },
    });
    expect(fine.json()).toMatchObject({ code: '200' });
  });

  it('trims nothing: an amount or an event name with spaces around it is refused', async () => {
    const placed = await t.app.inject({
      method: 'POST',
      url: '/v1/spot-order/place',
      headers: auth,
      payload: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '1', amount: ' 0.0004 ' },
    });
    expect(placed.statusCode).toBe(400);
    expect(placed.json<{ code: string }>().code).not.toBe('200');
    const event = await t.app.inject({
      method: 'POST',
      url: '/v1/logging/public/events',
      payload: { events: [{ category: ' page ', action: 'view' }] },
    });
    expect(event.json()).toMatchObject({ code: '1002' });
    expect(await t.app.db.clientEvent.count({ where: { category: 'page' } })).toBe(1);
  });
});
