import { z } from 'zod';

/** Every REST answer: `code` is text, "200" on success; `data` may carry `mask` and `tag`. */
export const SUCCESS_CODE = '200';

export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.string().describe('"200" on success, else a code of the error catalogue'),
    data,
    message: z.string(),
  });
}

export const errorEnvelope = envelope(z.record(z.string(), z.unknown()).nullable()).describe(
  'An error: `data` holds the variables of the message (for i18n key error_{code}) or null',
);

export type Envelope<T> = { code: string; data: T; message: string };
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

export function ok<T>(data: T, message = 'success'): Envelope<T> {
  return { code: SUCCESS_CODE, data, message };
}

/** The data of an answer that carries none (logout, a password reset, a language change). */
export const noData = z.null();
