import type { Schema } from '../../../lib/api-client';

/** Answers the caller does not read (a saved draft). */
export const anything: Schema<unknown> = { parse: (input) => input };
