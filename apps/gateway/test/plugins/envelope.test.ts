import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.js';

let t: TestApp;
let slow: TestApp;
beforeAll(async () => {
  t = await build(
    { BODY_LIMIT_BYTES: '2048' },
    {
      extraRoutes: (app) => {
        app.get('/v1/common/public/test/boom', { config: { access: 'public' } }, async () => {
          throw new Error('connection string postgresql://secret@db leaked');
        });
      },
    },
  );
  // A separate app with a short timeout, so a loaded machine cannot trip the other tests.
  slow = await build(
    { REQUEST_TIMEOUT_MS: '300' },
    {
      extraRoutes: (app) => {
        app.get('/v1/common/public/test/slow', { config: { access: 'public' } }, async () => {
          await new Promise((r) => setTimeout(r, 1500));
          return { code: '200', data: null, message: 'late' };
        });
        // A download that starts at once and streams for longer than the timeout, as a large
        // statement does on a loaded machine.
        app.get(
          '/v1/common/public/test/long-download',
          { config: { access: 'public' } },
          async (_request, reply) => {
            const chunks = async function* () {
              for (let i = 0; i < 8; i += 1) {
                await new Promise((r) => setTimeout(r, 100));
                yield `line ${i}\n`;
              }
            };
            return reply.type('text/csv').send(Readable.from(chunks()));
          },
        );
      },
    },
  );
});
afterAll(async () => {
  await t.close();
  await slow.close();
});

const events = (body: unknown) => ({
  method: 'POST' as const,
  url: '/v1/logging/public/events',
  headers: { 'content-type': 'application/json' },
  payload: typeof body === 'string' ? body : JSON.stringify(body),
});

describe('the envelope', () => {
  it('wraps success with code "200"', async () => {
    const res = await t.app.inject(
      events({ events: [{ category: 'page', action: 'view', value: 3 }] }),
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ code: '200', data: { accepted: 1 }, message: 'success' });
    expect(await t.app.db.clientEvent.count()).toBe(1);
  });

  it('answers bad JSON with 1003 and stores nothing', async () => {
    const before = await t.app.db.clientEvent.count();
    const res = await t.app.inject(events('{"events": [}'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: '1003',
      data: null,
      message: 'The request body is not valid JSON.',
    });
    expect(await t.app.db.clientEvent.count()).toBe(before);
  });

  it('answers wrong types with 1002 naming the field', async () => {
    const res = await t.app.inject(
      events({ events: [{ category: 'page', action: 'view', value: 'three' }] }),
    );
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string }>();
    expect(body.code).toBe('1002');
    expect(body.message).toContain('body.events.0.value');
  });

  it('answers a missing required field and a bad enum with 1002', async () => {
    const missing = await t.app.inject(events({ events: [{ action: 'view' }] }));
    expect(missing.json()).toMatchObject({ code: '1002' });
    const badTransport = await t.app.inject(
      events({ events: [{ category: 'a', action: 'b', transport: 'pigeon' }] }),
    );
    expect(badTransport.json()).toMatchObject({ code: '1002' });
  });

  it('answers unknown fields with 1004 listing them', async () => {
    const res = await t.app.inject(
      events({ events: [{ category: 'a', action: 'b', colour: 'red' }], extra: 1 }),
    );
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: '1004' });
    expect(res.json<{ message: string }>().message).toMatch(/extra/);
  });

  it('answers an oversized body with 1005 and 413', async () => {
    const res = await t.app.inject(
      events({ events: [{ category: 'x'.repeat(4000), action: 'b' }] }),
    );
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ code: '1005' });
  });

  it('answers an unsupported content type with 1011', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/logging/public/events',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(res.statusCode).toBe(415);
    expect(res.json()).toMatchObject({ code: '1011' });
  });

  it('answers unknown routes with 1006 and 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '1006', data: null });
  });

  it('hides internals of unexpected failures behind 1012', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/test/boom' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: '1012',
      data: null,
      message: 'The system is busy, try again later.',
    });
    expect(res.body).not.toContain('secret');
    expect(res.body).not.toContain('at ');
  });

  it('answers a handler slower than the request timeout with 1009', async () => {
    const res = await slow.app.inject({ method: 'GET', url: '/v1/common/public/test/slow' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: '1009' });
  });

  it('lets a download that has started stream on past the request timeout', async () => {
    const res = await slow.app.inject({
      method: 'GET',
      url: '/v1/common/public/test/long-download',
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(Array.from({ length: 8 }, (_, i) => `line ${i}\n`).join(''));
  });

  it('rejects a malformed runtime-mode or time-zone header with 1002', async () => {
    const mode = await t.app.inject({
      method: 'GET',
      url: '/v1/common/public/configs',
      headers: { 'runtime-mode': '7' },
    });
    expect(mode.statusCode).toBe(400);
    expect(mode.json()).toMatchObject({ code: '1002' });
    const tz = await t.app.inject({
      method: 'GET',
      url: '/v1/common/public/configs',
      headers: { 'time-zone': 'Mars/Olympus' },
    });
    expect(tz.json()).toMatchObject({ code: '1002' });
  });

  it('sends security headers, on errors too', async () => {
    for (const url of ['/v1/common/public/configs', '/v1/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['content-security-policy']).toContain("frame-ancestors 'none'");
      expect(res.headers['strict-transport-security']).toContain('max-age=');
      expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });
});
