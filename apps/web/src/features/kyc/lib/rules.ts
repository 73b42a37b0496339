import { ErrorCode, kycViolationsData, type KycViolation } from '@exchange/contracts';
import { ApiError } from '../../../lib/api-client';

/**
 * A field's error as the form shows it: a code of the error catalogue (the contracts' KYC rules,
 * the same the gateway answers with) and the message's variables.
 */
export interface FieldError {
  code: number;
  params: Record<string, string>;
}

export type Errors = Record<string, FieldError | undefined>;

/**
 * The rules' violations by field path, the first per field. `strip` removes a prefix (the
 * institution's `basic.`), so paths match the form's field names.
 */
export function toErrors(violations: readonly KycViolation[], strip = ''): Errors {
  const out: Errors = {};
  for (const v of violations) {
    const field = strip && v.field.startsWith(strip) ? v.field.slice(strip.length) : v.field;
    out[field] ??= { code: ErrorCode[v.error].code, params: v.params };
  }
  return out;
}

/**
 * The gateway's refusal of a step (the contracts' `kycViolationsData`), the first per field, on
 * the form's field names (`rename` maps a gateway path to one); null when it names no field.
 */
export function serverErrors(err: unknown, rename: (field: string) => string): Errors | null {
  if (!(err instanceof ApiError)) return null;
  const parsed = kycViolationsData.safeParse(err.data);
  if (!parsed.success) return null;
  const out: Errors = {};
  for (const v of parsed.data.violations)
    out[rename(v.field)] ??= { code: v.code, params: v.params };
  return out;
}

/** Only the errors whose path starts with one of `prefixes`. */
export function pick(errors: Errors, prefixes: readonly string[]): Errors {
  return Object.fromEntries(
    Object.entries(errors).filter(([k]) => prefixes.some((p) => k === p || k.startsWith(`${p}.`))),
  );
}

export const hasErrors = (errors: Errors) => Object.values(errors).some(Boolean);

/** Today as `YYYY-MM-DD` in UTC, the day the gateway checks dates against. */
export function isoToday(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function addYears(iso: string, years: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() + years);
  return d.toISOString().slice(0, 10);
}

export function addDays(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
