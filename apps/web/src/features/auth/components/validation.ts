import {
  EMAIL_CODE_LENGTH,
  isValidEmail,
  isValidPassword,
  i18nKey,
  ErrorCode,
  passwordContainsEmail,
} from '@exchange/contracts';
import type { TFunction } from 'i18next';

/** Client checks before a request; password messages are the error catalogue's own texts. */
export function emailError(email: string, t: TFunction): string | null {
  if (!email.trim()) return t('auth.required');
  return isValidEmail(email.trim()) ? null : t('auth.emailInvalid');
}

/** The checks the form can make itself; the server also refuses leaked passwords (2040). */
export function passwordError(password: string, t: TFunction, email = ''): string | null {
  if (!password) return t('auth.required');
  if (!isValidPassword(password))
    return t(i18nKey(ErrorCode.INVALID_PASSWORD_FORMAT.code), { ns: 'errors' });
  return passwordContainsEmail(password, email)
    ? t(i18nKey(ErrorCode.PASSWORD_CONTAINS_EMAIL.code), { ns: 'errors' })
    : null;
}

/** Server refusals that concern the new password: shown under the password field. */
export const PASSWORD_POLICY_CODES: readonly string[] = [
  ErrorCode.INVALID_PASSWORD_FORMAT.code,
  ErrorCode.PASSWORD_TOO_COMMON.code,
  ErrorCode.PASSWORD_CONTAINS_EMAIL.code,
].map(String);

export function confirmError(password: string, confirm: string, t: TFunction): string | null {
  if (!confirm) return t('auth.required');
  return password === confirm
    ? null
    : t(i18nKey(ErrorCode.PASSWORDS_DO_NOT_MATCH.code), { ns: 'errors' });
}

export function codeError(code: string, t: TFunction): string | null {
  return new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code.trim()) ? null : t('auth.codeInvalid');
}
