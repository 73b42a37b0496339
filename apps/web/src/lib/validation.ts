import {
  EMAIL_CODE_LENGTH,
  ErrorCode,
  i18nKey,
  isGoogleCodeFormat,
  isValidEmail,
  isValidPassword,
  type ErrorName,
} from '@exchange/contracts';
import type { TFunction } from 'i18next';

/** The spec's own messages (the error catalogue's texts), checked before a request is sent. */
const catalogue = (t: TFunction, name: ErrorName) =>
  t(i18nKey(ErrorCode[name].code), { ns: 'errors' });

export const required = (value: string, t: TFunction) =>
  value.trim() ? null : t('security.required');

export function passwordFormatError(password: string, t: TFunction): string | null {
  return (
    required(password, t) ??
    (isValidPassword(password) ? null : catalogue(t, 'INVALID_PASSWORD_FORMAT'))
  );
}

export function confirmError(password: string, confirm: string, t: TFunction): string | null {
  return (
    required(confirm, t) ?? (password === confirm ? null : catalogue(t, 'PASSWORDS_DO_NOT_MATCH'))
  );
}

export function mailboxError(email: string, t: TFunction): string | null {
  return (
    required(email, t) ?? (isValidEmail(email.trim()) ? null : catalogue(t, 'INVALID_EMAIL_FORMAT'))
  );
}

export function emailCodeError(code: string, t: TFunction): string | null {
  return new RegExp(`^\\d{${EMAIL_CODE_LENGTH}}$`).test(code.trim())
    ? null
    : catalogue(t, 'EMAIL_CODE_FORMAT');
}

export function googleCodeError(code: string, t: TFunction): string | null {
  return isGoogleCodeFormat(code) ? null : catalogue(t, 'GOOGLE_CODE_FORMAT');
}

/** The first message of a set of fields, or null when all pass (for the submit guard). */
export const anyError = (errors: Record<string, string | null>) =>
  Object.values(errors).some(Boolean);
