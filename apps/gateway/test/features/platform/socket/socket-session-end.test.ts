import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  CANDLE_INTERVALS,
  SOCKET_LOGGED_IN_ELSEWHERE_CLOSE_CODE,
  SOCKET_MAX_SUBSCRIPTIONS,
  SOCKET_SESSION_ENDED_CLOSE_CODE,
} from '@exchange/contracts';
import { PUSH_SAMPLES } from '@exchange/contracts/testing';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { bearer } from '../../../helpers/auth.js';
import { sleep } from '../../../helpers/wait.js';
import { Client } from '../../../helpers/socket-client.js';
import { listen } from '../../../helpers/listen.js';
import { newToken, hashToken } from '../../../../src/features/identity/auth/token.js';
import { privateTopic, publicTopic } from '../../../../src/features/platform/socket/fanout.js';
import { availableSymbols } from '../../../../src/features/platform/catalogue/catalogue-service.js';

/** Log lines of gateway A, to see how an oversized frame is reported. */
const logLines: Record<string, unknown>[] = [];
const logStream = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n').filter(Boolean))
      logLines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;

beforeAll(async () => {
  // Two gateways, one exchange: a session ended in one must reach the sockets of the other.
  const prefix = `test:socket-end:${process.pid}:`;
  a = await build({ REDIS_PREFIX: prefix }, { logger: { level: 'info', stream: logStream } });
  b = await build({ REDIS_PREFIX: prefix, DATABASE_URL: a.env.DATABASE_URL });
  urlA = await listen(a);
  urlB = await listen(b);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

/** A user with a session started the way a login starts it (access and refresh token). */
async function session(t: TestApp) {
  const { userId } = await signIn(t);
  return { userId, ...(await t.app.sessions.start({ userId })) };
}

async function closedWithin(c: Client, ms: number): Promise<number> {
  const started = Date.now();
  await vi.waitFor(() => expect(c.closed).not.toBeNull(), { timeout: ms, interval: 5 });
  return Date.now() - started;
}

describe('a logged-in socket follows its session', () => {
  it('is closed within a second when the user logs out over REST on another gateway', async () => {
    const s = await session(a);
    const c = await Client.open(urlB);
    expect((await c.request('login', { args: { token: s.token } })).code).toBe('200');
    expect((await c.request('subscribe', { channel: 'order' })).code).toBe('200');
    const out = await a.app.inject({
      method: 'POST',
      url: '/v1/auth/oauth/logout',
      headers: bearer(s.token),
    });
    expect(out.json()).toMatchObject({ code: '200' });
    expect(await closedWithin(c, 1000)).toBeLessThan(1000);
    expect(c.closed?.code).toBe(SOCKET_SESSION_ENDED_CLOSE_CODE);
    expect(c.messages.find((m) => m.event === 'sessionEnded')).toMatchObject({ code: '401' });
  });

  it('is closed with 4003 when the account logs in elsewhere', async () => {
    const s = await session(a);
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token: s.token } })).code).toBe('200');
    await b.app.sessions.start({ userId: s.userId });
    await closedWithin(c, 1000);
    expect(c.closed?.code).toBe(SOCKET_LOGGED_IN_ELSEWHERE_CLOSE_CODE);
  });

  it('stays open when the session is refreshed, and follows the new expiry', async () => {
    const s = await session(a);
    const c = await Client.open(urlB);
    expect((await c.request('login', { args: { token: s.token } })).code).toBe('200');
    const rotated = await a.app.sessions.refresh(s.refreshToken);
    expect(rotated.sessionId).toBe(s.sessionId);
    await sleep(300);
    expect(c.closed).toBeNull();
    expect((await c.request('subscribe', { channel: 'fills' })).code).toBe('200');
    c.close();
  });

  it('is closed when its access token expires', async () => {
    const { userId } = await signIn(a);
    const token = newToken();
    await a.app.db.session.create({
      data: {
        userId,
        accessTokenHash: hashToken(token),
        accessExpiresAt: new Date(a.clock.now() + 300),
      },
    });
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token } })).code).toBe('200');
    // The timer fires at the expiry and checks again; only then has (test) time passed it.
    a.clock.advance(1000);
    await closedWithin(c, 1500);
    expect(c.closed?.code).toBe(SOCKET_SESSION_ENDED_CLOSE_CODE);
  });

  it('refuses a place once the access expired on the exchange clock, and ends the login', async () => {
    const { token, userId } = await signIn(a);
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token, runtimeMode: 1 } })).code).toBe('200');
    // REST and the socket read one clock: two hours on, the hour-long access is over.
    a.clock.advance(2 * 3_600_000);
    const rest = await a.app.inject({
      method: 'GET',
      url: '/v1/user/profile',
      headers: bearer(token),
    });
    expect(rest.json()).toMatchObject({ code: '401' });
    const placed = await c.request('place', {
      args: { symbol: 'BTC_USDT', side: 'BUY', type: 'LIMIT', price: '1000', amount: '0.01' },
    });
    expect(placed.code).toBe('401');
    expect(await c.next((m) => m.event === 'sessionEnded', 1500)).toMatchObject({ code: '401' });
    await closedWithin(c, 1500);
    expect(c.closed?.code).toBe(SOCKET_SESSION_ENDED_CLOSE_CODE);
    expect(await a.app.db.spotOrder.count({ where: { userId } })).toBe(0);
  });

  it('sends no private push once the access expired, and ends the login', async () => {
    const { token, userId } = await signIn(a);
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token, runtimeMode: 1 } })).code).toBe('200');
    expect((await c.request('subscribe', { channel: 'fills' })).code).toBe('200');
    await a.app.socket.fanout.publish(privateTopic('fills', userId, 1), {
      ...PUSH_SAMPLES.fills,
      tradeId: 'before',
    });
    await c.next((m) => m.event === 'push' && m.channel === 'fills');
    a.clock.advance(2 * 3_600_000);
    await a.app.socket.fanout.publish(privateTopic('fills', userId, 1), {
      ...PUSH_SAMPLES.fills,
      tradeId: 'after',
    });
    expect(await c.next((m) => m.event === 'sessionEnded', 1500)).toMatchObject({ code: '401' });
    await closedWithin(c, 1500);
    const tradeIds = c.messages
      .filter((m) => m.event === 'push' && m.channel === 'fills')
      .map((m) => (m.data as { tradeId: string }).tradeId);
    expect(tradeIds).toEqual(['before']);
  });

  it('ends an idle login within a second or so of the expiry on the exchange clock', async () => {
    const { token } = await signIn(a);
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token } })).code).toBe('200');
    a.clock.advance(3_600_000);
    expect(await c.next((m) => m.event === 'sessionEnded', 2500)).toMatchObject({ code: '401' });
    await closedWithin(c, 1000);
  });

  it('acts past the first expiry when a refresh extended the access', async () => {
    const s = await session(a);
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token: s.token } })).code).toBe('200');
    const ttl = a.env.ACCESS_TOKEN_TTL_SECONDS * 1000;
    a.clock.advance(ttl / 2);
    // Refreshed in the other gateway (its own clock, set to the same time).
    b.clock.set(a.clock.now());
    await b.app.sessions.refresh(s.refreshToken);
    a.clock.advance(ttl * 0.75);
    expect((await c.request('subscribe', { channel: 'order' })).code).toBe('200');
    await sleep(1200);
    expect(c.closed).toBeNull();
    c.close();
  });

  it('logs in from the HttpOnly cookie the upgrade request carried', async () => {
    const s = await session(a);
    const c = await Client.open(urlA, { cookie: `token=${s.token}` });
    const login = await c.request('login', { args: { runtimeMode: 1 } });
    expect(login).toMatchObject({ code: '200', data: { userId: s.userId, runtimeMode: 1 } });
    c.close();
    const anonymous = await Client.open(urlA);
    expect((await anonymous.request('login', { args: {} })).code).toBe('401');
    anonymous.close();
  });
});

describe('socket arguments', () => {
  it('refuses a login with an invalid runtime mode and stays anonymous', async () => {
    const s = await session(a);
    const c = await Client.open(urlA);
    for (const runtimeMode of [7, -1, 'abc', null, '', 1.5, true]) {
      const res = await c.request('login', { args: { token: s.token, runtimeMode } });
      expect(res.code, JSON.stringify(runtimeMode)).toBe('1002');
    }
    expect((await c.request('subscribe', { channel: 'fills' })).code).toBe('401');
    expect((await c.request('settings', { args: { runtimeMode: null } })).code).toBe('1002');
    const ok = await c.request('login', { args: { token: s.token, runtimeMode: '2' } });
    expect(ok).toMatchObject({ code: '200', data: { runtimeMode: 2 } });
    c.close();
  });

  it('refuses a subscribe with arguments its channel does not take, subscribing nothing', async () => {
    const s = await session(a);
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token: s.token } })).code).toBe('200');
    const refused: [string, Record<string, unknown> | undefined][] = [
      ['fills', { symbol: 'BTC_USDT' }],
      ['order', { anything: 1 }],
      ['ticker', { symbol: 'BTC_USDT', interval: '1m' }],
      ['ticker', {}],
      ['candle', { symbol: 'BTC_USDT' }],
      ['system', { symbol: 'BTC_USDT' }],
      ['acceptLanguage', { language: 'de', extra: true }],
    ];
    for (const [channel, args] of refused) {
      const res = await c.request('subscribe', { channel, args });
      expect(res.code, `${channel} ${JSON.stringify(args)}`).toBe('1002');
    }
    const res = await c.request('subscribe', { channel: 'fills', args: { symbol: 'BTC_USDT' } });
    expect(res.message).toContain('fills does not take symbol');
    // Nothing was subscribed: pushes on those topics do not arrive.
    await a.app.socket.fanout.publish(privateTopic('fills', s.userId, 0), PUSH_SAMPLES.fills);
    await a.app.socket.fanout.publish(publicTopic('ticker', 0, 'BTC_USDT'), PUSH_SAMPLES.ticker);
    await sleep(300);
    expect(c.messages.filter((m) => m.event === 'push')).toEqual([]);
    expect((await c.request('subscribe', { channel: 'fills', args: {} })).code).toBe('200');
    expect((await c.request('subscribe', { channel: 'system' })).code).toBe('200');
    c.close();
  });

  it('caps one connection at SOCKET_MAX_SUBSCRIPTIONS topics with a clear error', async () => {
    const symbols = (await availableSymbols({ db: a.app.db, mode: 1 })).map((x) => x.code);
    const wanted = symbols.flatMap((symbol) => [
      { channel: 'ticker', args: { symbol } },
      { channel: 'trade', args: { symbol } },
      { channel: 'best_ask_bid', args: { symbol } },
      ...CANDLE_INTERVALS.map((interval) => ({ channel: 'candle', args: { symbol, interval } })),
    ]);
    expect(wanted.length).toBeGreaterThan(SOCKET_MAX_SUBSCRIPTIONS);
    const c = await Client.open(urlA, { 'accept-language': 'de' });
    expect((await c.request('settings', { args: { runtimeMode: 1 } })).code).toBe('200');
    const codes = [];
    for (const w of wanted) codes.push((await c.request('subscribe', w)).code);
    expect(codes.slice(0, SOCKET_MAX_SUBSCRIPTIONS)).toEqual(
      Array<string>(SOCKET_MAX_SUBSCRIPTIONS).fill('200'),
    );
    expect(new Set(codes.slice(SOCKET_MAX_SUBSCRIPTIONS))).toEqual(new Set(['4100']));
    const over = await c.request('subscribe', wanted.at(-1) ?? {});
    expect(over).toMatchObject({ code: '4100', data: { limit: SOCKET_MAX_SUBSCRIPTIONS } });
    expect(over.message).toContain(String(SOCKET_MAX_SUBSCRIPTIONS));
    expect(over.message).toMatch(/Kan/);
    // Subscribing again to one already held is no new topic; one freed makes room.
    expect((await c.request('subscribe', wanted[0] ?? {})).code).toBe('200');
    expect((await c.request('unsubscribe', wanted[0] ?? {})).code).toBe('200');
    expect((await c.request('subscribe', wanted.at(-1) ?? {})).code).toBe('200');
    c.close();
  });

  it('reports a frame over 64 KiB once, as a warning without a stack, and closes', async () => {
    const before = logLines.length;
    const c = await Client.open(urlA);
    c.ws.send(JSON.stringify({ op: 'ping', args: { pad: 'x'.repeat(70_000) } }));
    await closedWithin(c, 1000);
    expect(c.closed?.code).toBe(1009);
    await sleep(100);
    const lines = logLines.slice(before);
    expect(lines.filter((l) => Number(l.level) >= 50)).toEqual([]);
    const warnings = lines.filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(JSON.stringify(warnings[0])).not.toContain('stack');
    expect(warnings[0]).toMatchObject({ code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH' });
  });
});
