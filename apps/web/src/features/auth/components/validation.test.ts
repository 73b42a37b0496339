import { ErrorCode, i18nKey } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { passwordChecks } from './password-rules';
import { passwordError } from './validation';

/** Answers the key it was asked for, so a test sees which message the form would show. */
const t = ((key: string) => key) as unknown as TFunction;
const code = (name: keyof typeof ErrorCode) => i18nKey(ErrorCode[name].code);

describe('the password rules of the registration and reset forms', () => {
  it('accepts 8 to 20 characters with the four kinds', () => {
    expect(passwordError('Str0ng#Pass', t, 'ann@example.com')).toBeNull();
    expect(passwordError('Abcdef1!', t)).toBeNull();
    expect(passwordError('Abcdefghijklmnop12#$', t)).toBeNull();
    expect(passwordChecks('short', '')).toMatchObject({ length: false, upper: false });
  });

  it('refuses 7 and 21 characters, a missing kind, a space and the old passphrase form, before submit', () => {
    for (const bad of [
      'Abcde1!',
      'Abcdefghijklmnop123#$',
      'ABCDEF1!',
      'abcdef1!',
      'Abcdefg!',
      'Abcdefg1',
      'Abc def1!',
      'correct horse battery staple',
    ])
      expect(passwordError(bad, t), bad).toBe(code('INVALID_PASSWORD_FORMAT'));
    // The list shows which rule is missing, as the user types.
    expect(passwordChecks('Abcdefghijklmnop123#$', '')).toMatchObject({
      length: false,
      lower: true,
      upper: true,
      digit: true,
      symbol: true,
    });
    expect(passwordChecks('correct horse battery staple', '')).toMatchObject({
      length: false,
      upper: false,
      digit: false,
      symbol: false,
      noSpace: false,
    });
    expect(passwordChecks('abcdefg1', '')).toMatchObject({ upper: false, symbol: false });
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
