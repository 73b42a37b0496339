import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  acceptedSecretsIn,
  isAcceptedSecret,
  PUBLISHED_SECRETS,
  secretProblem,
} from '../src/secrets.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
/**
 * Machine-written files of public checksums (every package's sha512 integrity): their values are
 * random by nature and known to the world, and nobody writes a secret into them by hand.
 */
const CHECKSUM_FILES = new Set(['pnpm-lock.yaml']);

describe('secrets', () => {
  it('accepts random bytes as hex, base64 or base64url, and refuses words, patterns and short values', () => {
    // Each value is named in the failure: a random value refused must be seen to be judged.
    for (let i = 0; i < 200; i++) {
      const [a, b, c] = [32, 32, 48].map((n) => randomBytes(n).toString('hex'));
      expect(secretProblem(a!, 'hex32'), a).toBeNull();
      expect(secretProblem(b!, 'key32'), b).toBeNull();
      expect(isAcceptedSecret(c!), c).toBe(true);
    }
    for (const refused of [
      ...PUBLISHED_SECRETS,
      'a-production-chain-callback-secret-0123456789',
      'ThisIsMyVeryLongAndMemorablePasswordForTheExchange',
      'x'.repeat(64),
      'ab'.repeat(32),
      '0123456789abcdef'.repeat(4),
      '000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f',
      randomBytes(31).toString('hex'),
      randomBytes(20).toString('base64'),
    ])
      expect(isAcceptedSecret(refused), refused).toBe(false);
    expect(secretProblem('development-chain-callback-secret-0123456789')).toMatch(
      /published in the repository/,
    );
    expect(secretProblem(randomBytes(32).toString('base64'), 'hex32')).toMatch(/64 hex/);
  });

  it('finds an accepted secret inside any text: a quoted literal, an env line, a longer run', () => {
    const hex = randomBytes(32).toString('hex');
    expect(acceptedSecretsIn(`const s = '${hex}';`)).toEqual([hex]);
    expect(acceptedSecretsIn(`AUTH_SECRET=${hex}\n`)).toContain(hex);
    expect(acceptedSecretsIn(`tx 0x${hex} here`)).toContain(hex);
    expect(
      acceptedSecretsIn('CHAIN_CALLBACK_SECRET: development-chain-callback-secret-0123456789'),
    ).toEqual([]);
  });

  it('no tracked file of the repository holds a string that would be accepted as a secret', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: repoRoot, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f && !CHECKSUM_FILES.has(path.basename(f)));
    expect(files.length).toBeGreaterThan(100);
    const found: string[] = [];
    for (const file of files) {
      const full = path.join(repoRoot, file);
      if (!existsSync(full)) continue;
      const bytes = readFileSync(full);
      if (bytes.includes(0)) continue;
      for (const value of acceptedSecretsIn(bytes.toString('utf8')))
        found.push(`${file}: ${value.slice(0, 12)}…`);
    }
    // Tests make theirs at run time (crypto.randomBytes); npm start generates the real ones.
    expect(found).toEqual([]);
    // It reads every tracked file: seconds on a busy machine, so not the default 5 s.
  }, 60_000);
});
