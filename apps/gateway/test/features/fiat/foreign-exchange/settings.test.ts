import { describe, expect, it } from 'vitest';
import { loadEnv } from '../../../../src/config/env.js';
import { testSecrets } from '../../../helpers/secrets.js';

describe('foreign exchange settings', () => {
  const dev = { DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379', ...testSecrets() };
  const production = {
    ...dev,
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://mail.example.com:587',
  };

  it('quotes live 15 s and exchanges settle after 30 minutes by default', () => {
    const env = loadEnv(dev);
    expect(env.FX_QUOTE_TTL_SECONDS).toBe(15);
    expect(env.FX_SETTLEMENT_SECONDS).toBe(1800);
  });

  it('keeps the 30 minutes in production; shorter elsewhere', () => {
    expect(loadEnv(production).FX_SETTLEMENT_SECONDS).toBe(1800);
    expect(() => loadEnv({ ...production, FX_SETTLEMENT_SECONDS: '8' })).toThrow(
      /FX_SETTLEMENT_SECONDS may not be below 1800/,
    );
    expect(loadEnv({ ...dev, FX_SETTLEMENT_SECONDS: '8' }).FX_SETTLEMENT_SECONDS).toBe(8);
    expect(loadEnv({ ...dev, FX_QUOTE_TTL_SECONDS: '6' }).FX_QUOTE_TTL_SECONDS).toBe(6);
    expect(() => loadEnv({ ...dev, FX_QUOTE_TTL_SECONDS: '0' })).toThrow(/FX_QUOTE_TTL_SECONDS/);
  });
});
