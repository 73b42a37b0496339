import { ErrorCode, formatMessage, type ErrorName } from '@exchange/contracts';

/** An expected failure: a catalogue code, its HTTP status and the variables of its message. */
export class AppError extends Error {
  readonly code: number;
  readonly status: number;
  readonly params: Record<string, unknown> | null;

  constructor(
    name: ErrorName,
    params: Record<string, unknown> | null = null,
    options?: ErrorOptions,
  ) {
    const def = ErrorCode[name];
    super(formatMessage(def.message, params), options);
    this.name = 'AppError';
    this.code = def.code;
    this.status = def.status;
    this.params = params;
  }
}
