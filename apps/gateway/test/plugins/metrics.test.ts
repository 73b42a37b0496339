import { engineStreamKeys } from '@exchange/contracts';
import { register } from '@exchange/metrics';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAudit } from '../../src/features/operations/health/metrics.js';
import { HttpKycProvider } from '../../src/features/identity/kyc/kyc-provider.js';
import { build, signIn, type TestApp } from '../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build({ DEV_CREDIT: 'true' });
});
afterAll(() => t.close());

/** The value of one series in the process's registry, or undefined when it is absent. */
async function value(
  name: string,
  labels: Record<string, string> = {},
): Promise<number | undefined> {
  const metric = register.getSingleMetric(name);
  if (!metric) return undefined;
  const { values } = await metric.get();
  const found = values.find(
    (v) =>
      [undefined, name].includes((v as { metricName?: string }).metricName) &&
      Object.entries(labels).every(([k, want]) => String(v.labels[k]) === want),
  );
  return found?.value;
}

describe('metrics of the gateway', () => {
  it('counts requests by route pattern and status, never by raw URL', async () => {
    const before =
      (await value('exchange_http_requests_total', {
        route: '/v1/spot-order/order/:id',
        status: '401',
      })) ?? 0;
    for (const id of ['1', '2', '3'])
      await t.app.inject({ method: 'GET', url: `/v1/spot-order/order/${id}` });
    expect(
      await value('exchange_http_requests_total', {
        method: 'GET',
        route: '/v1/spot-order/order/:id',
        status: '401',
      }),
    ).toBe(before + 3);
    await t.app.inject({ method: 'GET', url: '/no/such/path/123' });
    const text = await register.metrics();
    expect(text).toMatch(
      /exchange_http_requests_total\{method="GET",route="unmatched",status="404"\}/,
    );
    expect(text).not.toContain('/v1/spot-order/order/1"');
    expect(text).not.toContain('/no/such/path');
    expect(text).toMatch(
      /exchange_http_request_duration_seconds_bucket\{le="0\.005",method="GET",route="\/v1\/spot-order\/order\/:id"\}/,
    );
  });

  it('counts a refused callback of an outside party by party and outcome', async () => {
    const before =
      (await value('exchange_outside_callbacks_total', { party: 'kyc', outcome: 'refused' })) ?? 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/kyc/public/provider/callback',
      headers: { 'content-type': 'application/json', 'x-signature': 'forged', 'x-timestamp': '1' },
      payload: '{}',
    });
    expect(res.statusCode).toBeGreaterThanOrEqual(400);
    expect(res.statusCode).toBeLessThan(500);
    expect(
      await value('exchange_outside_callbacks_total', { party: 'kyc', outcome: 'refused' }),
    ).toBe(before + 1);
  });

  it('counts a call to an outside party that does not answer as unreachable', async () => {
    const before =
      (await value('exchange_outside_calls_total', { party: 'kyc', outcome: 'unreachable' })) ?? 0;
    // Port 9 (discard) on loopback: nothing listens, the connection is refused.
    const provider = new HttpKycProvider({ baseUrl: 'http://127.0.0.1:9', secret: 'x'.repeat(32) });
    await expect(provider.submit({} as Parameters<HttpKycProvider['submit']>[0])).rejects.toThrow();
    expect(
      await value('exchange_outside_calls_total', { party: 'kyc', outcome: 'unreachable' }),
    ).toBe(before + 1);
  });

  it("reports the database pools, the job queue and each shard's engine and settlement lag", async () => {
    const keys = engineStreamKeys('0');
    await t.app.redis.commands.set(keys.heartbeat, String(Date.now() - 2000));
    await t.app.redis.commands.xadd(keys.output, '0-9', 'e', '[]');
    const text = await register.metrics();
    expect(text).toMatch(/^exchange_db_pool_connections\{pool="prisma",state="idle"\} \d+$/m);
    expect(text).toMatch(/^exchange_jobs\{queue="jobs",state="failed"\} 0$/m);
    expect(text).toMatch(/^exchange_notifications_undelivered \d+$/m);
    expect(text).toMatch(/^exchange_engine_up\{shard="0"\} 1$/m);
    const age = Number(
      /^exchange_engine_heartbeat_age_seconds\{shard="0"\} ([\d.]+)$/m.exec(text)?.[1],
    );
    expect(age).toBeGreaterThanOrEqual(2);
    expect(text).toMatch(/^exchange_settlement_lag_events\{shard="0"\} 9$/m);
    // The lag in seconds grows from when the unsettled events were first seen.
    await new Promise((r) => setTimeout(r, 1100));
    const later = await register.metrics();
    const lag = Number(/^exchange_settlement_lag_seconds\{shard="0"\} ([\d.]+)$/m.exec(later)?.[1]);
    expect(lag).toBeGreaterThanOrEqual(1);
    // The engine stops beating: up is 0 and the age is absent.
    await t.app.redis.commands.del(keys.heartbeat, keys.output);
    const after = await register.metrics();
    expect(after).toMatch(/^exchange_engine_up\{shard="0"\} 0$/m);
    expect(after).not.toMatch(/^exchange_engine_heartbeat_age_seconds\{shard="0"\}/m);
    expect(after).toMatch(/^exchange_settlement_lag_seconds\{shard="0"\} 0$/m);
  });

  it('reports the ledger audit: 0 differences, then the count of a tampered balance', async () => {
    expect(await runAudit(t.app)).toBe(0);
    expect(await value('exchange_ledger_audit_differences')).toBe(0);
    const { userId } = await signIn(t);
    await t.app.db
      .$executeRaw`INSERT INTO balance ("accountId", mode, asset, available) VALUES (${userId}, 1, 'USDT', 5)`;
    expect(await runAudit(t.app)).toBe(1);
    expect(await value('exchange_ledger_audit_differences')).toBe(1);
    expect(await value('exchange_ledger_audit_last_run_timestamp_seconds')).toBeGreaterThan(
      Date.now() / 1000 - 60,
    );
    await t.app.db.balance.delete({
      where: { accountId_mode_asset: { accountId: userId, mode: 1, asset: 'USDT' } },
    });
  });
});
