import { ErrorCode, i18nKey } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { passwordChecks } from './password-rules';
import { passwordError } from './validation';

/** Answers the key it was asked for, so a test sees which message the form would show. */
const t = ((key: string) => key) as unknown as TFunction;
const code = (name: keyof typeof ErrorCode) => i18nKey(ErrorCode[name].code);

describe('the password rules of the registration and reset forms', () => {
  it('accepts the 8-20 form with its four kinds, and a long passphrase without them', () => {
    expect(passwordError('Str0ng#Pass', t, 'ann@example.com')).toBeNull();
    expect(passwordError('correct horse battery staple', t, 'ann@example.com')).toBeNull();
    expect(passwordError('alllowercase1!', t)).toBe(code('INVALID_PASSWORD_FORMAT'));
    expect(passwordChecks('correct horse battery staple', '')).toMatchObject({
      length: true,
      lower: true,
      upper: true,
      digit: true,
      symbol: true,
    });
    expect(passwordChecks('short', '')).toMatchObject({ length: false, upper: false });
  });

  it('refuses a password containing the e-mail or its local part, in any case', () => {
    expect(passwordError('Ann@Example.com1', t, 'ann@example.com')).toBe(
      code('PASSWORD_CONTAINS_EMAIL'),
    );
    expect(passwordError('xANN-2024!yz', t, 'ann@example.com')).toBe(
      code('PASSWORD_CONTAINS_EMAIL'),
    );
    expect(passwordChecks('xANN-2024!yz', '', 'ann@example.com').notEmail).toBe(false);
    expect(passwordChecks('Str0ng#Pass', '', 'ann@example.com').notEmail).toBe(true);
  });
});
