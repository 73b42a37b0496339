import {
  ErrorCode,
  WHITELIST_NOTE_MAX,
  WHITELIST_NOTE_MIN,
  i18nKey,
  isValidAddress,
  type ErrorName,
  type NetworkKind,
} from '@exchange/contracts';
import {
  cmp,
  dec,
  isDecimalText,
  mul,
  roundToStep,
  sub,
  toFixed,
  ZERO,
  type Dec,
} from '@exchange/contracts/decimal';
import type { TFunction } from 'i18next';
import { formatNumber } from '../../../lib/format';

/**
 * The withdrawal, transfer and whitelist forms' rules (spec trading-account-domain sections 5, 8,
 * 9), checked before anything is sent; the gateway checks them again and answers the same
 * catalogue codes.
 */
const catalogue = (t: TFunction, name: ErrorName, params: Record<string, unknown> = {}) =>
  t(i18nKey(ErrorCode[name].code), { ...params, ns: 'errors' });

export const NOTE_MIN = WHITELIST_NOTE_MIN;
export const NOTE_MAX = WHITELIST_NOTE_MAX;
/** Beyond this the spec's second message ("cannot exceed 100 characters") applies. */
export const NOTE_HARD_MAX = 100;

/** The note of a whitelist entry: required, 2-30 characters (the spec's two messages). */
export function noteError(note: string, t: TFunction): string | null {
  const length = [...note.trim()].length;
  if (length > NOTE_HARD_MAX) return catalogue(t, 'NOTE_TOO_LONG');
  if (length < NOTE_MIN || length > NOTE_MAX) return catalogue(t, 'NOTE_LENGTH');
  return null;
}

/**
 * Required, and an address of the network's kind with a valid checksum (bech32, EIP-55,
 * base58check: the contracts' checks the gateway runs too), so a typo is caught before the codes.
 */
export function addressError(
  address: string,
  kind: NetworkKind | null,
  t: TFunction,
): string | null {
  const value = address.trim();
  if (!value) return catalogue(t, 'ADDRESS_REQUIRED');
  if (kind && !isValidAddress(kind, value)) return catalogue(t, 'ADDRESS_FORMAT_INCORRECT');
  return null;
}

/** A recipient's UID: required, digits, not the user's own. */
export function uidError(uid: string, ownUid: string | null, t: TFunction): string | null {
  const value = uid.trim();
  if (!value) return catalogue(t, 'UID_REQUIRED');
  if (!/^\d{1,20}$/.test(value)) return t('crypto.errors.uidFormat');
  if (ownUid !== null && value === ownUid) return t('crypto.errors.selfTransfer');
  return null;
}

export interface FeeTerms {
  /** The fee rate as a decimal fraction ("0.01" for 1 %). */
  feeRate: string;
  /** The network's gas fee, in the coin. */
  gasFee: string;
  /** Places of the coin: the fee is rounded up to them, what is received down. */
  decimals: number;
}

export interface FeePreview {
  amount: string;
  fee: string;
  gas: string;
  receive: string;
  /** Whether anything is left once the fee and the gas are paid. */
  positive: boolean;
}

const unit = (decimals: number): Dec => ({ n: 1n, scale: decimals });

/**
 * What a withdrawal of `amount` costs and delivers: the limited-time fee (rate x amount, rounded
 * up to the coin's places), the network gas fee on top, and the rest received. Null while the
 * amount is not a positive number.
 */
export function feePreview(amount: string, terms: FeeTerms): FeePreview | null {
  const text = amount.trim();
  if (!isDecimalText(text)) return null;
  const a = dec(text);
  const rate = dec(terms.feeRate);
  const gas = dec(terms.gasFee) ?? ZERO;
  if (!a || a.n <= 0n || !rate) return null;
  const fee = roundToStep(mul(a, rate), unit(terms.decimals), 'up');
  const receive = sub(sub(a, fee), gas);
  return {
    amount: toFixed(a, terms.decimals),
    fee: toFixed(fee, terms.decimals),
    gas: toFixed(gas, terms.decimals),
    receive: toFixed(receive.n > 0n ? receive : ZERO, terms.decimals),
    positive: receive.n > 0n,
  };
}

/** The rate as a percentage for the labels: "0.01" -> "1%", "0.005" -> "0.5%". */
export function ratePercent(rate: string): string {
  const r = dec(rate);
  if (!r) return '-';
  const pct = mul(r, { n: 100n, scale: 0 });
  const fixed = toFixed(pct, pct.scale);
  const trimmed = fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
  return `${trimmed}%`;
}

export interface AmountLimits {
  available: string;
  minimum: string;
  decimals: number;
  coin: string;
}

/**
 * The amount of a withdrawal or transfer: required, a number, at most the coin's places, at least
 * the minimum, at most what is available, and (withdrawals) more than the fees.
 */
export function amountError(
  amount: string,
  limits: AmountLimits,
  t: TFunction,
  preview?: FeePreview | null,
): string | null {
  const text = amount.trim();
  if (!text) return catalogue(t, 'WITHDRAWAL_AMOUNT_REQUIRED');
  if (!isDecimalText(text)) return t('crypto.errors.amountFormat');
  const a = dec(text);
  if (!a || a.n <= 0n) return t('crypto.errors.amountFormat');
  const places = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (places > limits.decimals)
    return t('crypto.errors.tooManyDecimals', { decimals: limits.decimals });
  const min = dec(limits.minimum);
  if (min && cmp(a, min) < 0)
    return t('crypto.errors.belowMinimum', { amount: limits.minimum, coin: limits.coin });
  const available = dec(limits.available) ?? ZERO;
  if (cmp(a, available) > 0) return catalogue(t, 'INSUFFICIENT_AVAILABLE_BALANCE');
  if (preview && !preview.positive) return t('crypto.errors.nothingReceived');
  return null;
}

/** "Max": everything available, in the coin's places (rounded down). */
export function maxAmount(available: string, decimals: number): string {
  const a = dec(available);
  if (!a || a.n <= 0n) return '0';
  const fixed = toFixed(a, decimals);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

/** Whether a value is greater than zero. */
export const isPositiveText = (value: string | null | undefined) => {
  const d = dec(value ?? null);
  return !!d && d.n > 0n;
};

/** a - b in `decimals` places when a is larger (what deposits still frozen hold back), else null. */
export function excess(a: string, b: string, decimals: number): string | null {
  const x = dec(a);
  const y = dec(b);
  if (!x || !y || cmp(x, y) <= 0) return null;
  return toFixed(sub(x, y), decimals);
}

/** An amount in the coin's places, rounded down, without trailing zeros: "300", "0.0015". */
export function coinAmount(value: string | null | undefined, decimals: number): string {
  const text = formatNumber(value, { decimals });
  return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
}

/** A server amount (NUMERIC, up to 18 places) without its trailing zeros. */
export const trimAmount = (value: string | null | undefined) => coinAmount(value, 18);
