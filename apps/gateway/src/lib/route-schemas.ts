import type { z } from 'zod';
import { envelope, errorEnvelope } from '@exchange/contracts';

/** Response schemas of a route: the success envelope around `data`, and the error envelope. */
export function responses<T extends z.ZodType>(data: T) {
  return { 200: envelope(data), '4xx': errorEnvelope, '5xx': errorEnvelope } as const;
}

export const bearerSecurity = [{ bearerAuth: [] }];
