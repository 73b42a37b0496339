import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  EXCHANGE_RATES_KEY,
  FOREIGN_EXCHANGE_PATHS as P,
  FlowType,
  RuntimeMode,
  type ForeignExchange,
  type ForeignExchangeState,
  type FxCurrency,
  type FxQuote,
  type Page,
} from '@exchange/contracts';
import { FX_ACCOUNT } from '../../../../src/features/fiat/foreign-exchange/fx-service.js';
import { latestMail } from '../../../helpers/auth.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { listen } from '../../../helpers/listen.js';
import { Client } from '../../../helpers/socket-client.js';
import { eventually } from '../../../helpers/wait.js';
import { balance, call, credit, expectAuditClean, MINUTE } from '../../wallet/withdrawal/setup.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
  await rates({ USD: '780', EUR: '900', JPY: '5' });
});
afterAll(() => t.close());

/** The feed's rates (HKD per 100 units), as the price feed leaves them in Redis. */
async function rates(r: Record<string, string>) {
  await t.app.redis.commands.set(
    EXCHANGE_RATES_KEY,
    JSON.stringify({ ts: Date.now(), quote: 'HKD', units: 100, rates: r }),
  );
}

let serial = 0;
const requestId = () => `fx-${Date.now()}-${++serial}`;

/** A verified Real-mode user holding `funds` of `asset`. */
async function holder(asset = 'USD', funds = '1000') {
  const user = await signIn(t, { kycLevel: 1 });
  await credit(t, user.userId, asset, funds);
  return user;
}

async function quote(token: string, from: string, to: string, amount: string) {
  return call<FxQuote>(t, token, 'POST', P.quotes, { from, to, amount });
}

async function confirm(token: string, quoteId: string, clientRequestId = requestId()) {
  return call<ForeignExchange>(t, token, 'POST', P.exchanges, { quoteId, clientRequestId });
}

async function status(id: string): Promise<ForeignExchangeState> {
  const row = await t.app.db.foreignExchange.findUniqueOrThrow({ where: { id } });
  return row.status as ForeignExchangeState;
}

/** Runs the due settlement jobs until the exchange reaches `want`. */
async function runUntil(id: string, want: ForeignExchangeState) {
  await eventually(
    async () => {
      await t.app.jobs.promote(t.app.foreignExchanges.settleJob);
      return status(id);
    },
    (s) => s === want,
    8000,
    100,
  );
}

describe('quotes', () => {
  it('quotes the cross rate less the 0.30 % spread, free, rounded down to the cent', async () => {
    const u = await holder();
    const res = await quote(u.token, 'USD', 'HKD', '100');
    expect(res.body.code).toBe('200');
    // mid 7.8; rate 7.8 x 0.997 = 7.7766; 100 USD -> 777.66 HKD
    expect(res.body.data).toMatchObject({
      from: 'USD',
      to: 'HKD',
      amount: '100',
      midRate: '7.8',
      rate: '7.7766',
      spread: '0.003',
      receive: '777.66',
      fee: '0',
      available: '1000',
      ttlSeconds: 15,
    });
    expect(Date.parse(res.body.data.expiresAt) - t.clock.now()).toBe(15_000);
    await expectAuditClean(t);
  });

  it('rounds what is received DOWN to the unit of a currency without decimals (JPY)', async () => {
    const u = await holder('USD', '100');
    // mid 780 / 5 = 156; rate 155.532; 10.01 x 155.532 = 1556.87532 -> 1556 JPY (not 1557)
    const toJpy = await quote(u.token, 'USD', 'JPY', '10.01');
    expect(toJpy.body.data).toMatchObject({ rate: '155.532', receive: '1556' });
    // and back: 0.00641025641 x 0.997 -> 0.00639102 (8 decimals, down); 1001 JPY -> 6.39741102 -> 6.39
    const v = await holder('JPY', '5000');
    const toUsd = await quote(v.token, 'JPY', 'USD', '1001');
    expect(toUsd.body.data).toMatchObject({ rate: '0.00639102', receive: '6.39' });
    // JPY cannot be sold in fractions; 1 JPY buys less than a cent
    expect((await quote(v.token, 'JPY', 'USD', '1.5')).body.code).toBe('6402');
    expect((await quote(v.token, 'JPY', 'USD', '1')).body.code).toBe('6404');

    const c = await confirm(u.token, toJpy.body.data.id);
    expect(c.body.code).toBe('200');
    t.clock.advance(30 * MINUTE);
    await runUntil(c.body.data.id, 'COMPLETED');
    expect(await balance(t, u.userId, 'JPY')).toEqual({ available: '1556', frozen: '0' });
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '89.99', frozen: '0' });
    await expectAuditClean(t);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const u = await holder();
    expect((await quote(u.token, 'USD', 'USD', '10')).body.code).toBe('6401');
    expect((await quote(u.token, 'USD', 'BTC', '10')).body.code).toBe('6400');
    expect((await quote(u.token, 'USD', 'EUR', '10.001')).body.code).toBe('6402');
    expect((await quote(u.token, 'USD', 'EUR', '0')).body.code).toBe('6402');
    expect((await quote(u.token, 'USD', 'GBP', '10')).body.code).toBe('6403');
    const demo = await call(
      t,
      u.token,
      'POST',
      P.quotes,
      {
        from: 'USD',
        to: 'EUR',
        amount: '10',
      },
      RuntimeMode.DEMO,
    );
    expect(demo.body.code).toBe('6101');
    const unverified = await signIn(t, { kycLevel: null });
    expect((await quote(unverified.token, 'USD', 'EUR', '10')).body.code).toBe('7001');
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    await expectAuditClean(t);
  });

  it('lists the catalogue fiat currencies with the available balance', async () => {
    const u = await holder('EUR', '250.5');
    const res = await call<FxCurrency[]>(t, u.token, 'GET', P.currencies);
    const codes = res.body.data.map((c) => c.code);
    expect(codes).toEqual(expect.arrayContaining(['USD', 'EUR', 'HKD', 'JPY']));
    expect(codes).not.toContain('BTC');
    expect(res.body.data.find((c) => c.code === 'EUR')).toMatchObject({
      available: '250.5',
      decimals: 2,
    });
    expect(res.body.data.find((c) => c.code === 'JPY')?.decimals).toBe(0);
  });
});

describe('confirming', () => {
  it('refuses a quote confirmed after its validity, freezing nothing', async () => {
    const u = await holder();
    const q = await quote(u.token, 'USD', 'EUR', '100');
    t.clock.advance(16_000);
    const res = await confirm(u.token, q.body.data.id);
    expect(res.body.code).toBe('6405');
    expect((await confirm(u.token, 'no-such-quote')).body.code).toBe('6405');
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    expect(await t.app.db.foreignExchange.count({ where: { userId: u.userId } })).toBe(0);
    // someone else's quote is unknown to this user
    const other = await holder();
    const q2 = await quote(other.token, 'USD', 'EUR', '100');
    expect((await confirm(u.token, q2.body.data.id)).body.code).toBe('6405');
    await expectAuditClean(t);
  });

  it('settles after the 30 minutes at the quoted rate although the feed moved', async () => {
    await rates({ USD: '780', EUR: '900', JPY: '5' });
    const u = await holder();
    // USD to EUR: mid 780 / 900 = 0.86666666; rate x 0.997 -> 0.86406666
    const q = await quote(u.token, 'USD', 'EUR', '500');
    expect(q.body.data).toMatchObject({ rate: '0.86406666', receive: '432.03' });
    const c = await confirm(u.token, q.body.data.id);
    expect(c.body.code).toBe('200');
    expect(c.body.data).toMatchObject({ status: 'PROCESSING', sellAmount: '500' });
    expect(Date.parse(c.body.data.settleAt) - t.clock.now()).toBe(30 * MINUTE);
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '500', frozen: '500' });

    await rates({ USD: '700', EUR: '950', JPY: '5' });
    t.clock.advance(29 * MINUTE);
    await t.app.jobs.promote(t.app.foreignExchanges.settleJob);
    await t.app.foreignExchanges.settle(c.body.data.id);
    expect(await status(c.body.data.id)).toBe('PROCESSING');

    t.clock.advance(MINUTE);
    await runUntil(c.body.data.id, 'COMPLETED');
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '500', frozen: '0' });
    expect(await balance(t, u.userId, 'EUR')).toEqual({ available: '432.03', frozen: '0' });
    // settled exactly once, however often the job runs
    await Promise.all([1, 2, 3].map(() => t.app.foreignExchanges.settle(c.body.data.id)));
    const entries = await t.app.db.ledgerEntry.findMany({
      where: { refType: 'FOREIGN_EXCHANGE', refId: c.body.data.id },
    });
    expect(entries.filter((e) => e.flowType === FlowType.FOREIGN_EXCHANGE)).toHaveLength(4);
    expect(entries.filter((e) => e.flowType === FlowType.FOREIGN_EXCHANGE_FREEZE)).toHaveLength(2);
    const fx = await t.app.db.balance.findFirst({
      where: { accountId: FX_ACCOUNT, mode: RuntimeMode.REAL, asset: 'EUR' },
    });
    expect(fx?.available.toFixed()).toMatch(/^-/);
    const notices = await t.app.db.notification.findMany({
      where: { userId: u.userId, type: 'FOREIGN_EXCHANGE_SETTLED' },
    });
    expect(notices.map((n) => n.params)).toEqual([
      {
        exchangeId: c.body.data.id,
        status: 'COMPLETED',
        from: 'USD',
        to: 'EUR',
        sellAmount: '500',
        receiveAmount: '432.03',
      },
    ]);
    const user = await t.app.db.user.findUniqueOrThrow({ where: { id: u.userId } });
    const mail = await latestMail(t, user.email);
    expect(mail.subject).toBe('Exchange completed: 432.03 EUR');
    const listed = await call<Page<ForeignExchange>>(t, u.token, 'GET', `${P.exchanges}?from=USD`);
    expect(listed.body.data.result[0]).toMatchObject({
      id: c.body.data.id,
      status: 'COMPLETED',
      receiveAmount: '432.03',
    });
    await rates({ USD: '780', EUR: '900', JPY: '5' });
    await expectAuditClean(t);
  });

  it('is idempotent on clientRequestId, and a quote is confirmed once', async () => {
    const u = await holder();
    const q = await quote(u.token, 'USD', 'HKD', '100');
    const id = requestId();
    const [a, b] = await Promise.all([
      confirm(u.token, q.body.data.id, id),
      confirm(u.token, q.body.data.id, id),
    ]);
    expect(a.body.code).toBe('200');
    expect(b.body.code).toBe('200');
    expect(b.body.data.id).toBe(a.body.data.id);
    const again = await confirm(u.token, q.body.data.id, id);
    expect(again.body.data.id).toBe(a.body.data.id);
    expect((await confirm(u.token, q.body.data.id)).body.code).toBe('6406');
    const q2 = await quote(u.token, 'USD', 'HKD', '50');
    expect((await confirm(u.token, q2.body.data.id, id)).body.code).toBe('6408');
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '900', frozen: '100' });
    await expectAuditClean(t);
  });

  it('answers a repeat that read before the first one committed with the first one', async () => {
    const u = await holder();
    const q = await quote(u.token, 'USD', 'HKD', '100');
    const id = requestId();
    const first = await confirm(u.token, q.body.data.id, id);
    expect(first.body.code).toBe('200');
    // The repeat's idempotency lookup ran before the first commit: it sees nothing.
    const fx = t.app.foreignExchanges as unknown as { existing: (...a: unknown[]) => unknown };
    const lookup = fx.existing.bind(fx);
    let calls = 0;
    fx.existing = (...a: unknown[]) => (calls++ === 0 ? Promise.resolve(null) : lookup(...a));
    try {
      const repeat = await confirm(u.token, q.body.data.id, id);
      expect(repeat.body.code).toBe('200');
      expect(repeat.body.data.id).toBe(first.body.data.id);
    } finally {
      fx.existing = lookup;
    }
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '900', frozen: '100' });
  });

  it('20 concurrent confirms over one balance: exactly the affordable ones pass', async () => {
    const u = await holder('USD', '1000');
    const quotes = [];
    for (let i = 0; i < 20; i++) quotes.push((await quote(u.token, 'USD', 'JPY', '130')).body.data);
    const results = await Promise.all(quotes.map((q) => confirm(u.token, q.id)));
    const passed = results.filter((r) => r.body.code === '200');
    const refused = results.filter((r) => r.body.code !== '200');
    expect(passed).toHaveLength(7);
    expect(refused.map((r) => r.body.code)).toEqual(Array(13).fill('5001'));
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '90', frozen: '910' });
    t.clock.advance(30 * MINUTE);
    for (const p of passed) await runUntil(p.body.data.id, 'COMPLETED');
    // 130 x 155.532 = 20219.16 -> 20219 JPY each
    expect(await balance(t, u.userId, 'JPY')).toEqual({
      available: String(7 * 20219),
      frozen: '0',
    });
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '90', frozen: '0' });
    await expectAuditClean(t);
  });

  it('keeps an opted-out account within 1,000 USD per 24 hours, valued at the feed', async () => {
    const u = await signIn(t, { kycLevel: -1 });
    await credit(t, u.userId, 'EUR', '2000');
    // 900 EUR is 1,038.46 USD at the feed (EUR 900, USD 780 HKD per 100): past the limit.
    const big = await quote(u.token, 'EUR', 'USD', '900');
    expect(big.body.code).toBe('200');
    expect((await confirm(u.token, big.body.data.id)).body).toMatchObject({
      code: '7036',
      data: { limitUsd: '1000', remainingUsd: '1000' },
    });
    expect(await balance(t, u.userId, 'EUR')).toEqual({ available: '2000', frozen: '0' });
    // 780 EUR is exactly 900 USD: within it; then 100.01 USD more is not.
    const ok = await quote(u.token, 'EUR', 'USD', '780');
    expect((await confirm(u.token, ok.body.data.id)).body.code).toBe('200');
    const more = await quote(u.token, 'EUR', 'USD', '86.68');
    expect((await confirm(u.token, more.body.data.id)).body).toMatchObject({
      code: '7036',
      data: { remainingUsd: '100' },
    });
    expect(await balance(t, u.userId, 'EUR')).toEqual({ available: '1220', frozen: '780' });
    await expectAuditClean(t);
  });

  it('refunds when a currency left the catalogue before settlement', async () => {
    const u = await holder();
    const q = await quote(u.token, 'USD', 'EUR', '100');
    const c = await confirm(u.token, q.body.data.id);
    await t.app.db.asset.update({ where: { code: 'EUR' }, data: { status: 'INACTIVE' } });
    try {
      t.clock.advance(30 * MINUTE);
      await runUntil(c.body.data.id, 'REFUNDED');
    } finally {
      await t.app.db.asset.update({ where: { code: 'EUR' }, data: { status: 'ACTIVE' } });
    }
    expect(await balance(t, u.userId, 'USD')).toEqual({ available: '1000', frozen: '0' });
    expect(await balance(t, u.userId, 'EUR')).toEqual({ available: '0', frozen: '0' });
    await expectAuditClean(t);
  });
});

describe('history', () => {
  it('filters by pair, state and time within 6 months, and exports CSV', async () => {
    const u = await holder('USD', '1000');
    for (const to of ['EUR', 'HKD']) {
      const q = await quote(u.token, 'USD', to, '10');
      expect((await confirm(u.token, q.body.data.id)).body.code).toBe('200');
    }
    const list = (qs: string) =>
      call<Page<ForeignExchange>>(t, u.token, 'GET', `${P.exchanges}?${qs}`);
    expect((await list('')).body.data.result).toHaveLength(2);
    expect((await list('to=EUR')).body.data.result.map((x) => x.to)).toEqual(['EUR']);
    expect((await list('status=COMPLETED')).body.data.result).toHaveLength(0);
    expect((await list(`endTime=${t.clock.now() - 60 * MINUTE}`)).body.data.result).toHaveLength(0);
    const tooOld = t.clock.now() - 200 * 24 * 60 * MINUTE;
    expect((await list(`startTime=${tooOld}`)).body.code).toBe('3018');
    const csv = await t.app.inject({
      method: 'GET',
      url: `${P.exchangesExport}?from=USD`,
      headers: { authorization: `Bearer ${u.token}`, 'runtime-mode': '0' },
    });
    expect(csv.headers['content-type']).toContain('text/csv');
    const lines = csv.body.trim().split('\n');
    expect(lines[0]).toContain('Time (UTC),From,Sold,To,Received,Rate,Fee,State');
    expect(lines).toHaveLength(3);
  });
});

describe('live', () => {
  it('pushes PROCESSING then COMPLETED on foreignExchange', async () => {
    const u = await holder();
    const socket = await Client.open(await listen(t));
    try {
      expect(
        (await socket.request('login', { args: { token: u.token, runtimeMode: 0 } })).code,
      ).toBe('200');
      expect((await socket.request('subscribe', { channel: 'foreignExchange' })).code).toBe('200');
      const q = await quote(u.token, 'USD', 'HKD', '10');
      const c = await confirm(u.token, q.body.data.id);
      t.clock.advance(30 * MINUTE);
      await runUntil(c.body.data.id, 'COMPLETED');
      const states = () =>
        socket.messages
          .filter((m) => m.event === 'push' && m.channel === 'foreignExchange')
          .map((m) => (m.event === 'push' && m.channel === 'foreignExchange' ? m.data.status : ''));
      await eventually(
        async () => states(),
        (s) => s.at(-1) === 'COMPLETED',
      );
      expect(states()).toEqual(['PROCESSING', 'COMPLETED']);
    } finally {
      socket.close();
    }
  });
});
