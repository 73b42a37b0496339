import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SOCKET_LOGGED_IN_ELSEWHERE_CLOSE_CODE,
  SOCKET_SESSION_ENDED_CLOSE_CODE,
} from '@exchange/contracts';
import { build, signIn, type TestApp } from '../helpers/build.js';
import { bearer } from '../helpers/auth.js';
import { sleep } from '../helpers/wait.js';
import { Client } from '../helpers/socket-client.js';
import { listen } from '../helpers/listen.js';
import { newToken, hashToken } from '../../src/features/auth/token.js';

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
