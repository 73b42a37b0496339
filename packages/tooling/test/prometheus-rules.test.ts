import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The shipped Prometheus config and alert rules, checked by Debian's promtool (npm test installs
// the prometheus package when it is missing, as it does Chromium).
const DIR = path.resolve(import.meta.dirname, '../../../ops/prometheus');
const PROMTOOL = process.env.PROMTOOL_PATH ?? 'promtool';

function promtool(...args: string[]) {
  const r = spawnSync(PROMTOOL, args, { cwd: DIR, encoding: 'utf8' });
  if (r.error)
    throw new Error(`${PROMTOOL} is missing: apt-get install prometheus (${r.error.message})`);
  return { status: r.status, out: `${r.stdout}${r.stderr}` };
}

describe('ops/prometheus', () => {
  it('has a valid config and rules', () => {
    const config = promtool('check', 'config', '--syntax-only', 'prometheus.yml');
    expect(config.out).toContain('SUCCESS');
    expect(config.status).toBe(0);
    const rules = promtool('check', 'rules', 'alerts.yml');
    expect(rules.status, rules.out).toBe(0);
  });

  it('proves every alert fires on its condition and stays quiet otherwise (promtool test rules)', () => {
    const run = promtool('test', 'rules', 'alerts.test.yml');
    expect(run.status, run.out).toBe(0);
    // Each alert of alerts.yml has a test where it fires and one where it is expected quiet.
    const alerts = [
      ...readFileSync(path.join(DIR, 'alerts.yml'), 'utf8').matchAll(/- alert: (\w+)/g),
    ].map((m) => m[1]);
    const tests = readFileSync(path.join(DIR, 'alerts.test.yml'), 'utf8');
    expect(alerts.length).toBeGreaterThanOrEqual(10);
    for (const name of alerts) {
      const cases = [
        ...tests.matchAll(new RegExp(`alertname: ${name}\\n\\s+exp_alerts:(.*)`, 'g')),
      ];
      expect(
        cases.some((c) => c[1]?.trim() === '[]'),
        `${name} has no quiet case`,
      ).toBe(true);
      expect(
        cases.some((c) => c[1]?.trim() === ''),
        `${name} has no firing case`,
      ).toBe(true);
    }
  });
});
