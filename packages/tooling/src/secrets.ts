// The installation's secrets for `npm start`: generated once into one git-ignored file
// (.local/secrets.env at the repository root: folder 0700, file 0600, created atomically, never
// overwritten), read on every start and handed to the gateway, the worker, the engine and every
// simulator. A value set in the real environment wins over the file's.
import { randomBytes } from 'node:crypto';
import {
  appendFileSync,
  chmodSync,
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { repoRoot } from './db/paths.js';

/**
 * Every secret `npm start` provides (the names of SECRET_SETTINGS in
 * packages/contracts/src/secrets.ts, which the gateway and the simulators check them against).
 */
export const LOCAL_SECRET_NAMES = [
  'AUTH_SECRET',
  'CSRF_SECRET',
  'TOTP_ENCRYPTION_KEY',
  'FILE_ENCRYPTION_KEY',
  'KYC_CALLBACK_SECRET',
  'CHAIN_CALLBACK_SECRET',
  'BANK_CALLBACK_SECRET',
  'CARD_CALLBACK_SECRET',
  'CHAIN_HD_SEED',
  'OIDC_SIM_GOOGLE_CLIENT_SECRET',
  'OIDC_SIM_APPLE_CLIENT_SECRET',
] as const;

/** The file `npm start` keeps them in. */
export const LOCAL_SECRETS_PATH = path.join(repoRoot, '.local', 'secrets.env');

/** 32 random bytes as 64 hex digits: what every one of the secrets accepts. */
export function generateSecret(): string {
  return randomBytes(32).toString('hex');
}

/** KEY=value lines; # comments; the first line of a key wins (an appended duplicate never does). */
export function parseSecrets(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.trim();
    const eq = line.indexOf('=');
    if (!line || line.startsWith('#') || eq <= 0) continue;
    const key = line.slice(0, eq).trim();
    if (!(key in out)) out[key] = line.slice(eq + 1).trim();
  }
  return out;
}

const HEADER =
  '# Secrets of this installation, generated once by `npm start` (see the README, "Secrets").\n' +
  '# Back this file up with the database: without it Authenticator links, uploaded files,\n' +
  '# sessions and pending e-mail codes cannot be read. Never commit or share it.\n';

export interface LocalSecrets {
  /** Every secret's value: the environment's when set, else the file's. */
  values: Record<string, string>;
  /** The file was made by this call. */
  created: boolean;
  /** Names this call generated and wrote to the file. */
  added: string[];
  file: string;
}

function readIfPresent(file: string): Record<string, string> | null {
  try {
    return parseSecrets(readFileSync(file, 'utf8'));
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
}

/**
 * Reads the secrets file, generating what neither it nor the environment holds: a new file is
 * written beside its final name and linked into place (so it appears whole, and a file another
 * start made meanwhile is never replaced); a key missing from an existing file is appended,
 * leaving the others as they are. Values set in `env` are never written and always win.
 */
export function ensureLocalSecrets(
  env: NodeJS.ProcessEnv,
  file: string = LOCAL_SECRETS_PATH,
  names: readonly string[] = LOCAL_SECRET_NAMES,
): LocalSecrets {
  const dir = path.dirname(file);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  chmodSync(dir, 0o700);
  let stored = readIfPresent(file);
  const missing = names.filter((n) => !env[n] && !stored?.[n]);
  const lines = (keys: string[]) => keys.map((k) => `${k}=${generateSecret()}\n`).join('');
  let created = false;
  if (missing.length && stored === null) {
    const temp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
    writeFileSync(temp, HEADER + lines(missing), { mode: 0o600, flag: 'wx' });
    try {
      linkSync(temp, file);
      created = true;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    } finally {
      unlinkSync(temp);
    }
    stored = readIfPresent(file) ?? {};
  }
  const stillMissing = names.filter((n) => !env[n] && !stored?.[n]);
  if (stillMissing.length) {
    appendFileSync(file, lines(stillMissing), { mode: 0o600 });
    stored = readIfPresent(file) ?? {};
  }
  // Readable by its owner only, whoever made it.
  if (existsSync(file) && (statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  const values: Record<string, string> = {};
  for (const name of names) {
    const value = env[name] || stored?.[name];
    if (value) values[name] = value;
  }
  return { values, created, added: created ? missing : stillMissing, file };
}

/** A fresh set of every secret, for an exchange a test or a benchmark starts (nothing is written). */
export function runSecrets(): Record<string, string> {
  return Object.fromEntries(LOCAL_SECRET_NAMES.map((name) => [name, generateSecret()]));
}

/**
 * The installation's secrets as `npm start` would run with them (the environment's win over the
 * file's), read only: nothing is generated. `npm run backup` and `npm run restore` use it.
 */
export function readLocalSecrets(
  env: NodeJS.ProcessEnv,
  file: string = LOCAL_SECRETS_PATH,
): { values: Record<string, string>; file: string; exists: boolean } {
  const stored = readIfPresent(file);
  const values: Record<string, string> = {};
  for (const name of LOCAL_SECRET_NAMES) {
    const value = env[name] || stored?.[name];
    if (value) values[name] = value;
  }
  return { values, file, exists: stored !== null };
}
