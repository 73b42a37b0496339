import {
  CURRENCY_FORMATS,
  DATE_PICKER_MAX,
  DATE_PICKER_MIN,
  DEFAULT_MONEY_LOCALE,
  MISSING_VALUE_TEXT,
  NUMBER_ABBREVIATIONS,
  THOUSANDS_GROUP_SIZE,
  WEEK_STARTS_ON,
  type Asset,
} from '@exchange/contracts';

/**
 * Number display of spec platform-shell section 9. Values are decimal strings from the API, so
 * all arithmetic is done on digits (never floats): 0.1 + 0.2 style errors cannot show up.
 */
export type Rounding = 'down' | 'up' | 'half';
type Numeric = string | number | null | undefined;

interface Decimal {
  negative: boolean;
  int: string;
  frac: string;
}

function expandExponent(text: string): string {
  const m = /^(-?)(\d+)(?:\.(\d+))?e([+-]?\d+)$/i.exec(text);
  if (!m) return text;
  const [, sign = '', int = '', frac = '', expText = '0'] = m;
  const exp = Number(expText);
  const digits = int + frac;
  const point = int.length + exp;
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return `${sign}${digits}${'0'.repeat(point - digits.length)}`;
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
}

export function parseDecimal(value: Numeric): Decimal | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'number' && !Number.isFinite(value)) return null;
  const text = expandExponent(String(value).trim());
  const m = /^([+-]?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!m || (m[2] === '' && !m[3])) return null;
  const int = (m[2] ?? '').replace(/^0+(?=\d)/, '') || '0';
  return { negative: m[1] === '-', int, frac: m[3] ?? '' };
}

function isZero(d: Decimal): boolean {
  return /^0*$/.test(d.int) && /^0*$/.test(d.frac);
}

/** Rounds to `decimals` places: down (toward zero, the default), up (away from zero) or half. */
export function roundDecimal(d: Decimal, decimals: number, rounding: Rounding = 'down'): Decimal {
  const kept = d.frac.slice(0, decimals).padEnd(decimals, '0');
  const dropped = d.frac.slice(decimals);
  const bump =
    rounding === 'up'
      ? /[1-9]/.test(dropped)
      : rounding === 'half'
        ? (dropped[0] ?? '0') >= '5'
        : false;
  if (!bump) return { ...d, frac: kept };
  const scaled = (BigInt(d.int + kept) + 1n).toString().padStart(decimals + 1, '0');
  return {
    negative: d.negative,
    int: scaled.slice(0, scaled.length - decimals) || '0',
    frac: scaled.slice(scaled.length - decimals),
  };
}

function groupThousands(int: string): string {
  const re = new RegExp(`\\B(?=(\\d{${THOUSANDS_GROUP_SIZE}})+(?!\\d))`, 'g');
  return int.replace(re, ',');
}

function render(d: Decimal, group: boolean): string {
  const int = group ? groupThousands(d.int) : d.int;
  const sign = d.negative && !isZero(d) ? '-' : '';
  return `${sign}${int}${d.frac ? `.${d.frac}` : ''}`;
}

export interface NumberFormat {
  /** Places after the point; omitted keeps the value's own. */
  decimals?: number;
  rounding?: Rounding;
  group?: boolean;
}

/** '-' for a missing or unreadable value; rounds down and groups thousands by default. */
export function formatNumber(value: Numeric, format: NumberFormat = {}): string {
  const d = parseDecimal(value);
  if (!d) return MISSING_VALUE_TEXT;
  const { decimals, rounding = 'down', group = true } = format;
  return render(decimals === undefined ? d : roundDecimal(d, decimals, rounding), group);
}

/** 1234567 -> "1.23M": K, M, B, T by powers of 1000, rounded down. */
export function abbreviateNumber(
  value: Numeric,
  decimals = 2,
  rounding: Rounding = 'down',
): string {
  const d = parseDecimal(value);
  if (!d) return MISSING_VALUE_TEXT;
  let tier = 0;
  while (tier < NUMBER_ABBREVIATIONS.length && d.int.length > 3 * (tier + 1)) tier += 1;
  if (tier === 0) return render(roundDecimal(d, decimals, rounding), true);
  const cut = d.int.length - 3 * tier;
  const shifted: Decimal = {
    negative: d.negative,
    int: d.int.slice(0, cut),
    frac: d.int.slice(cut) + d.frac,
  };
  const rounded = roundDecimal(shifted, decimals, rounding);
  const trimmed = { ...rounded, frac: rounded.frac.replace(/0+$/, '') };
  return `${render(trimmed, true)}${NUMBER_ABBREVIATIONS[tier - 1] ?? ''}`;
}

type AmountAsset = Pick<Asset, 'code' | 'type' | 'sign' | 'decimals'>;

/** An amount in an asset's decimals: fiat with its sign in front, coins with the code after. */
export function formatAmount(
  value: Numeric,
  asset: AmountAsset | null | undefined,
  rounding: Rounding = 'down',
): string {
  if (!asset) return MISSING_VALUE_TEXT;
  const text = formatNumber(value, { decimals: asset.decimals, rounding });
  if (text === MISSING_VALUE_TEXT) return text;
  if (asset.type === 'FIAT') {
    const negative = text.startsWith('-');
    return `${negative ? '-' : ''}${asset.sign ?? ''}${negative ? text.slice(1) : text}`;
  }
  return `${text} ${asset.code}`;
}

/** Money in the locale's currency format ('$', 'Rp', '¥'; two places); unknown locales use id. */
export function formatCurrency(value: Numeric, locale: string = DEFAULT_MONEY_LOCALE): string {
  const key = (locale.split('-')[0] ?? '').toLowerCase();
  const formats: Record<string, { prefix: string; decimals: number }> = CURRENCY_FORMATS;
  const format = formats[key] ?? CURRENCY_FORMATS[DEFAULT_MONEY_LOCALE];
  const text = formatNumber(value, { decimals: format.decimals });
  if (text === MISSING_VALUE_TEXT) return text;
  return text.startsWith('-') ? `-${format.prefix}${text.slice(1)}` : `${format.prefix}${text}`;
}

/** "+1.25%" / "-0.40%", two places. */
export function formatPercent(value: Numeric, decimals = 2): string {
  const text = formatNumber(value, { decimals, rounding: 'half' });
  if (text === MISSING_VALUE_TEXT) return text;
  return `${text.startsWith('-') ? '' : '+'}${text}%`;
}

// ---- Dates: weeks start on Monday; pickers accept 1900-01-01 .. 2099-12-31 ----

/** Monday (00:00 local time) of the week holding `date`. */
export function startOfWeek(date: Date): Date {
  const start = new Date(date.getFullYear(), date.getMonth(), date.getDate());
  const diff = (start.getDay() - WEEK_STARTS_ON + 7) % 7;
  start.setDate(start.getDate() - diff);
  return start;
}

/** Day numbers (0 = Sunday) in the order a calendar shows them. */
export function weekdayOrder(): number[] {
  return Array.from({ length: 7 }, (_, i) => (WEEK_STARTS_ON + i) % 7);
}

export const DATE_RANGE = { min: DATE_PICKER_MIN, max: DATE_PICKER_MAX } as const;

/** Whether a yyyy-mm-dd value lies inside the date picker range. */
export function isInDateRange(isoDate: string): boolean {
  return (
    /^\d{4}-\d{2}-\d{2}$/.test(isoDate) && isoDate >= DATE_PICKER_MIN && isoDate <= DATE_PICKER_MAX
  );
}

export function formatDate(iso: string | null | undefined, locale = 'en'): string {
  if (!iso) return MISSING_VALUE_TEXT;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return MISSING_VALUE_TEXT;
  return new Intl.DateTimeFormat(locale, {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
  }).format(date);
}

/** A moment as `YYYY-MM-DD HH:mm:ss` in local time; "-" when missing or invalid. */
export function formatTime(iso: string | number | null | undefined): string {
  if (iso === null || iso === undefined || iso === '') return '-';
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return '-';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`;
}
