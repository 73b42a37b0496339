import { afterEach, describe, expect, it } from 'vitest';
import {
  Counter,
  once,
  serveMetrics,
  serveProcessMetrics,
  type MetricsListener,
} from '../src/index.js';

let listener: MetricsListener | undefined;
afterEach(async () => {
  await listener?.close();
  listener = undefined;
});

describe('metrics listener', () => {
  it('serves the registry on GET /metrics and nothing else', async () => {
    const c = once(
      'exchange_test_things_total',
      () => new Counter({ name: 'exchange_test_things_total', help: 'Things counted by a test.' }),
    );
    c.inc(3);
    listener = await serveMetrics({ host: '127.0.0.1', port: 0 });
    const res = await fetch(listener.url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    expect(await res.text()).toMatch(/^exchange_test_things_total 3$/m);
    expect((await fetch(listener.url.replace('/metrics', '/'))).status).toBe(404);
    expect((await fetch(listener.url, { method: 'POST' })).status).toBe(404);
  });

  it('answers 500 with the reason when collecting fails, so the scrape shows as failed', async () => {
    listener = await serveMetrics({
      host: '127.0.0.1',
      port: 0,
      collect: () => Promise.reject(new Error('database gone')),
    });
    const res = await fetch(listener.url);
    expect(res.status).toBe(500);
    expect(await res.text()).toContain('database gone');
  });

  it('listens only when METRICS_PORT is set, on loopback unless METRICS_HOST says otherwise', async () => {
    expect(await serveProcessMetrics({})).toBeUndefined();
    await expect(serveProcessMetrics({ METRICS_PORT: 'ninety' })).rejects.toThrow(/METRICS_PORT/);
    listener = await serveProcessMetrics({ METRICS_PORT: '0' });
    expect(listener?.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/metrics$/);
    const text = await (await fetch(listener!.url)).text();
    expect(text).toContain('process_resident_memory_bytes');
  });
});
