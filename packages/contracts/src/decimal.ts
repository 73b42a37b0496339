import { z } from 'zod';
import { text } from './text.js';

/**
 * Exact decimal arithmetic on the API's decimal strings (BigInt with a scale): prices and
 * quantities are compared, rounded to steps and summed without float errors.
 */
export interface Dec {
  n: bigint;
  scale: number;
}

const NUMBER_RE = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/;

const PLAIN_DECIMAL_RE = /^-?(\d+(\.\d*)?|\.\d+)$/;

/**
 * Whether the text is a plain decimal number (digits with an optional point), exactly: a request
 * with spaces around a number is refused, not trimmed.
 */
export function isDecimalText(text: string): boolean {
  return PLAIN_DECIMAL_RE.test(text);
}

export function dec(value: string | number | null | undefined): Dec | null {
  if (value === null || value === undefined) return null;
  const text =
    typeof value === 'number' ? (Number.isFinite(value) ? value.toFixed(12) : '') : value;
  const m = NUMBER_RE.exec(text);
  if (!m || ((m[2] ?? '') === '' && (m[3] ?? '') === '')) return null;
  const frac = m[3] ?? '';
  const n = BigInt(`${m[1] ?? ''}${(m[2] ?? '') || '0'}${frac}`);
  return { n, scale: frac.length };
}

function align(a: Dec, b: Dec): [bigint, bigint, number] {
  const scale = Math.max(a.scale, b.scale);
  return [a.n * 10n ** BigInt(scale - a.scale), b.n * 10n ** BigInt(scale - b.scale), scale];
}

export function cmp(a: Dec, b: Dec): number {
  const [x, y] = align(a, b);
  return x < y ? -1 : x > y ? 1 : 0;
}

export function add(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { n: x + y, scale };
}

export function sub(a: Dec, b: Dec): Dec {
  const [x, y, scale] = align(a, b);
  return { n: x - y, scale };
}

export function mul(a: Dec, b: Dec): Dec {
  return { n: a.n * b.n, scale: a.scale + b.scale };
}

/** a / b rounded down to `scale` places. */
export function div(a: Dec, b: Dec, scale: number): Dec | null {
  if (b.n === 0n) return null;
  const num = a.n * 10n ** BigInt(scale + b.scale);
  const den = b.n * 10n ** BigInt(a.scale);
  return { n: num / den, scale };
}

export function isPositive(a: Dec | null): a is Dec {
  return !!a && a.n > 0n;
}

/** A decimal text that is zero, or no number at all (nothing to show, nothing in the book). */
export function isZeroAmount(text: string): boolean {
  const d = dec(text);
  return !d || d.n === 0n;
}

export function isZero(a: Dec): boolean {
  return a.n === 0n;
}

/** Rounds to a multiple of `step`: down (toward zero) or up. */
export function roundToStep(a: Dec, step: Dec, mode: 'down' | 'up' = 'down'): Dec {
  if (step.n <= 0n) return a;
  const [x, s, scale] = align(a, step);
  let q = x / s;
  if (mode === 'up' && q * s !== x && x > 0n) q += 1n;
  return { n: q * s, scale };
}

export function isMultipleOf(a: Dec, step: Dec): boolean {
  if (step.n <= 0n) return true;
  const [x, s] = align(a, step);
  return x % s === 0n;
}

/** Places after the point a step needs: "0.010" -> 2, "1" -> 0. */
export function stepDecimals(step: string): number {
  const frac = step.split('.')[1] ?? '';
  return frac.replace(/0+$/, '').length;
}

/** Plain text with exactly `places` digits after the point (truncated or padded). */
export function toFixed(a: Dec, places: number): string {
  let n = a.n;
  if (a.scale > places) n = n / 10n ** BigInt(a.scale - places);
  else n = n * 10n ** BigInt(places - a.scale);
  const negative = n < 0n;
  const digits = (negative ? -n : n).toString().padStart(places + 1, '0');
  const int = digits.slice(0, digits.length - places);
  const frac = digits.slice(digits.length - places);
  return `${negative ? '-' : ''}${int}${places > 0 ? `.${frac}` : ''}`;
}

/** Shortest plain text: trailing zeros of the fraction dropped. */
export function toText(a: Dec): string {
  const fixed = toFixed(a, a.scale);
  return fixed.includes('.') ? fixed.replace(/\.?0+$/, '') : fixed;
}

export const ZERO: Dec = { n: 0n, scale: 0 };

/** Float for charts and sorting only; never for money arithmetic. */
export function toNumber(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isFinite(n) ? n : 0;
}

/**
 * Market capitalisation: circulating supply times the last price, in the price's asset, to two
 * places (rounded down); null when either is unknown. The gateway's coin info and the client's
 * markets page and coin info card all use it, so they agree to the cent.
 */
export function marketCapOf(
  circulatingSupply: string | null | undefined,
  lastPrice: string | null | undefined,
): string | null {
  const supply = dec(circulatingSupply);
  const price = dec(lastPrice);
  if (!supply || !price || supply.n < 0n || price.n <= 0n) return null;
  return toText(dec(toFixed(mul(supply, price), 2)) ?? ZERO);
}

// ---- bounds of money fields ----

/**
 * Every money column of the database is NUMERIC(38, 18): 20 digits before the point, 18 after.
 * A money field of a request (amounts, prices, quantities, totals, in REST bodies and queries,
 * socket ops and signed callbacks) is at most MONEY_MAX, with at most MONEY_SCALE decimals:
 * five whole digits are left to the column, so balances that add many such amounts, a fee at a
 * rate and an order's price x amount checked against MONEY_MAX stay inside it; and MONEY_MAX is
 * below 2^53, so an amount in whole engine lots or ticks stays an exact integer.
 */
export const MONEY_MAX = '1000000000000000';
/** Decimals a money column keeps (NUMERIC(38, 18)); more would be rounded away silently. */
export const MONEY_SCALE = 18;

/**
 * Why a money text is out of bounds, or null when it is within them. A text that is no plain
 * decimal is not judged here (the format is checked where the field says). The digits are
 * counted before any arithmetic, so a number of a million digits costs nothing.
 */
export function moneyBoundIssue(
  value: string,
  max: string = MONEY_MAX,
  maxDecimals: number = MONEY_SCALE,
): string | null {
  // A negative number is no amount at all: the format check or the service refuses it.
  if (!isDecimalText(value) || value.startsWith('-')) return null;
  const [intPart = '', frac = ''] = value.split('.');
  const whole = intPart.replace(/^0+/, '');
  const limit = dec(max);
  const limitWhole = max.split('.')[0]?.replace(/^0+/, '') ?? '';
  if (whole.length > limitWhole.length) return `must be at most ${max}`;
  if (frac.length > maxDecimals) return `must have at most ${maxDecimals} decimals`;
  const d = dec(value);
  if (d && limit && cmp(d, limit) > 0) return `must be at most ${max}`;
  return null;
}

/** Whether a value is above MONEY_MAX (or the given maximum). */
export function exceedsMoneyMax(value: Dec, max: string = MONEY_MAX): boolean {
  const limit = dec(max);
  return !!limit && cmp(value, limit) > 0;
}

export interface MoneyFieldOptions {
  /** Largest value accepted; MONEY_MAX unless the field's own column or use is narrower. */
  max?: string;
  /** Decimals accepted: MONEY_SCALE unless the field has fewer (2 for a bank's cents). */
  decimals?: number;
  /**
   * "strict" (default): the schema checks the format too: digits with an optional fraction, no
   * sign. "bounds": any text up to 40 characters passes the schema except a number out of bounds;
   * the service checks the format with its own catalogue code (order fields: 3012).
   */
  format?: 'strict' | 'bounds';
  /** The message of a text that is no decimal (strict format). */
  formatMessage?: string;
}

/**
 * The one schema of a money field of a request: a plain non-negative decimal text of at most
 * MONEY_MAX and MONEY_SCALE decimals (or the narrower bounds given), refused with a message
 * naming the maximum ("must be at most 1000000000000000"), which the gateway answers as 1002.
 */
export function moneyText(options: MoneyFieldOptions = {}) {
  const max = options.max ?? MONEY_MAX;
  const decimals = options.decimals ?? MONEY_SCALE;
  const base =
    options.format === 'bounds'
      ? text().max(40)
      : z
          .string()
          .regex(
            decimals === 0 ? /^\d+$/ : /^\d+(\.\d+)?$/,
            options.formatMessage ?? 'must be a positive decimal',
          );
  return base.superRefine((value, ctx) => {
    const issue = moneyBoundIssue(value, max, decimals);
    if (issue) ctx.addIssue({ code: 'custom', message: issue, params: { max, decimals } });
  });
}
