/**
 * The field rules of the KYC forms (spec trading-account-domain section 5): text fields are
 * English only and at most 100 characters; numbers of documents have no spaces; some pairs of
 * fields may not both be empty. Each rule answers the key of its message (kyc.errors.*) or null.
 */
export type KycErrorKey =
  | 'required'
  | 'english'
  | 'tooLong'
  | 'noSpaces'
  | 'lengthRange'
  | 'refusedCountry'
  | 'pairRequired'
  | 'dateRange'
  | 'dateAfter'
  | 'areaCode'
  | 'phone'
  | 'percent'
  | 'shareTotal'
  | 'shareholderId'
  | 'filesRequired';

export interface FieldError {
  key: KycErrorKey;
  params?: Record<string, string | number>;
}

export type Errors<F extends string> = Partial<Record<F, FieldError>>;

export const MAX_TEXT = 100;
/** Latin letters, digits, spaces and the punctuation of names and addresses: no other scripts. */
const ENGLISH = /^[A-Za-z0-9 .,'’\-/#&()]*$/;

export const isBlank = (v: string | undefined | null) => (v ?? '').trim() === '';

export function required(v: string): FieldError | null {
  return isBlank(v) ? { key: 'required' } : null;
}

/** Optional English text: at most 100 characters, Latin script only. */
export function englishText(v: string, max = MAX_TEXT): FieldError | null {
  if (isBlank(v)) return null;
  if (v.length > max) return { key: 'tooLong', params: { max } };
  if (!ENGLISH.test(v)) return { key: 'english' };
  return null;
}

/** Required English text. */
export function englishRequired(v: string, max = MAX_TEXT): FieldError | null {
  return required(v) ?? englishText(v, max);
}

/** A document number: Latin letters, digits and dashes, no spaces, within a length range. */
export function documentNumber(v: string, min = 4, max = 30): FieldError | null {
  if (isBlank(v)) return null;
  if (/\s/.test(v)) return { key: 'noSpaces' };
  if (!/^[A-Za-z0-9-]*$/.test(v)) return { key: 'english' };
  if (v.length < min || v.length > max) return { key: 'lengthRange', params: { min, max } };
  return null;
}

export function areaCode(v: string): FieldError | null {
  if (isBlank(v)) return { key: 'required' };
  return /^\+?\d{1,4}$/.test(v.trim()) ? null : { key: 'areaCode' };
}

export function phoneNumber(v: string): FieldError | null {
  if (isBlank(v)) return { key: 'required' };
  return /^\d{5,15}$/.test(v.trim()) ? null : { key: 'phone', params: { min: 5, max: 15 } };
}

/** Country of residence: required, and not one the exchange does not serve. */
export function residenceCountry(v: string): FieldError | null {
  if (isBlank(v)) return { key: 'required' };
  return v === 'CN' || v === 'US' ? { key: 'refusedCountry' } : null;
}

/** ISO date (YYYY-MM-DD) arithmetic in UTC, so a test's "today" gives the same range anywhere. */
export function isoDate(d: Date): string {
  return d.toISOString().slice(0, 10);
}

export function addYears(iso: string, years: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return isoDate(d);
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return isoDate(d);
}

export interface DateRange {
  min: string;
  max: string;
}

export function dateInRange(v: string, range: DateRange, isRequired = true): FieldError | null {
  if (isBlank(v)) return isRequired ? { key: 'required' } : null;
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || v < range.min || v > range.max) {
    return { key: 'dateRange', params: { min: range.min, max: range.max } };
  }
  return null;
}

/** Adults up to 100 years old. */
export const birthDateRange = (today: string): DateRange => ({
  min: addYears(today, -100),
  max: addYears(today, -18),
});

/** A document valid at least until tomorrow, at most 50 years ahead. */
export const expiryRange = (today: string): DateRange => ({
  min: addDays(today, 1),
  max: addYears(today, 50),
});

/** A date already past: issue and registration dates. */
export const pastRange = (today: string): DateRange => ({
  min: addYears(today, -200),
  max: today,
});

/** Puts each non-null result under its field; `{}` when every field passes. */
export function collect<F extends string>(checks: [F, FieldError | null][]): Errors<F> {
  const errors: Errors<F> = {};
  for (const [field, error] of checks) {
    if (error && !errors[field]) errors[field] = error;
  }
  return errors;
}
