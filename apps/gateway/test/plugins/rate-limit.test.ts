import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { build, type TestApp } from '../helpers/build.js';
import { listen } from '../helpers/listen.js';
import { Client } from '../helpers/socket-client.js';

let t: TestApp;
let wsUrl: string;
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Exchange</title>');
  writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  writeFileSync(path.join(root, 'assets', 'app-1234.css'), 'body{}');
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await build({ WEB_DIST_DIR: root, RATE_LIMIT_MAX: '3', SOCKET_RATE_LIMIT_MAX: '2' });
  wsUrl = await listen(t);
});
afterAll(() => t.close());

/** The status a handshake got: 101 when the socket opened, else the HTTP answer. */
function handshake(url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => {
      ws.close();
      resolve({ status: 101, body: '' });
    });
    ws.once('unexpected-response', (_req, res) => {
      let body = '';
      res.on('data', (d: Buffer) => (body += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    ws.once('error', reject);
  });
}

// Ordered: the sockets are opened first, so the API's counter shows they did not count on it.
describe('per-IP rate limits: the API, not the page', () => {
  it('gives the socket handshake its own counter', async () => {
    const first = await Client.open(wsUrl);
    first.close();
    expect((await handshake(wsUrl)).status).toBe(101);
    const refused = await handshake(wsUrl);
    expect(refused.status).toBe(429);
    expect(JSON.parse(refused.body)).toMatchObject({ code: '1008' });
  });

  it('still answers 1008 with the retry time on the API past its limit', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) {
      codes.push(
        (await t.app.inject({ method: 'GET', url: '/v1/common/public/configs' })).statusCode,
      );
    }
    expect(codes).toEqual([200, 200, 200, 429]);
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/configs/symbols' });
    expect(res.statusCode).toBe(429);
    const body = res.json<{ code: string; data: { retryAfterSeconds: number }; message: string }>();
    expect(body.code).toBe('1008');
    expect(body.data.retryAfterSeconds).toBeGreaterThan(0);
    expect(body.data.retryAfterSeconds).toBeLessThanOrEqual(60);
    expect(res.headers['retry-after']).toBe(String(body.data.retryAfterSeconds));
  });

  it('counts unknown API paths too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/nothing' });
    expect(res.statusCode).toBe(429);
  });

  it('never refuses the page: static files, client routes, favicon, health', async () => {
    const urls = [
      '/',
      '/index.html',
      '/assets/app-1234.js',
      '/assets/app-1234.css',
      '/favicon.svg',
      '/trade/spot/BTC_USDT',
      '/market',
      '/health',
      '/ready',
    ];
    for (let round = 0; round < 3; round++) {
      for (const url of urls) {
        const res = await t.app.inject({
          method: 'GET',
          url,
          headers: { 'accept-encoding': 'br, gzip' },
        });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['x-ratelimit-limit'], url).toBeUndefined();
      }
    }
  });

  it('limits each address on its own', async () => {
    const other = await t.app.inject({
      method: 'GET',
      url: '/v1/common/public/configs',
      remoteAddress: '10.1.2.3',
    });
    expect(other.statusCode).toBe(200);
  });
});
