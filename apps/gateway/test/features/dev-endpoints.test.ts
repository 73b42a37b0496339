import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { loadEnv } from '../../src/config/env.js';
import { build, signIn, type TestApp } from '../helpers/build.js';
import { testSecrets } from '../helpers/secrets.js';

/** The development conveniences are off unless a setting turns them on. */
let t: TestApp;
beforeAll(async () => {
  t = await build();
});
afterAll(() => t.close());

describe('development endpoints, without DEV_CREDIT', () => {
  it('has no dev credit in any mode: nothing is credited', async () => {
    const { token } = await signIn(t);
    for (const mode of ['0', '1', '2']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/wallet/dev/credit',
        headers: { authorization: `Bearer ${token}`, 'runtime-mode': mode },
        payload: { asset: 'USDT', amount: '1000000' },
      });
      expect(res.statusCode, mode).toBe(404);
      expect(res.json()).toMatchObject({ code: '1006', data: null });
    }
    expect(await t.app.db.ledgerEntry.count({ where: { refType: 'DEV_CREDIT' } })).toBe(0);
    const types = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/transaction-types',
      headers: { authorization: `Bearer ${token}`, 'runtime-mode': '1' },
    });
    expect(types.json<{ data: string[] }>().data).not.toContain('DEV_CREDIT');
  });

  it('has no mailbox: codes only leave by e-mail', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/common/public/dev/mailbox' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: '1006' });
  });
});

describe('DEV_CREDIT=true', () => {
  it('says so in a warning when the gateway starts', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      env: loadEnv({
        ...testSecrets(),
        NODE_ENV: 'test',
        DATABASE_URL: t.env.DATABASE_URL,
        REDIS_URL: t.env.REDIS_URL,
        REDIS_PREFIX: `${t.env.REDIS_PREFIX}warn:`,
        SMTP_URL: t.mail.smtpUrl,
        SETTLEMENT: 'false',
        DEV_CREDIT: 'true',
      }),
      logger: { level: 'warn', stream: { write: (line: string) => void lines.push(line) } },
    });
    await app.ready();
    await app.close();
    const warnings = lines
      .map((l) => JSON.parse(l) as { level: number; msg: string })
      .filter((l) => l.level === 40)
      .map((l) => l.msg);
    expect(warnings.some((msg) => msg.startsWith('DEV_CREDIT is on'))).toBe(true);
  });
});
