import type { Socket } from 'node:net';
import { register } from '@exchange/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { publicTopic, type Topic } from '../../../../src/features/platform/socket/fanout.js';
import { MAX_BUFFERED_BYTES } from '../../../../src/features/platform/socket/socket-session.js';
import { build, type TestApp } from '../../../helpers/build.js';
import { listen } from '../../../helpers/listen.js';
import { until } from '../../../helpers/wait.js';

let t: TestApp;
let url: string;
beforeAll(async () => {
  t = await build();
  url = await listen(t);
});
afterAll(() => t.close());

async function dropped(): Promise<number> {
  const text = await register.metrics();
  return Number(/^exchange_socket_dropped_slow_clients_total (\d+)$/m.exec(text)?.[1] ?? 0);
}

describe('a client that stops reading', () => {
  it('is cut once more than 16 MiB wait for it, and counted; a reading client is not', async () => {
    const before = await dropped();
    const open = async () => {
      const ws = new WebSocket(url);
      const replies: string[] = [];
      ws.on('message', (raw: Buffer) => replies.push(raw.toString().slice(0, 200)));
      await new Promise((resolve) => ws.once('open', resolve));
      ws.send(
        JSON.stringify({
          op: 'subscribe',
          channel: 'ticker',
          args: { symbol: 'BTC_USDT' },
          requestId: 's',
        }),
      );
      await until(() => replies.some((r) => r.includes('"requestId":"s"')), 3000, 10);
      return ws;
    };
    const slow = await open();
    const reading = await open();
    let readingGot = 0;
    reading.on('message', () => (readingGot += 1));
    // The slow client's socket stops reading: what the gateway sends piles up in its buffers.
    (slow as unknown as { _socket: Socket })._socket.pause();
    let slowClosed = false;
    slow.on('close', () => (slowClosed = true));
    const payload = { note: 'x'.repeat(256 * 1024) };
    const topic = publicTopic('ticker', 0, 'BTC_USDT') as Topic<never>;
    // 32 MiB in all, twice the bound.
    for (let i = 0; i < (2 * MAX_BUFFERED_BYTES) / (256 * 1024); i++) {
      await t.app.socket.fanout.publish(topic, payload as never);
      if (i % 8 === 0) await new Promise((r) => setTimeout(r, 5));
    }
    await until(async () => (await dropped()) > before, 10_000, 50);
    expect(await dropped()).toBe(before + 1);
    (slow as unknown as { _socket: Socket })._socket.resume();
    await until(() => slowClosed, 5000, 20);
    // The client that reads got every push and is still connected.
    await until(() => readingGot >= (2 * MAX_BUFFERED_BYTES) / (256 * 1024), 10_000, 20);
    expect(reading.readyState).toBe(WebSocket.OPEN);
    expect(t.app.socket.connections()).toBe(1);
    reading.close();
  });
});
