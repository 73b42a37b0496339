import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { build, type TestApp } from '../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('API documentation', () => {
  it('serves an OpenAPI document listing every route with its schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{
      openapi: string;
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    }>();
    expect(doc.openapi).toMatch(/^3\./);
    for (const path of [
      '/v1/common/public/configs/assets',
      '/v1/common/public/configs/symbols',
      '/v1/common/public/configs',
      '/v1/common/public/blocklist',
      '/v1/marketing/public/news',
      '/v1/logging/public/events',
      '/v1/user/profile',
      '/health',
      '/ready',
    ]) {
      expect(doc.paths[path], path).toBeDefined();
    }
    const assets = doc.paths['/v1/common/public/configs/assets']?.get;
    expect(JSON.stringify(assets?.responses['200'])).toContain('decimals');
    const events = doc.paths['/v1/logging/public/events']?.post as unknown as {
      requestBody: unknown;
    };
    expect(JSON.stringify(events.requestBody)).toContain('nonInteraction');
  });

  it('serves the UI at /v1/docs', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/docs/' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
  });
});
