import { dictionary } from '@zxcvbn-ts/language-common';
import { isValidPassword, passwordContainsEmail } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';

/**
 * The breached-password list of zxcvbn-ts (`@zxcvbn-ts/language-common`, about 49,000 passwords
 * most frequent in public leaks), lower-cased; read once, on first use, from the package.
 */
let common: Set<string> | undefined;
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));
  return common;
}

/** Look-alike characters people put in place of letters ("P@ssw0rd"). */
const LEET: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '3': 'e',
  '1': 'i',
  '!': 'i',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
};
const unleet = (s: string) => s.replace(/[@48310!$57+]/g, (c) => LEET[c] ?? c);

/** A word on the list needs at least this many letters before decorations are peeled off it. */
const MIN_BASE_LENGTH = 4;

/**
 * Whether the password, in any case, is on the list: as typed, with look-alike characters read as
 * letters, or once the digits and symbols people add around a listed word are taken off
 * ("Password1!", "!!Dragon2024").
 */
export function isCommonPassword(password: string): boolean {
  const list = commonPasswords();
  const lower = password.toLowerCase();
  const bare = lower.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  const candidates = [lower, unleet(lower)];
  if (bare.length >= MIN_BASE_LENGTH) candidates.push(bare, unleet(bare));
  const peeled = unleet(lower).replace(/^[^\p{L}]+|[^\p{L}]+$/gu, '');
  if (peeled.length >= MIN_BASE_LENGTH) candidates.push(peeled);
  return candidates.some((c) => list.has(c));
}

/**
 * The one password policy (registration, password reset, password change): the format (the spec's
 * 8 to 20 characters with a lowercase and an uppercase letter, a number and a symbol; 2006 says
 * the rule), the two entries equal, not
 * the e-mail address or its local part, and not on the breached-password list. Throws the
 * catalogue error of the first rule broken.
 */
export function checkPasswordPolicy(input: {
  password: string;
  confirmPassword: string;
  email: string;
}): void {
  if (!isValidPassword(input.password)) throw new AppError('INVALID_PASSWORD_FORMAT');
  if (input.password !== input.confirmPassword) throw new AppError('PASSWORDS_DO_NOT_MATCH');
  if (passwordContainsEmail(input.password, input.email))
    throw new AppError('PASSWORD_CONTAINS_EMAIL');
  if (isCommonPassword(input.password)) throw new AppError('PASSWORD_TOO_COMMON');
}
