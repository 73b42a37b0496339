import { describe, expect, it } from 'vitest';
import {
  ErrorCode,
  ERROR_TRANSLATIONS,
  changePasswordRequest,
  isValidPassword,
  loginRequest,
  passwordRuleChecks,
  registerRequest,
  resetPasswordRequest,
} from '../src/index.js';

/** The spec's rule: 8 to 20 characters with a lowercase letter, an uppercase letter, a number and a symbol. */
describe('the password rule of the domain spec', () => {
  it('takes 8 to 20 characters with the four kinds', () => {
    for (const ok of ['Abcdef1!', 'Str0ng#Pass', 'Abcdefghijklmnop12#$'])
      expect(isValidPassword(ok), ok).toBe(true);
  });

  it('refuses 7 and 21 characters, and a password missing any kind', () => {
    for (const bad of [
      'Abcde1!', // 7 characters
      'Abcdefghijklmnop123#$', // 21 characters with all four kinds
      'correct horse battery staple', // the old passphrase form: no classes needed before
      'a'.repeat(64),
      'ABCDEF1!', // no lowercase letter
      'abcdef1!', // no uppercase letter
      'Abcdefg!', // no number
      'Abcdefg1', // no symbol
      'Abc def1!', // a space
      '',
    ])
      expect(isValidPassword(bad), bad).toBe(false);
    expect(passwordRuleChecks('abcdefg1')).toEqual({
      length: true,
      lower: true,
      upper: false,
      digit: true,
      symbol: false,
      noSpace: true,
    });
  });

  it('says the rule in the 2006 message, in every language', () => {
    expect(ErrorCode.INVALID_PASSWORD_FORMAT.message).toBe(
      'Invalid password format. Use 8 to 20 characters with a lowercase letter, an uppercase letter, a number and a symbol, without spaces.',
    );
    for (const [language, table] of Object.entries(ERROR_TRANSLATIONS))
      expect(table.error_2006, language).toMatch(/8.*20/);
  });

  it('describes the rule on the new password of register, reset and change, not on login', () => {
    for (const schema of [registerRequest, resetPasswordRequest, changePasswordRequest]) {
      expect(schema.shape.password.description).toMatch(/8 to 20 characters/);
      expect(schema.shape.confirmPassword.description).toMatch(/8 to 20 characters/);
    }
    // An account whose password predates the rule still signs in, and can then change it.
    expect(loginRequest.shape.password.description).toBeUndefined();
    expect(changePasswordRequest.shape.oldPassword.description).toBeUndefined();
  });
});
