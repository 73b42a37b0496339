import assert from 'node:assert/strict';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './exchange';
import { waitUntil } from './helpers';
import { newPage, shot, type ScenarioContext } from './scenarios';

/**
 * The operator's view of the run's exchange, with Debian's real Prometheus and the repository's
 * own ops/prometheus: the shipped config (pointed at this exchange's service discovery file,
 * which `npm start` wrote) scrapes every process, every alert rule loads, the dashboard's
 * queries answer through Prometheus's HTTP API while the market makers place orders, no
 * critical alert fires, and the targets and alerts pages are seen in the browser.
 */
const REPO = path.resolve(import.meta.dirname, '../../..');
const PROMETHEUS = process.env.PROMETHEUS_PATH ?? '/usr/bin/prometheus';

interface Target {
  labels: Record<string, string>;
  health: string;
  lastError: string;
}

async function api<T>(base: string, pathname: string): Promise<T> {
  const res = await fetch(`${base}${pathname}`);
  const body = (await res.json()) as { status: string; data: T; error?: string };
  assert.equal(body.status, 'success', `${pathname}: ${body.error ?? res.status}`);
  return body.data;
}

/** An instant query's series, as [labels, value]. */
async function query(base: string, expr: string): Promise<[Record<string, string>, number][]> {
  const data = await api<{ result: { metric: Record<string, string>; value: [number, string] }[] }>(
    base,
    `/api/v1/query?query=${encodeURIComponent(expr)}`,
  );
  return data.result.map((r) => [r.metric, Number(r.value[1])]);
}

export async function prometheusWatch(ctx: ScenarioContext): Promise<void> {
  assert.ok(existsSync(PROMETHEUS), `${PROMETHEUS} is missing: apt-get install prometheus`);
  const port = new URL(ctx.baseUrl).port;
  const targetsFile = path.join(REPO, 'ops', 'prometheus', 'targets', `exchange-${port}.json`);
  assert.ok(existsSync(targetsFile), `npm start wrote no ${targetsFile}`);
  const expected = (JSON.parse(readFileSync(targetsFile, 'utf8')) as { labels: { job: string } }[])
    .map((t) => t.labels.job)
    .sort();
  assert.deepEqual(expected, ['bank', 'card', 'chain', 'engine', 'gateway', 'kyc', 'worker']);

  // The shipped config, with this exchange's file alone (others may run on the machine).
  const dir = mkdtempSync(path.join(tmpdir(), 'prometheus-'));
  const shipped = readFileSync(path.join(REPO, 'ops', 'prometheus', 'prometheus.yml'), 'utf8');
  const config = shipped
    .replace("['targets/*.json']", JSON.stringify([targetsFile]))
    .replace('- alerts.yml', `- ${path.join(REPO, 'ops', 'prometheus', 'alerts.yml')}`);
  assert.notEqual(config, shipped);
  writeFileSync(path.join(dir, 'prometheus.yml'), config);
  const webPort = await freePort();
  const base = `http://127.0.0.1:${webPort}`;
  let prometheus: ChildProcess | undefined;
  try {
    prometheus = spawn(
      PROMETHEUS,
      [
        `--config.file=${path.join(dir, 'prometheus.yml')}`,
        `--storage.tsdb.path=${path.join(dir, 'data')}`,
        `--web.listen-address=127.0.0.1:${webPort}`,
        '--log.level=warn',
      ],
      { stdio: ['ignore', 'ignore', 'pipe'] },
    );
    let stderr = '';
    prometheus.stderr?.on('data', (d: Buffer) => (stderr += d.toString()));

    // Every process of the exchange is scraped and up.
    const targets = await waitUntil(
      'every target of the exchange up in Prometheus',
      async () =>
        (
          await api<{ activeTargets: Target[] }>(base, '/api/v1/targets').catch(() => ({
            activeTargets: [] as Target[],
          }))
        ).activeTargets,
      (active) => active.filter((t) => t.health === 'up').length === expected.length,
      60_000,
    ).catch((err: unknown) => {
      throw new Error(`${String(err)}; Prometheus said: ${stderr}`);
    });
    assert.deepEqual(targets.map((t) => t.labels.job).sort(), expected);
    ctx.log(`Prometheus scrapes ${targets.length} processes, all up`);

    // Every alert rule loaded and evaluates.
    const rules = await api<{ groups: { rules: { name: string; health: string }[] }[] }>(
      base,
      '/api/v1/rules?type=alert',
    );
    const loaded = rules.groups.flatMap((g) => g.rules);
    const shippedAlerts = [
      ...readFileSync(path.join(REPO, 'ops', 'prometheus', 'alerts.yml'), 'utf8').matchAll(
        /- alert: (\w+)/g,
      ),
    ].map((m) => m[1]);
    assert.deepEqual(loaded.map((r) => r.name).sort(), [...shippedAlerts].sort());

    // The order path, the engine and settlement are seen working (the market makers place
    // orders all the time), with two samples for rates.
    await waitUntil(
      'orders and engine commands seen through Prometheus',
      async () => {
        const [orders] = await query(
          base,
          'sum(increase(exchange_order_place_to_verdict_seconds_count{outcome="accepted"}[1m]))',
        );
        const [commands] = await query(base, 'sum(rate(exchange_engine_commands_total[1m]))');
        return [orders?.[1] ?? 0, commands?.[1] ?? 0];
      },
      ([orders, commands]) => (orders ?? 0) > 0 && (commands ?? 0) > 0,
      60_000,
    );
    const expectSome = async (expr: string, check: (v: number) => boolean, what: string) => {
      const series = await query(base, expr);
      assert.ok(series.length > 0, `${expr}: no series`);
      for (const [labels, v] of series)
        assert.ok(check(v), `${what}: ${JSON.stringify(labels)} = ${v}`);
      return series;
    };
    await expectSome('exchange_engine_up', (v) => v === 1, 'engine up');
    await expectSome('exchange_engine_behind', (v) => v === 0, 'engine not behind');
    await expectSome('exchange_settlement_lag_events', (v) => v < 5000, 'settlement keeps up');
    await expectSome(
      'histogram_quantile(0.99, sum by (le) (rate(exchange_engine_journal_fsync_seconds_bucket[1m])))',
      (v) => v > 0 && v < 1,
      'journal fsync p99',
    );
    await expectSome('sum by (job) (process_resident_memory_bytes)', (v) => v > 10e6, 'RSS');
    await expectSome(
      'sum(exchange_http_requests_total{route="/ready",status="200"})',
      (v) => v > 0,
      'readiness requests counted by route pattern',
    );
    await expectSome('exchange_db_pool_connections', (v) => v >= 0, 'database pools');
    await expectSome('exchange_jobs', (v) => v >= 0, 'job queue');

    // Every query of the shipped dashboard answers.
    const dashboard = JSON.parse(
      readFileSync(path.join(REPO, 'ops', 'grafana', 'exchange-dashboard.json'), 'utf8'),
    ) as { panels: { title: string; targets: { expr: string }[] }[] };
    let answered = 0;
    for (const panel of dashboard.panels)
      for (const { expr } of panel.targets) {
        await query(base, expr);
        answered += 1;
      }
    ctx.log(`${answered} dashboard queries answered`);

    // The ledger audit runs every 20 s here (exchange.ts): it has run and found nothing.
    await waitUntil(
      'a ledger audit reported',
      () => query(base, 'exchange_ledger_audit_differences'),
      (series) => series.length > 0,
      60_000,
    );
    await expectSome('exchange_ledger_audit_differences', (v) => v === 0, 'ledger audit');

    const firing = await api<{ alerts: { labels: Record<string, string>; state: string }[] }>(
      base,
      '/api/v1/alerts',
    );
    // Nothing fires on a healthy exchange, and nothing critical is even pending.
    const loud = firing.alerts.filter(
      (a) => a.state === 'firing' || a.labels.severity === 'critical',
    );
    assert.deepEqual(loud, [], 'no alert on a healthy exchange');

    // What the operator sees (Debian's package serves Prometheus's classic pages).
    const { context, page } = await newPage(ctx);
    await page.goto(`${base}/classic/targets`);
    await page.getByText('exchange (7/7 up)').waitFor({ timeout: 15_000 });
    await shot(ctx, page, 'operator-prometheus-targets');
    await page.goto(`${base}/classic/alerts`);
    await page.getByText('EngineDown (0 active)').waitFor();
    await shot(ctx, page, 'operator-prometheus-alerts');
    await context.close();
  } finally {
    prometheus?.kill('SIGTERM');
    rmSync(dir, { recursive: true, force: true });
  }
}
