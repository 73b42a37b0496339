import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { sleep } from '../../../helpers/wait.js';
import { privateTopic, publicTopic } from '../../../../src/features/platform/socket/fanout.js';
import { Client } from '../../../helpers/socket-client.js';
import { listen } from '../../../helpers/listen.js';
import { PUSH_SAMPLES, sampleOrder } from '@exchange/contracts/testing';

const fill = (tradeId: string) => ({ ...PUSH_SAMPLES.fills, tradeId });

let a: TestApp;
let b: TestApp;
let urlA: string;
let urlB: string;

beforeAll(async () => {
  // Two gateway instances sharing one Redis prefix: fan-out must cross between them.
  const prefix = `test:sockets:${process.pid}:`;
  a = await build({ SOCKET_IDLE_TIMEOUT_MS: '1500', REDIS_PREFIX: prefix });
  b = await build({
    SOCKET_IDLE_TIMEOUT_MS: '1500',
    REDIS_PREFIX: prefix,
    DATABASE_URL: a.env.DATABASE_URL,
  });
  urlA = await listen(a);
  urlB = await listen(b);
});
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('live socket protocol', () => {
  it('welcomes, answers ping with pong, and closes an idle connection', async () => {
    const c = await Client.open(urlA);
    c.ws.send(JSON.stringify({ op: 'ping' }));
    const pong = await c.next((m) => m.event === 'pong');
    expect(pong).toMatchObject({ event: 'pong', code: '200' });
    await sleep(2500);
    expect(c.closed?.code).toBe(4888);
  });

  it('stays open while pinged', async () => {
    const c = await Client.open(urlA);
    for (let i = 0; i < 5; i++) {
      await sleep(500);
      c.ws.send(JSON.stringify({ op: 'ping' }));
    }
    expect(c.closed).toBeNull();
    c.close();
  });

  it('answers malformed JSON and unknown ops with an error and stays open', async () => {
    const c = await Client.open(urlA);
    c.ws.send('{not json');
    expect(await c.next((m) => m.event === 'reply' && m.code === '1002')).toBeTruthy();
    const unknown = await c.request('dance');
    expect(unknown.code).toBe('1002');
    c.ws.send(JSON.stringify({ op: 'ping' }));
    expect(await c.next((m) => m.event === 'pong')).toBeTruthy();
    expect(c.closed).toBeNull();
    c.close();
  });

  it('closes on an oversized frame without crashing the server', async () => {
    const c = await Client.open(urlA);
    c.ws.send(JSON.stringify({ op: 'ping', args: { pad: 'x'.repeat(70_000) } }));
    await sleep(200);
    expect(c.closed?.code).toBe(1009);
    const again = await Client.open(urlA);
    expect((await again.request('subscribe', { channel: 'system' })).code).toBe('200');
    again.close();
  });

  it('refuses private channels before login, with the message in the connection language', async () => {
    const c = await Client.open(urlA, { 'accept-language': 'zh-CN' });
    const res = await c.request('subscribe', { channel: 'order' });
    expect(res.code).toBe('401');
    expect(res.message).toMatch(/[\u4e00-\u9fff]/);
    c.close();
  });

  it('checks symbols and intervals of public channels', async () => {
    const c = await Client.open(urlA);
    expect(
      (await c.request('subscribe', { channel: 'ticker', args: { symbol: 'NOPE_USDT' } })).code,
    ).toBe('3013');
    expect(
      (
        await c.request('subscribe', {
          channel: 'candle',
          args: { symbol: 'BTC_USDT', interval: '7m' },
        })
      ).code,
    ).toBe('1002');
    expect(
      (
        await c.request('subscribe', {
          channel: 'candle',
          args: { symbol: 'BTC_USDT', interval: '1m' },
        })
      ).code,
    ).toBe('200');
    expect((await c.request('place', { args: {} })).code).not.toBe('200');
    c.close();
  });

  it('logs in, fans private events out across gateways, and moves them with the mode', async () => {
    const { token, userId } = await signIn(a);
    const c = await Client.open(urlB);
    const login = await c.request('login', { args: { token, runtimeMode: 1 } });
    expect(login).toMatchObject({ code: '200', data: { userId, runtimeMode: 1 } });
    expect((await c.request('subscribe', { channel: 'fills' })).code).toBe('200');
    await a.app.socket.fanout.publish(privateTopic('fills', userId, 1), fill('t1'));
    expect(await c.next((m) => m.event === 'push' && m.channel === 'fills')).toMatchObject({
      data: { tradeId: 't1' },
    });

    const moved = await c.request('settings', { args: { runtimeMode: 2 } });
    expect(moved).toMatchObject({ code: '200', data: { runtimeMode: 2 } });
    await a.app.socket.fanout.publish(privateTopic('fills', userId, 1), fill('demo-after-switch'));
    await a.app.socket.fanout.publish(privateTopic('fills', userId, 2), fill('t2'));
    expect(
      await c.next((m) => m.event === 'push' && (m.data as { tradeId: string }).tradeId === 't2'),
    ).toBeTruthy();
    expect(
      c.messages.some(
        (m) =>
          m.event === 'push' && (m.data as { tradeId: string }).tradeId === 'demo-after-switch',
      ),
    ).toBe(false);

    expect((await c.request('logout')).code).toBe('200');
    expect((await c.request('subscribe', { channel: 'fills' })).code).toBe('401');
    c.close();
  });

  it('closes a logged-in connection at once with 4003 when the account logs in elsewhere, in another gateway', async () => {
    const { token, userId } = await signIn(a);
    const c = await Client.open(urlB);
    expect((await c.request('login', { args: { token, runtimeMode: 1 } })).code).toBe('200');
    expect((await c.request('subscribe', { channel: 'fills' })).code).toBe('200');
    await a.app.sessions.start({ userId });
    expect(await c.next((m) => m.event === 'sessionEnded', 5000)).toMatchObject({ code: '4003' });
    await vi.waitFor(() => expect(c.closed?.code).toBe(4003), { timeout: 1000, interval: 10 });
    await a.app.socket.fanout.publish(privateTopic('fills', userId, 1), fill('after-the-end'));
    await sleep(100);
    expect(
      c.messages.some(
        (m) => m.event === 'push' && (m.data as { tradeId: string }).tradeId === 'after-the-end',
      ),
    ).toBe(false);
  });

  it('rejects a bad token at login', async () => {
    const c = await Client.open(urlA);
    expect((await c.request('login', { args: { token: 'nope' } })).code).toBe('401');
    c.close();
  });

  it('delivers public events to every subscriber on both gateways', async () => {
    const c1 = await Client.open(urlA);
    const c2 = await Client.open(urlB);
    for (const c of [c1, c2]) {
      expect(
        (await c.request('subscribe', { channel: 'trade', args: { symbol: 'BTC_USDT' } })).code,
      ).toBe('200');
    }
    await a.app.socket.fanout.publish(publicTopic('trade', 0, 'BTC_USDT'), {
      ...PUSH_SAMPLES.trade,
      price: '1',
    });
    for (const c of [c1, c2]) {
      expect(await c.next((m) => m.event === 'push' && m.channel === 'trade')).toMatchObject({
        args: { symbol: 'BTC_USDT' },
        data: { price: '1' },
      });
    }
    c1.close();
    c2.close();
  });

  it('debounces order events per order, latest state wins, none lost', async () => {
    const { token, userId } = await signIn(a);
    const c = await Client.open(urlA);
    await c.request('login', { args: { token } });
    await c.request('subscribe', { channel: 'order' });
    const topic = privateTopic('order', userId, 0);
    await a.app.socket.fanout.publish(topic, sampleOrder({ id: 'o1', status: 'NEW' }));
    await a.app.socket.fanout.publish(topic, sampleOrder({ id: 'o1', status: 'PARTIALLY_FILLED' }));
    await a.app.socket.fanout.publish(topic, sampleOrder({ id: 'o2', status: 'NEW' }));
    await a.app.socket.fanout.publish(topic, sampleOrder({ id: 'o1', status: 'FILLED' }));
    await sleep(800);
    const orders = c.messages
      .filter((m) => m.event === 'push' && m.channel === 'order')
      .map((m) => m.event === 'push' && m.data);
    expect(orders).toMatchObject([
      { id: 'o1', status: 'FILLED' },
      { id: 'o2', status: 'NEW' },
    ]);
    c.close();
  });

  it('refuses a handshake from an origin outside the allow-list', async () => {
    const ws = new WebSocket(urlA, { headers: { origin: 'https://evil.example' } });
    const status = await new Promise<number>((resolve) => {
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      ws.on('open', () => resolve(101));
    });
    expect(status).toBe(403);
  });
});
