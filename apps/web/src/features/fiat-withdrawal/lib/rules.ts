import type { TFunction } from 'i18next';
import {
  BANK_FIELD_MAX,
  FIAT_WITHDRAWAL_TERMS,
  isJointHolder,
  isUnsupportedRail,
  isValidAccountNumber,
  isValidBankCode,
  isValidSwift,
  type FiatWithdrawalCurrency,
} from '@exchange/contracts';

/**
 * The checks the forms run as the user types: the same rules the gateway applies (contracts
 * fiat-withdrawal.ts), so a mistake is shown under its field before any code is spent.
 */
export function textError(value: string, t: TFunction, required = true): string | null {
  const v = value.trim();
  if (!v) return required ? t('fiatOut.errors.required') : null;
  if (v.length > BANK_FIELD_MAX || !/^[\x20-\x7e]+$/.test(v))
    return t('fiatOut.errors.ascii', { max: BANK_FIELD_MAX });
  return null;
}

export const normalSwift = (v: string) => v.replace(/\s/g, '').toUpperCase();

export function swiftError(value: string, t: TFunction, required = true): string | null {
  const base = textError(value, t, required);
  if (base || !value.trim()) return base;
  return isValidSwift(normalSwift(value)) ? null : t('fiatOut.errors.swift');
}

export function holderError(value: string, t: TFunction): string | null {
  return textError(value, t) ?? (isJointHolder(value) ? t('fiatOut.errors.joint') : null);
}

export function accountNumberError(value: string, t: TFunction): string | null {
  return (
    textError(value, t) ?? (isValidAccountNumber(value) ? null : t('fiatOut.errors.accountNumber'))
  );
}

export function bankCodeError(value: string, t: TFunction): string | null {
  return textError(value, t) ?? (isValidBankCode(value) ? null : t('fiatOut.errors.bankCode'));
}

export function railError(bankName: string, swift: string, t: TFunction): string | null {
  return isUnsupportedRail(bankName, normalSwift(swift)) ? t('fiatOut.errors.rail') : null;
}

/** A positive amount with the currency's decimals, at least the minimum, within the balance. */
export function amountError(
  value: string,
  currency: FiatWithdrawalCurrency,
  available: string | null,
  t: TFunction,
): string | null {
  const terms = FIAT_WITHDRAWAL_TERMS[currency];
  const v = value.trim();
  if (!v) return t('fiatOut.errors.amountRequired');
  const m = /^(\d+)(?:\.(\d+))?$/.exec(v);
  if (!m || Number(v) <= 0 || (m[2]?.length ?? 0) > terms.decimals)
    return t('fiatOut.errors.amount', { decimals: terms.decimals });
  if (Number(v) < Number(terms.minAmount))
    return t('fiatOut.errors.minimum', { minAmount: terms.minAmount, currency });
  if (available !== null && Number(v) > Number(available)) return t('fiatOut.errors.balance');
  return null;
}
