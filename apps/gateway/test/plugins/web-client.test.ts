import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(root, 'assets'));
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Exchange</title>');
  writeFileSync(path.join(root, 'assets', 'app-1234.js'), 'console.log(1)');
  t = await build({ WEB_DIST_DIR: root });
});
afterAll(() => t.close());

describe('web client on the API origin', () => {
  it('serves index.html for client routes, uncached', async () => {
    for (const url of ['/', '/market', '/trade/spot?symbol=BTC_USDT', '/accountCenter/wallet']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Exchange</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and missing files as 404', async () => {
    const asset = await t.app.inject({ method: 'GET', url: '/assets/app-1234.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');
    const missing = await t.app.inject({ method: 'GET', url: '/assets/nope.js' });
    expect(missing.statusCode).toBe(404);
  });

  it('keeps unknown API paths a 1006 envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/nothing' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '1006' });
  });
});
