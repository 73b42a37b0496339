import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.js';

const INDEX = '<!doctype html><title>Exchange</title>';
const SCRIPT = 'console.log(1)';

/** A file and the brotli and gzip siblings the web build writes beside it. */
function writeWithSiblings(file: string, text: string) {
  writeFileSync(file, text);
  writeFileSync(`${file}.br`, brotliCompressSync(text));
  writeFileSync(`${file}.gz`, gzipSync(text));
}

let t: TestApp;
beforeAll(async () => {
  const root = mkdtempSync(path.join(tmpdir(), 'web-'));
  mkdirSync(path.join(root, 'assets'));
  writeWithSiblings(path.join(root, 'index.html'), INDEX);
  writeWithSiblings(path.join(root, 'assets', 'app-1234.js'), SCRIPT);
  writeFileSync(path.join(root, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
  t = await build({ WEB_DIST_DIR: root });
});
afterAll(() => t.close());

const get = (url: string, encoding?: string) =>
  t.app.inject({
    method: 'GET',
    url,
    headers: encoding === undefined ? {} : { 'accept-encoding': encoding },
  });

describe('web client on the API origin', () => {
  it('serves index.html for client routes, uncached', async () => {
    for (const url of ['/', '/market', '/trade/spot?symbol=BTC_USDT', '/accountCenter/wallet']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain('<title>Exchange</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves hashed assets as immutable and missing files as 404', async () => {
    const asset = await get('/assets/app-1234.js');
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/assets/nope.js');
    expect(missing.statusCode).toBe(404);
  });

  it('keeps files outside /assets revalidated: only hashed names are immutable', async () => {
    const icon = await get('/favicon.svg', 'br, gzip');
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['cache-control']).toBe('no-cache');
    expect(icon.headers['content-encoding']).toBeUndefined(); // no sibling: the file itself
  });

  it('answers the brotli file to a browser that accepts it, gzip to one that only takes gzip', async () => {
    const br = await get('/assets/app-1234.js', 'gzip, deflate, br, zstd');
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(SCRIPT);

    const gz = await get('/assets/app-1234.js', 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(SCRIPT);
  });

  it('answers the plain file, still varying on Accept-Encoding, when none is accepted', async () => {
    for (const encoding of [undefined, 'identity']) {
      const res = await get('/assets/app-1234.js', encoding);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
    }
  });

  it('compresses index.html at / and for client routes, uncached', async () => {
    for (const url of ['/', '/index.html', '/trade/spot/BTC_USDT', '/market?tab=rwa']) {
      const res = await get(url, 'br, gzip');
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['content-type'], url).toMatch(/^text\/html/);
      expect(res.headers.vary, url).toMatch(/accept-encoding/i);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(brotliDecompressSync(res.rawPayload).toString(), url).toBe(INDEX);
    }
    const gz = await get('/trade/spot/BTC_USDT', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(INDEX);
  });

  it('does not publish the compressed siblings as files of their own', async () => {
    expect((await get('/assets/app-1234.js.br')).statusCode).toBe(404);
    expect((await get('/index.html.gz')).statusCode).toBe(404);
  });

  it('answers /metrics with a 404 envelope, not the page: metrics have their own listener', async () => {
    const res = await get('/metrics');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '1006' });
  });

  it('keeps unknown API paths a 1006 envelope', async () => {
    const res = await get('/v1/common/public/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '1006' });
  });
});
