import { generateSecret, generateSync } from 'otplib';
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../../../src/lib/clock.js';
import { AppError } from '../../../../src/lib/app-error.js';
import { SecretBox } from '../../../../src/lib/secret-box.js';
import { matchTotp } from '../../../../src/features/identity/security/totp.js';

const codeAt = (secret: string, ms: number) =>
  generateSync({ secret, epoch: Math.floor(ms / 1000) });

function failure(fn: () => unknown): number | null {
  try {
    fn();
    return null;
  } catch (err) {
    return err instanceof AppError ? err.code : -1;
  }
}

describe('TOTP codes (RFC 6238, 6 digits, 30 s) on the manual clock', () => {
  const secret = generateSecret();

  it('accepts the current code and answers its time step', () => {
    const clock = new ManualClock();
    const step = matchTotp({ secret, code: codeAt(secret, clock.now()), clock, lastStep: null });
    expect(step).toBe(Math.floor(clock.now() / 30_000));
  });

  it('accepts the previous step (typing time, clock drift) but not a code two steps old', () => {
    const clock = new ManualClock();
    const code = codeAt(secret, clock.now());
    clock.advance(30_000);
    expect(failure(() => matchTotp({ secret, code, clock, lastStep: null }))).toBeNull();
    clock.advance(60_000);
    expect(failure(() => matchTotp({ secret, code, clock, lastStep: null }))).toBe(8005);
  });

  it('refuses a replayed code: its step or an older one was already accepted', () => {
    const clock = new ManualClock();
    const code = codeAt(secret, clock.now());
    const step = matchTotp({ secret, code, clock, lastStep: null });
    expect(failure(() => matchTotp({ secret, code, clock, lastStep: step }))).toBe(8008);
    // The previous step's code is older than the accepted one: refused too.
    const older = codeAt(secret, clock.now() - 30_000);
    expect(failure(() => matchTotp({ secret, code: older, clock, lastStep: step }))).toBe(8008);
    clock.advance(30_000);
    const next = codeAt(secret, clock.now());
    expect(matchTotp({ secret, code: next, clock, lastStep: step })).toBe(step + 1);
  });

  it('refuses a wrong code and a malformed one with their own codes', () => {
    const clock = new ManualClock();
    const right = codeAt(secret, clock.now());
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    expect(failure(() => matchTotp({ secret, code: wrong, clock, lastStep: null }))).toBe(8005);
    expect(failure(() => matchTotp({ secret, code: '12345', clock, lastStep: null }))).toBe(8007);
    expect(failure(() => matchTotp({ secret, code: 'abcdef', clock, lastStep: null }))).toBe(8007);
  });
});

describe('the secret box (AES-256-GCM)', () => {
  const box = new SecretBox(Buffer.alloc(32, 7));

  it('opens what it sealed, and the sealed text does not contain the secret', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(box.seal('JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
    expect(box.open(sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
  });

  it('refuses another owner, another key and an altered value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', 'user-1');
    expect(() => box.open(sealed, 'user-2')).toThrow();
    expect(() => new SecretBox(Buffer.alloc(32, 8)).open(sealed, 'user-1')).toThrow();
    const parts = sealed.split('.');
    const body = Buffer.from(parts[3] ?? '', 'base64url');
    body[0] = (body[0] ?? 0) ^ 1;
    parts[3] = body.toString('base64url');
    expect(() => box.open(parts.join('.'), 'user-1')).toThrow();
  });
});
