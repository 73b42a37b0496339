import { z } from 'zod';

/**
 * C0 controls (NUL, tab, newline, escape...), DEL and C1 controls. Postgres refuses a NUL byte
 * in text (error 22021, a 500 before this rule), and the others hide in logs and screens.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL.test(value);
}

/**
 * Every string a request carries (bodies, query strings, path parameters, socket arguments):
 * control characters are refused with 1002, and nothing is trimmed, so what is checked is what
 * is stored. No request field is free text that needs a line break today.
 */
export function text() {
  return z.string().refine((v) => !CONTROL.test(v), 'must not contain control characters');
}

/** Text that is neither blank nor starts or ends with a space (names, categories). */
export function trimmedText() {
  return text()
    .min(1)
    .refine((v) => v.trim() === v, 'must not start or end with a space');
}
