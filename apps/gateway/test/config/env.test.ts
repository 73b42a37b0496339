import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from '../../src/config/env.js';

describe('environment', () => {
  it('fails with one message naming every missing setting', () => {
    expect(() => loadEnv({})).toThrow(EnvError);
    try {
      loadEnv({});
    } catch (err) {
      expect((err as Error).message).toContain('DATABASE_URL is missing');
      expect((err as Error).message).toContain('REDIS_URL is missing');
    }
  });

  it('rejects malformed values', () => {
    expect(() => loadEnv({ DATABASE_URL: 'nope', REDIS_URL: 'redis://x:6379' })).toThrow(
      /DATABASE_URL must be a URL/,
    );
    expect(() =>
      loadEnv({ DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379', PORT: 'eighty' }),
    ).toThrow(/PORT/);
    expect(() =>
      loadEnv({ DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379', TIME_SCALE: '0' }),
    ).toThrow(/TIME_SCALE/);
  });

  it('takes a Redis Cluster instead of REDIS_URL, and refuses a malformed node list', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7000',
    });
    expect(env.REDIS_CLUSTER_NODES?.nodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 7000 },
    ]);
    expect(env.REDIS_URL).toBe('redis://10.0.0.1:7000');
    expect(
      loadEnv({ DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379' })
        .REDIS_CLUSTER_NODES,
    ).toBeUndefined();
    expect(() =>
      loadEnv({ DATABASE_URL: 'postgresql://a@b/c', REDIS_CLUSTER_NODES: 'ftp://x:1' }),
    ).toThrow(/REDIS_CLUSTER_NODES/);
  });

  it('needs SMTP in production and refuses the development credit there', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
    };
    expect(() => loadEnv(base)).toThrow(/SMTP_URL must be set in production/);
    const withSmtp = { ...base, SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadEnv(withSmtp).DEV_CREDIT).toBe(false);
    expect(() => loadEnv({ ...withSmtp, DEV_CREDIT: 'true' })).toThrow(/DEV_CREDIT/);
    expect(
      loadEnv({ DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379', DEV_CREDIT: '1' })
        .DEV_CREDIT,
    ).toBe(true);
  });

  it('keeps the 24-hour fiat withdrawal freeze in production; shorter elsewhere', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
      SMTP_URL: 'smtp://mail.example.com:587',
    };
    expect(loadEnv(production).FIAT_WITHDRAWAL_FREEZE_SECONDS).toBe(86_400);
    expect(() => loadEnv({ ...production, FIAT_WITHDRAWAL_FREEZE_SECONDS: '60' })).toThrow(
      /FIAT_WITHDRAWAL_FREEZE_SECONDS may not be below 86400/,
    );
    expect(
      loadEnv({ ...production, FIAT_WITHDRAWAL_FREEZE_SECONDS: '172800' })
        .FIAT_WITHDRAWAL_FREEZE_SECONDS,
    ).toBe(172_800);
    const dev = { DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379' };
    expect(
      loadEnv({ ...dev, FIAT_WITHDRAWAL_FREEZE_SECONDS: '5' }).FIAT_WITHDRAWAL_FREEZE_SECONDS,
    ).toBe(5);
    expect(() => loadEnv({ ...dev, FIAT_WITHDRAWAL_FREEZE_SECONDS: '0' })).toThrow(
      /FIAT_WITHDRAWAL_FREEZE_SECONDS/,
    );
    // One e-mail code a minute: shorter for the browser tests only, never in production.
    expect(loadEnv(production).EMAIL_CODE_RESEND_SECONDS).toBe(60);
    expect(() => loadEnv({ ...production, EMAIL_CODE_RESEND_SECONDS: '3' })).toThrow(
      /EMAIL_CODE_RESEND_SECONDS is at least 60 in production/,
    );
    expect(loadEnv({ ...dev, EMAIL_CODE_RESEND_SECONDS: '3' }).EMAIL_CODE_RESEND_SECONDS).toBe(3);
  });

  it('needs a 32-byte file encryption key in production, in hex or base64', () => {
    const base = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-characters',
      CSRF_SECRET: 'a-production-csrf-key-of-at-least-32-characters',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
      SMTP_URL: 'smtp://mail.example.com:587',
    };
    expect(() => loadEnv(base)).toThrow(/FILE_ENCRYPTION_KEY must be set in production/);
    expect(() => loadEnv({ ...base, FILE_ENCRYPTION_KEY: 'ab'.repeat(31) })).toThrow(
      /FILE_ENCRYPTION_KEY must be 32 bytes/,
    );
    expect(() => loadEnv({ ...base, FILE_ENCRYPTION_KEY: 'short' })).toThrow(/32 bytes/);
    expect(loadEnv({ ...base, FILE_ENCRYPTION_KEY: 'ab'.repeat(32) }).FILE_ENCRYPTION_KEY).toBe(
      'ab'.repeat(32),
    );
    const b64 = Buffer.alloc(32, 7).toString('base64');
    expect(loadEnv({ ...base, FILE_ENCRYPTION_KEY: b64 }).FILE_ENCRYPTION_KEY).toBe(b64);
    // Outside production the key may be missing (a development key is used, with a warning).
    expect(
      loadEnv({ DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379' })
        .FILE_ENCRYPTION_KEY,
    ).toBeUndefined();
  });

  it('requires KYC_CALLBACK_SECRET (32+ characters) in production only', () => {
    const base = {
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      SMTP_URL: 'smtp://mail.example.com:587',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
    };
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /KYC_CALLBACK_SECRET must be set in production/,
    );
    expect(() => loadEnv({ ...base, KYC_CALLBACK_SECRET: 'short' })).toThrow(/at least 32/);
    const secret = 'a-production-kyc-callback-secret-0123456789';
    expect(
      loadEnv({ ...base, NODE_ENV: 'production', KYC_CALLBACK_SECRET: secret }).KYC_CALLBACK_SECRET,
    ).toBe(secret);
    expect(loadEnv(base).KYC_CALLBACK_WINDOW_SECONDS).toBe(300);
  });

  it('requires CARD_CALLBACK_SECRET and BANK_CALLBACK_SECRET (32+ characters) in production only', () => {
    const base = {
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      SMTP_URL: 'smtp://mail.example.com:587',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
    };
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /CARD_CALLBACK_SECRET must be set in production/,
    );
    expect(() => loadEnv({ ...base, CARD_CALLBACK_SECRET: 'short' })).toThrow(/at least 32/);
    const secret = 'a-production-card-callback-secret-0123456789';
    const env = loadEnv({ ...base, NODE_ENV: 'production', CARD_CALLBACK_SECRET: secret });
    expect(env.CARD_CALLBACK_SECRET).toBe(secret);
    expect(env.CARD_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(
      loadEnv({ ...base, FIAT_DEPOSIT_REVIEW_SECONDS: '60-120' }).FIAT_DEPOSIT_REVIEW_SECONDS,
    ).toEqual([60_000, 120_000]);
    const { BANK_CALLBACK_SECRET: _bank, ...noBank } = base;
    expect(() =>
      loadEnv({ ...noBank, NODE_ENV: 'production', CARD_CALLBACK_SECRET: secret }),
    ).toThrow(/BANK_CALLBACK_SECRET must be set in production/);
  });

  it('requires CHAIN_CALLBACK_SECRET (32+ characters) in production only', () => {
    const base = {
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      SMTP_URL: 'smtp://mail.example.com:587',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
    };
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /CHAIN_CALLBACK_SECRET must be set in production/,
    );
    expect(() => loadEnv({ ...base, CHAIN_CALLBACK_SECRET: 'short' })).toThrow(/at least 32/);
    const secret = 'a-production-chain-callback-secret-0123456789';
    const env = loadEnv({ ...base, NODE_ENV: 'production', CHAIN_CALLBACK_SECRET: secret });
    expect(env.CHAIN_CALLBACK_SECRET).toBe(secret);
    expect(env.CHAIN_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(env.CRYPTO_DEPOSIT_REVIEW_SECONDS).toBeUndefined();
    expect(
      loadEnv({ ...base, CRYPTO_DEPOSIT_REVIEW_SECONDS: '60-120' }).CRYPTO_DEPOSIT_REVIEW_SECONDS,
    ).toEqual([60_000, 120_000]);
    expect(() => loadEnv({ ...base, CRYPTO_DEPOSIT_REVIEW_SECONDS: '120-60' })).toThrow(
      /min above max/,
    );
  });

  it('applies defaults', () => {
    const env = loadEnv({
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      CORS_ORIGINS: 'https://a.com, https://b.com',
    });
    expect(env.PORT).toBe(8080);
    expect(env.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(env.CORS_ORIGINS).toEqual(['https://a.com', 'https://b.com']);
  });

  it('requires TOTP_ENCRYPTION_KEY (32 bytes in hex) in production only', () => {
    const base = {
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      SMTP_URL: 'smtp://mail.example.com:587',
      FILE_ENCRYPTION_KEY: 'ef'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      BANK_CALLBACK_SECRET: 'a-production-bank-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
    };
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /TOTP_ENCRYPTION_KEY must be set/,
    );
    expect(() => loadEnv({ ...base, TOTP_ENCRYPTION_KEY: 'abc' })).toThrow(/64 hex characters/);
    const key = 'ab'.repeat(32);
    expect(
      loadEnv({ ...base, NODE_ENV: 'production', TOTP_ENCRYPTION_KEY: key }).TOTP_ENCRYPTION_KEY,
    ).toBe(key);
    expect(loadEnv(base).TOTP_ENCRYPTION_KEY).toBeUndefined();
  });

  it('requires BANK_CALLBACK_SECRET (32+ characters) in production only', () => {
    const base = {
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_URL: 'redis://x:6379',
      AUTH_SECRET: 'a-production-secret-of-at-least-32-chars',
      CSRF_SECRET: 'a-production-csrf-secret-of-32-characters',
      SMTP_URL: 'smtp://mail.example.com:587',
      TOTP_ENCRYPTION_KEY: 'cd'.repeat(32),
      FILE_ENCRYPTION_KEY: 'ab'.repeat(32),
      KYC_CALLBACK_SECRET: 'a-production-kyc-callback-secret-0123456789',
      CHAIN_CALLBACK_SECRET: 'a-production-chain-callback-secret-0123456789',
      CARD_CALLBACK_SECRET: 'a-production-card-callback-secret-0123456789',
    };
    expect(() => loadEnv({ ...base, NODE_ENV: 'production' })).toThrow(
      /BANK_CALLBACK_SECRET must be set in production/,
    );
    expect(() => loadEnv({ ...base, BANK_CALLBACK_SECRET: 'short' })).toThrow(/at least 32/);
    const secret = 'a-production-bank-callback-secret-0123456789';
    const env = loadEnv({ ...base, NODE_ENV: 'production', BANK_CALLBACK_SECRET: secret });
    expect(env.BANK_CALLBACK_SECRET).toBe(secret);
    expect(env.BANK_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(env.BANK_API_URL).toBe('http://127.0.0.1:8093');
    expect(loadEnv(base).BANK_CALLBACK_SECRET).toMatch(/^development-bank-callback-secret/);
  });
});
