import { describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PUBLISHED_SECRETS, SECRET_SETTINGS } from '@exchange/contracts/secrets';
import { LOCAL_SECRET_NAMES } from '@exchange/tooling/secrets';
import { EnvError, loadEnv } from '../../src/config/env.js';
import { randomSecret, testSecrets } from '../helpers/secrets.js';

const GATEWAY_SECRETS = [
  'AUTH_SECRET',
  'CSRF_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'FILE_ENCRYPTION_KEY',
  'KYC_CALLBACK_SECRET',
  'CHAIN_CALLBACK_SECRET',
  'BANK_CALLBACK_SECRET',
  'CARD_CALLBACK_SECRET',
] as const;

describe('environment', () => {
  const dev = { DATABASE_URL: 'postgresql://a@b/c', REDIS_URL: 'redis://x:6379' };

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
    const secrets = testSecrets();
    expect(() =>
      loadEnv({ ...secrets, DATABASE_URL: 'nope', REDIS_URL: 'redis://x:6379' }),
    ).toThrow(/DATABASE_URL must be a URL/);
    expect(() => loadEnv({ ...secrets, ...dev, PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadEnv({ ...secrets, ...dev, TIME_SCALE: '0' })).toThrow(/TIME_SCALE/);
  });

  it('takes a Redis Cluster instead of REDIS_URL, and refuses a malformed node list', () => {
    const env = loadEnv({
      ...testSecrets(),
      DATABASE_URL: 'postgresql://a@b/c',
      REDIS_CLUSTER_NODES: '10.0.0.1:7000,10.0.0.2:7000',
    });
    expect(env.REDIS_CLUSTER_NODES?.nodes).toEqual([
      { host: '10.0.0.1', port: 7000 },
      { host: '10.0.0.2', port: 7000 },
    ]);
    expect(env.REDIS_URL).toBe('redis://10.0.0.1:7000');
    expect(loadEnv({ ...testSecrets(), ...dev }).REDIS_CLUSTER_NODES).toBeUndefined();
    expect(() =>
      loadEnv({
        ...testSecrets(),
        DATABASE_URL: 'postgresql://a@b/c',
        REDIS_CLUSTER_NODES: 'ftp://x:1',
      }),
    ).toThrow(/REDIS_CLUSTER_NODES/);
  });

  it('needs SMTP in production and refuses the development credit there', () => {
    const base = { ...testSecrets(), ...dev, NODE_ENV: 'production' };
    expect(() => loadEnv(base)).toThrow(/SMTP_URL must be set in production/);
    const withSmtp = { ...base, SMTP_URL: 'smtp://mail.example.com:587' };
    expect(loadEnv(withSmtp).DEV_CREDIT).toBe(false);
    expect(() => loadEnv({ ...withSmtp, DEV_CREDIT: 'true' })).toThrow(/DEV_CREDIT/);
    expect(loadEnv({ ...testSecrets(), ...dev, DEV_CREDIT: '1' }).DEV_CREDIT).toBe(true);
  });

  it('keeps the 24-hour fiat withdrawal freeze in production; shorter elsewhere', () => {
    const secrets = testSecrets();
    const production = {
      ...secrets,
      ...dev,
      NODE_ENV: 'production',
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
    const local = { ...secrets, ...dev };
    expect(
      loadEnv({ ...local, FIAT_WITHDRAWAL_FREEZE_SECONDS: '5' }).FIAT_WITHDRAWAL_FREEZE_SECONDS,
    ).toBe(5);
    expect(() => loadEnv({ ...local, FIAT_WITHDRAWAL_FREEZE_SECONDS: '0' })).toThrow(
      /FIAT_WITHDRAWAL_FREEZE_SECONDS/,
    );
    // One e-mail code a minute: shorter for the browser tests only, never in production.
    expect(loadEnv(production).EMAIL_CODE_RESEND_SECONDS).toBe(60);
    expect(() => loadEnv({ ...production, EMAIL_CODE_RESEND_SECONDS: '3' })).toThrow(
      /EMAIL_CODE_RESEND_SECONDS is at least 60 in production/,
    );
    expect(loadEnv({ ...local, EMAIL_CODE_RESEND_SECONDS: '3' }).EMAIL_CODE_RESEND_SECONDS).toBe(3);
  });

  it('requires every secret in every mode, naming it and where npm start keeps it', () => {
    for (const mode of ['development', 'test', 'production']) {
      for (const name of GATEWAY_SECRETS) {
        const { [name]: _, ...without } = testSecrets();
        const source = { ...without, ...dev, NODE_ENV: mode, SMTP_URL: 'smtp://m.example:25' };
        expect(() => loadEnv(source)).toThrow(
          new RegExp(`${name} is missing\\. \`npm start\` generates it .*\\.local/secrets\\.env`),
        );
        // An empty value is a missing one.
        expect(() => loadEnv({ ...source, [name]: '' })).toThrow(new RegExp(`${name} is missing`));
      }
    }
    expect(() => loadEnv(dev)).toThrow(EnvError);
  });

  it('refuses the values once published as defaults, in every mode', () => {
    for (const mode of ['development', 'test', 'production']) {
      for (const name of GATEWAY_SECRETS) {
        for (const published of PUBLISHED_SECRETS) {
          const source = { ...testSecrets(), ...dev, NODE_ENV: mode, [name]: published };
          expect(() => loadEnv({ ...source, SMTP_URL: 'smtp://m.example:25' })).toThrow(
            new RegExp(name),
          );
        }
      }
    }
    // The former defaults, by name, with the reason.
    expect(() =>
      loadEnv({
        ...testSecrets(),
        ...dev,
        CHAIN_CALLBACK_SECRET: 'development-chain-callback-secret-0123456789',
      }),
    ).toThrow(/CHAIN_CALLBACK_SECRET is a value published in the repository/);
    // The local sign-in stand-ins' former client secrets, too.
    expect(() =>
      loadEnv({ ...testSecrets(), ...dev, OIDC_GOOGLE_CLIENT_SECRET: 'local-google-secret' }),
    ).toThrow(/OIDC_GOOGLE_CLIENT_SECRET/);
    expect(() =>
      loadEnv({ ...testSecrets(), ...dev, OIDC_APPLE_CLIENT_SECRET: 'local-apple-secret' }),
    ).toThrow(/OIDC_APPLE_CLIENT_SECRET/);
  });

  it('takes only random-looking secrets: words, patterns and short values are refused', () => {
    const refused = [
      'a-production-chain-callback-secret-0123456789',
      'x'.repeat(64),
      'ab'.repeat(32),
      '0123456789abcdef'.repeat(4),
      Buffer.from(Array.from({ length: 32 }, (_, i) => i)).toString('hex'),
      randomBytes(31).toString('hex'),
      'correct horse battery staple correct horse battery staple',
    ];
    for (const value of refused) {
      expect(() => loadEnv({ ...testSecrets(), ...dev, KYC_CALLBACK_SECRET: value })).toThrow(
        /KYC_CALLBACK_SECRET/,
      );
    }
    // Random bytes as hex, base64 or base64url are taken.
    for (const value of [
      randomSecret(),
      randomBytes(48).toString('hex'),
      'Qz9' + randomBytes(32).toString('base64'),
      'Qz9' + randomBytes(32).toString('base64url'),
    ]) {
      expect(
        loadEnv({ ...testSecrets(), ...dev, KYC_CALLBACK_SECRET: value }).KYC_CALLBACK_SECRET,
      ).toBe(value);
    }
  });

  it('takes the Authenticator key as 64 hex characters and the file key as 32 bytes', () => {
    const secrets = testSecrets();
    expect(() => loadEnv({ ...secrets, ...dev, TOTP_ENCRYPTION_KEY: 'abc' })).toThrow(
      /TOTP_ENCRYPTION_KEY must be 64 hex characters/,
    );
    expect(() =>
      loadEnv({ ...secrets, ...dev, TOTP_ENCRYPTION_KEY: randomBytes(32).toString('base64') }),
    ).toThrow(/TOTP_ENCRYPTION_KEY must be 64 hex characters/);
    expect(() =>
      loadEnv({ ...secrets, ...dev, FILE_ENCRYPTION_KEY: randomBytes(31).toString('hex') }),
    ).toThrow(/FILE_ENCRYPTION_KEY must be 32 bytes/);
    expect(() => loadEnv({ ...secrets, ...dev, FILE_ENCRYPTION_KEY: 'short' })).toThrow(
      /FILE_ENCRYPTION_KEY/,
    );
    const env = loadEnv({ ...secrets, ...dev });
    expect(env.TOTP_ENCRYPTION_KEY).toBe(secrets.TOTP_ENCRYPTION_KEY);
    expect(env.FILE_ENCRYPTION_KEY).toBe(secrets.FILE_ENCRYPTION_KEY);
    let b64 = randomBytes(32).toString('base64');
    while (!/[0-9]/.test(b64)) b64 = randomBytes(32).toString('base64');
    expect(loadEnv({ ...secrets, ...dev, FILE_ENCRYPTION_KEY: b64 }).FILE_ENCRYPTION_KEY).toBe(b64);
  });

  it('fills in missing secrets from the file SECRETS_FILE names; the environment wins', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'env-secrets-'));
    const file = path.join(dir, 'secrets.env');
    const fromFile = testSecrets();
    writeFileSync(
      file,
      Object.entries(fromFile)
        .map(([k, v]) => `${k}=${v}`)
        .join('\n'),
      { mode: 0o600 },
    );
    const own = randomSecret();
    const env = loadEnv({ ...dev, SECRETS_FILE: file, AUTH_SECRET: own });
    expect(env.AUTH_SECRET).toBe(own);
    expect(env.CHAIN_CALLBACK_SECRET).toBe(fromFile.CHAIN_CALLBACK_SECRET);
    expect(() => loadEnv({ ...dev, SECRETS_FILE: path.join(dir, 'absent.env') })).toThrow(
      /SECRETS_FILE=.*absent\.env cannot be read/,
    );
  });

  it('knows every secret the installation generates', () => {
    for (const name of GATEWAY_SECRETS) expect(SECRET_SETTINGS).toHaveProperty(name);
    // npm start generates exactly the secrets the gateway and the simulators check.
    expect([...LOCAL_SECRET_NAMES].sort()).toEqual(Object.keys(SECRET_SETTINGS).sort());
  });

  it('listens on loopback unless HOST says otherwise', () => {
    expect(loadEnv({ ...testSecrets(), ...dev }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ ...testSecrets(), ...dev, HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
  });

  it('applies defaults', () => {
    const env = loadEnv({
      ...testSecrets(),
      ...dev,
      CORS_ORIGINS: 'https://a.com, https://b.com',
    });
    expect(env.PORT).toBe(8080);
    expect(env.REQUEST_TIMEOUT_MS).toBe(30_000);
    expect(env.CORS_ORIGINS).toEqual(['https://a.com', 'https://b.com']);
    expect(env.KYC_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(env.CARD_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(env.CHAIN_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(env.BANK_CALLBACK_WINDOW_SECONDS).toBe(300);
    expect(env.BANK_API_URL).toBe('http://127.0.0.1:8093');
    expect(env.CRYPTO_DEPOSIT_REVIEW_SECONDS).toBeUndefined();
  });

  it('reads the review durations as min-max seconds', () => {
    const base = { ...testSecrets(), ...dev };
    expect(
      loadEnv({ ...base, FIAT_DEPOSIT_REVIEW_SECONDS: '60-120' }).FIAT_DEPOSIT_REVIEW_SECONDS,
    ).toEqual([60_000, 120_000]);
    expect(
      loadEnv({ ...base, CRYPTO_DEPOSIT_REVIEW_SECONDS: '60-120' }).CRYPTO_DEPOSIT_REVIEW_SECONDS,
    ).toEqual([60_000, 120_000]);
    expect(() => loadEnv({ ...base, CRYPTO_DEPOSIT_REVIEW_SECONDS: '120-60' })).toThrow(
      /min above max/,
    );
  });
});
