/**
 * The secrets of an installation: which settings are secrets, what a value must look like to be
 * accepted as one, and the values that were once published in this repository and are refused
 * for ever. The gateway and every simulator check their secrets with `secretProblem`; `npm start`
 * generates them once per installation into `.local/secrets.env` (LOCAL_SECRETS_FILE), and the
 * repository test (packages/contracts/test/secrets.test.ts) fails when a tracked file holds a
 * string this rule would accept, so no usable secret can be committed.
 *
 * Node-free: the rule and its setting schema. Reading a secrets file is in ./secrets-file.ts.
 */
import { z } from 'zod';

/** Where `npm start` keeps the installation's secrets, relative to the repository root. */
export const LOCAL_SECRETS_FILE = '.local/secrets.env';

/**
 * How a secret is written: `text` any random secret (64+ hex digits, or 43+ characters of
 * base64/base64url: 32 bytes or more); `hex32` exactly 32 bytes as 64 hex digits (an AES-256 key);
 * `key32` 32 bytes as 64 hex digits or as base64/base64url (the file encryption key).
 */
export type SecretKind = 'text' | 'hex32' | 'key32';

/** Every secret the exchange's own processes share, and how each is written. */
export const SECRET_SETTINGS = {
  AUTH_SECRET: 'text',
  CSRF_SECRET: 'text',
  TOTP_ENCRYPTION_KEY: 'hex32',
  FILE_ENCRYPTION_KEY: 'key32',
  KYC_CALLBACK_SECRET: 'text',
  CHAIN_CALLBACK_SECRET: 'text',
  BANK_CALLBACK_SECRET: 'text',
  CARD_CALLBACK_SECRET: 'text',
  /** The simulated chains' HD seed: whoever knows it derives every deposit address's key. */
  CHAIN_HD_SEED: 'text',
  /** The local Google and Apple sign-in stand-ins' client secrets (`npm start` only). */
  OIDC_SIM_GOOGLE_CLIENT_SECRET: 'text',
  OIDC_SIM_APPLE_CLIENT_SECRET: 'text',
} as const satisfies Record<string, SecretKind>;

export type SecretName = keyof typeof SECRET_SETTINGS;

/**
 * Values once written in this repository as defaults. Each is refused wherever a secret is read,
 * in every mode, whatever the shape rule says.
 */
export const PUBLISHED_SECRETS: readonly string[] = [
  'development-secret-change-me-0123456789',
  'development-csrf-secret-change-me-0123456789',
  'development-kyc-callback-secret-0123456789',
  'development-chain-callback-secret-0123456789',
  'development-bank-callback-secret-0123456789',
  'development-card-callback-secret-0123456789',
  'local-google-secret',
  'local-apple-secret',
  'exchange-development-totp-key',
  'exchange development file key',
  'local-oidc-development-cookie-key',
  '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f',
];

const HEX = /^[0-9a-fA-F]+$/;
const BASE64 = /^(?:[A-Za-z0-9+/]+|[A-Za-z0-9_-]+)={0,2}$/;

/** The longest run of elements that go up or down by one same step (aaaa, 0123, 00 01 02). */
function longestConstantStep(values: ArrayLike<number>): number {
  let best = Math.min(values.length, 2);
  let run = 2;
  for (let i = 2; i < values.length; i++) {
    const step = (values[i] ?? 0) - (values[i - 1] ?? 0);
    run = step === (values[i - 1] ?? 0) - (values[i - 2] ?? 0) ? run + 1 : 2;
    best = Math.max(best, run);
  }
  return best;
}

/**
 * Why `value` is not accepted as a `kind` secret, or null when it is. A secret is random bytes
 * written as hex or base64 (`openssl rand -hex 32`): at least 32 bytes, many different
 * characters, none dominating, no counting sequence (0123…, 00 01 02…), letters of both cases in
 * base64. A random value passes with near certainty; words, placeholders and patterns do not.
 */
export function secretProblem(value: string, kind: SecretKind = 'text'): string | null {
  if (PUBLISHED_SECRETS.includes(value))
    return 'is a value published in the repository and is refused';
  const hex = HEX.test(value);
  if (kind === 'hex32' && !(hex && value.length === 64))
    return 'must be 64 hex characters (32 bytes)';
  if (!hex && !BASE64.test(value))
    return 'must be random bytes written as hex or base64 (letters, digits, + / or - _)';
  const body = value.replace(/=+$/, '');
  if (kind === 'key32') {
    const bytes = hex ? body.length / 2 : Math.floor((body.length * 6) / 8);
    if (bytes !== 32 || (hex && body.length !== 64))
      return 'must be 32 bytes: 64 hex digits or base64';
  }
  if (hex ? body.length < 64 : body.length < 43)
    return 'is too short: 32 random bytes or more (64 hex digits or 43 base64 characters)';
  const counts = new Map<string, number>();
  for (const c of body) counts.set(c, (counts.get(c) ?? 0) + 1);
  const notRandom = 'does not look random (generate one with: openssl rand -hex 32)';
  if (counts.size < 12 || Math.max(...counts.values()) > body.length / 4) return notRandom;
  if (hex) {
    const bytes = (body.match(/../g) ?? []).map((pair) => parseInt(pair, 16));
    if (longestConstantStep(bytes) >= 6 || !/[0-9]/.test(body) || !/[a-fA-F]/.test(body))
      return notRandom;
  } else {
    const codes = Array.from(body, (c) => c.charCodeAt(0));
    const mixed = /[a-z]/.test(body) && /[A-Z]/.test(body) && /[0-9]/.test(body);
    if (longestConstantStep(codes) >= 6 || !mixed) return notRandom;
  }
  return null;
}

/** Whether `value` would be accepted as a secret (of the loosest kind). */
export function isAcceptedSecret(value: string): boolean {
  return secretProblem(value, 'text') === null;
}

/** The start-up message of a missing secret: what it is and where it comes from. */
export function missingSecretMessage(name: string): string {
  return (
    `${name} is missing. \`npm start\` generates it once per installation into ` +
    `${LOCAL_SECRETS_FILE} and hands it to every process; elsewhere set it in the environment ` +
    `(openssl rand -hex 32) or name a file of KEY=value lines in SECRETS_FILE`
  );
}

/** Every string in `text` that `isAcceptedSecret` accepts (runs of the hex and base64 alphabets). */
export function acceptedSecretsIn(text: string): string[] {
  const found = new Set<string>();
  for (const re of [/[A-Za-z0-9+/]{43,}={0,2}/g, /[A-Za-z0-9_-]{43,}={0,2}/g, /[0-9a-fA-F]{64,}/g])
    for (const m of text.matchAll(re)) if (isAcceptedSecret(m[0])) found.add(m[0]);
  return [...found];
}

/**
 * The schema of a secret setting, for the gateway and every simulator alike: required in every
 * mode (an empty value counts as missing; no default is ever written), and refused unless
 * `secretProblem` accepts it.
 */
export function secretSetting(name: string, kind: SecretKind = 'text') {
  return z.preprocess(
    (v) => (v === '' ? undefined : v),
    z.string({ error: missingSecretMessage(name) }).superRefine((value, ctx) => {
      const problem = secretProblem(value, kind);
      if (problem) ctx.addIssue({ code: 'custom', message: `${name} ${problem}` });
    }),
  );
}
