import { PUSH_SAMPLES } from '@exchange/contracts/testing';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SocketClient, socketUrl, type WebSocketLike } from './socket-client';

/** A WebSocket the test drives: it records what the client sends and closes. */
class FakeSocket implements WebSocketLike {
  readyState = 0;
  sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: WebSocketLike['onopen'] = null;
  onclose: WebSocketLike['onclose'] = null;
  onmessage: WebSocketLike['onmessage'] = null;
  onerror: WebSocketLike['onerror'] = null;

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close(code?: number) {
    this.closedWith = code ?? 1000;
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
    this.receive({ event: 'welcome', code: '200', data: { connectionId: 'c1' } });
  }
  receive(message: unknown) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  serverClose() {
    this.readyState = 3;
    this.onclose?.({ code: 1006 });
  }
  ops(op: string) {
    return this.sent.filter((m) => m.op === op);
  }
  reply(op: string, code = '200', data: unknown = null) {
    const request = this.sent.filter((m) => m.op === op).at(-1);
    this.receive({
      event: 'reply',
      op,
      requestId: request?.requestId,
      code,
      message: code === '200' ? 'ok' : 'bad',
      data,
    });
  }
}

let sockets: FakeSocket[];
const latest = () => sockets.at(-1)!;

function makeClient(
  loginArgs: () => Record<string, unknown> | null = () => null,
  onSessionEnded?: (code: string) => void,
  onInvalidPush?: (channel: string, problem: string) => void,
) {
  return new SocketClient({
    ...(onSessionEnded ? { onSessionEnded } : {}),
    ...(onInvalidPush ? { onInvalidPush } : {}),
    url: 'ws://test/v1/websocket/connect',
    createSocket: () => {
      const s = new FakeSocket();
      sockets.push(s);
      return s;
    },
    loginArgs,
  });
}

beforeEach(() => {
  vi.useFakeTimers();
  sockets = [];
});
afterEach(() => vi.useRealTimers());

describe('SocketClient', () => {
  it('counts welcome as success and pings every 20 seconds', () => {
    const client = makeClient();
    client.start();
    expect(client.status).toBe('connecting');
    latest().open();
    expect(client.status).toBe('open');

    vi.advanceTimersByTime(19_999);
    expect(latest().ops('ping')).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(latest().ops('ping')).toHaveLength(1);
    latest().receive({ event: 'pong', code: '200', data: { ts: 1 } });
    vi.advanceTimersByTime(20_000);
    expect(latest().ops('ping')).toHaveLength(2);
  });

  it('drops the connection with 4888 when nothing answers for 30 seconds, then retries after 500 ms', () => {
    const client = makeClient();
    client.start();
    const first = latest();
    first.open();

    vi.advanceTimersByTime(29_999);
    expect(first.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(first.closedWith).toBe(4888);
    expect(client.status).toBe('closed');
    expect(sockets).toHaveLength(1);

    vi.advanceTimersByTime(499);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
  });

  it('keeps the connection while pongs arrive', () => {
    const client = makeClient();
    client.start();
    latest().open();
    for (let i = 0; i < 5; i += 1) {
      vi.advanceTimersByTime(20_000);
      latest().receive({ event: 'pong', code: '200', data: { ts: i } });
    }
    expect(latest().closedWith).toBeNull();
    expect(client.status).toBe('open');
  });

  it('ignores unparseable messages: they neither break nor count as replies', () => {
    const client = makeClient();
    client.start();
    latest().open();
    vi.advanceTimersByTime(25_000);
    latest().receive('not json');
    latest().receive({ event: 'mystery' });
    vi.advanceTimersByTime(5_000);
    expect(latest().closedWith).toBe(4888);
  });

  it('retries every 500 ms while the server is unreachable', () => {
    const client = makeClient();
    client.start();
    latest().serverClose();
    vi.advanceTimersByTime(500);
    latest().serverClose();
    vi.advanceTimersByTime(500);
    expect(sockets).toHaveLength(3);
  });

  it('forces a reconnect with 4889 and logs in and resubscribes on the new connection', () => {
    let token = 'tok-1';
    const client = makeClient(() => ({ token, runtimeMode: 0 }));
    const pushes: unknown[] = [];
    client.subscribe('ticker', (data) => pushes.push(data));
    client.start();
    const first = latest();
    first.open();
    expect(first.ops('login')[0]).toMatchObject({ args: { token: 'tok-1' } });
    expect(first.ops('subscribe')[0]).toMatchObject({ channel: 'ticker' });

    token = 'tok-2';
    client.reconnect();
    expect(first.closedWith).toBe(4889);
    vi.advanceTimersByTime(500);
    const second = latest();
    expect(second).not.toBe(first);
    second.open();
    expect(second.ops('login')[0]).toMatchObject({ args: { token: 'tok-2' } });
    expect(second.ops('subscribe')).toHaveLength(1);

    second.receive({
      event: 'push',
      channel: 'ticker',
      code: '200',
      data: PUSH_SAMPLES.ticker,
    });
    second.receive({ event: 'push', channel: 'trade', code: '200', data: {} });
    expect(pushes).toEqual([PUSH_SAMPLES.ticker]);
  });

  it('hands a listener only pushes that match the channel, and reports the others', () => {
    const invalid: string[] = [];
    const client = makeClient(undefined, undefined, (channel, problem) =>
      invalid.push(`${channel} ${problem}`),
    );
    const got: unknown[] = [];
    client.subscribe('refreshAsset', (data) => got.push(data));
    client.start();
    const socket = latest();
    socket.open();
    socket.receive({ event: 'welcome', code: '200', data: { connectionId: 'c1' } });
    // The shape settlement once sent while the web read balances from it: refused, not guessed at.
    socket.receive({
      event: 'push',
      channel: 'refreshAsset',
      code: '200',
      data: { assets: [{ asset: 'BTC', available: '1' }] },
    });
    socket.receive({
      event: 'push',
      channel: 'refreshAsset',
      code: '200',
      data: PUSH_SAMPLES.refreshAsset,
    });
    expect(got).toEqual([PUSH_SAMPLES.refreshAsset]);
    expect(invalid).toEqual([
      'refreshAsset assets.0: Invalid input: expected string, received object',
    ]);
  });

  it('resolves a reply with code 200, rejects other codes and times out after 10 seconds', async () => {
    const client = makeClient();
    client.start();
    latest().open();

    const good = client.request('query', 'order');
    latest().reply('query', '200', { n: 1 });
    await expect(good).resolves.toEqual({ n: 1 });

    const bad = client.request('settings');
    latest().reply('settings', '3013');
    await expect(bad).rejects.toMatchObject({ code: '3013' });

    const slow = client.request('query', 'fills');
    const result = expect(slow).rejects.toMatchObject({ code: '1009' });
    vi.advanceTimersByTime(10_000);
    await result;
  });

  it('unsubscribes when the last listener leaves, and stop() ends retries', () => {
    const client = makeClient();
    const off = client.subscribe('ticker', () => undefined);
    client.start();
    latest().open();
    off();
    expect(latest().ops('unsubscribe')[0]).toMatchObject({ channel: 'ticker' });

    client.stop();
    expect(client.status).toBe('idle');
    vi.advanceTimersByTime(5_000);
    expect(sockets).toHaveLength(1);
  });

  it('builds the address of the socket from the page', () => {
    expect(socketUrl({ protocol: 'https:', host: 'ex.test' })).toBe(
      'wss://ex.test/v1/websocket/connect',
    );
    expect(socketUrl({ protocol: 'http:', host: 'localhost:8080' })).toBe(
      'ws://localhost:8080/v1/websocket/connect',
    );
  });
});

describe('a session that ends', () => {
  it('logs out when the server says the session ended, or refuses the login with 4003', async () => {
    const ended = vi.fn();
    const client = makeClient(() => ({ token: 't' }), ended);
    client.start();
    latest().open();
    latest().receive({ event: 'sessionEnded', code: '4003', message: 'elsewhere', data: null });
    expect(ended).toHaveBeenCalledWith('4003');
    latest().reply('login', '4003');
    await vi.runOnlyPendingTimersAsync();
    expect(ended).toHaveBeenCalledTimes(2);
    client.stop();
  });
});
