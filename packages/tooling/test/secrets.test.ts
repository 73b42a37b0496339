import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ensureLocalSecrets,
  LOCAL_SECRET_NAMES,
  LOCAL_SECRETS_PATH,
  parseSecrets,
} from '../src/secrets.js';
import { repoRoot } from '../src/workspace.js';

const fresh = () =>
  path.join(mkdtempSync(path.join(tmpdir(), 'secrets-')), '.local', 'secrets.env');
const mode = (p: string) => statSync(p).mode & 0o777;

describe('the installation secrets of npm start', () => {
  it('creates one file readable by its owner only (folder 0700, file 0600), every secret in it', () => {
    const file = fresh();
    const first = ensureLocalSecrets({}, file);
    expect(first.created).toBe(true);
    expect(mode(file)).toBe(0o600);
    expect(mode(path.dirname(file))).toBe(0o700);
    expect(Object.keys(first.values).sort()).toEqual([...LOCAL_SECRET_NAMES].sort());
    for (const value of Object.values(first.values)) expect(value).toMatch(/^[0-9a-f]{64}$/);
    expect(new Set(Object.values(first.values)).size).toBe(LOCAL_SECRET_NAMES.length);
    expect(parseSecrets(readFileSync(file, 'utf8'))).toEqual(first.values);
  });

  it('gives the same values on the second run and never rewrites the file', () => {
    const file = fresh();
    const first = ensureLocalSecrets({}, file);
    const before = readFileSync(file, 'utf8');
    const second = ensureLocalSecrets({}, file);
    expect(second.created).toBe(false);
    expect(second.added).toEqual([]);
    expect(second.values).toEqual(first.values);
    expect(readFileSync(file, 'utf8')).toBe(before);
  });

  it('lets the real environment win, without writing its values', () => {
    const file = fresh();
    const first = ensureLocalSecrets({}, file);
    const own = randomBytes(32).toString('hex');
    const run = ensureLocalSecrets({ CHAIN_CALLBACK_SECRET: own }, file);
    expect(run.values.CHAIN_CALLBACK_SECRET).toBe(own);
    expect(run.values.AUTH_SECRET).toBe(first.values.AUTH_SECRET);
    expect(readFileSync(file, 'utf8')).not.toContain(own);
    // A secret the environment gives is not generated into a new file.
    const other = fresh();
    const given = ensureLocalSecrets({ AUTH_SECRET: own }, other);
    expect(given.values.AUTH_SECRET).toBe(own);
    expect(parseSecrets(readFileSync(other, 'utf8'))).not.toHaveProperty('AUTH_SECRET');
  });

  it('adds a missing key without changing the others', () => {
    const file = fresh();
    const first = ensureLocalSecrets({}, file);
    const { FILE_ENCRYPTION_KEY: _, ...rest } = first.values;
    writeFileSync(
      file,
      Object.entries(rest)
        .map(([k, v]) => `${k}=${v}\n`)
        .join(''),
      { mode: 0o600 },
    );
    const run = ensureLocalSecrets({}, file);
    expect(run.added).toEqual(['FILE_ENCRYPTION_KEY']);
    expect(run.values.FILE_ENCRYPTION_KEY).toMatch(/^[0-9a-f]{64}$/);
    expect(run.values.FILE_ENCRYPTION_KEY).not.toBe(first.values.FILE_ENCRYPTION_KEY);
    for (const [k, v] of Object.entries(rest)) expect(run.values[k]).toBe(v);
    expect(ensureLocalSecrets({}, file).values).toEqual(run.values);
    expect(mode(file)).toBe(0o600);
  });

  it('tightens a file others could read back to 0600', () => {
    const file = fresh();
    ensureLocalSecrets({}, file);
    chmodSync(file, 0o644);
    ensureLocalSecrets({}, file);
    expect(mode(file)).toBe(0o600);
  });

  it('keeps the file at .local/secrets.env, which git ignores', () => {
    expect(LOCAL_SECRETS_PATH).toBe(path.join(repoRoot, '.local', 'secrets.env'));
    const ignored = spawnSync('git', ['check-ignore', '-q', '.local/secrets.env'], {
      cwd: repoRoot,
    });
    expect(ignored.status).toBe(0);
  });
});
