import type {
  FastifyError,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchemaValidationError,
} from 'fastify';
import fp from 'fastify-plugin';
import {
  hasZodFastifySchemaValidationErrors,
  isResponseSerializationError,
} from 'fastify-type-provider-zod';
import {
  ErrorCode,
  formatMessage,
  resolveLanguage,
  translateError,
  type ErrorName,
} from '@exchange/contracts';
import { AppError } from '../lib/app-error.js';

/** Fastify's own error codes for bad input, mapped to the catalogue. */
const FASTIFY_CODES: Record<string, ErrorName> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'MALFORMED_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'VALIDATION_FAILED',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_FILES_LIMIT: 'FILE_COUNT_LIMIT',
  FST_FIELDS_LIMIT: 'FILE_COUNT_LIMIT',
  FST_PARTS_LIMIT: 'FILE_COUNT_LIMIT',
  FST_REQ_FILE_TOO_LARGE: 'FILE_TOO_LARGE',
  FST_ERR_VALIDATION: 'VALIDATION_FAILED',
};

function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  if (hasZodFastifySchemaValidationErrors(error)) {
    const validation = error.validation as FastifySchemaValidationError[];
    const unknown = validation
      .filter((v) => v.keyword === 'unrecognized_keys')
      .flatMap((v) => {
        const keys = (v.params as { keys?: string[] }).keys ?? [];
        const at = v.instancePath === '/' ? '' : `${v.instancePath.slice(1).replace(/\//g, '.')}.`;
        return keys.map((k) => `${at}${k}`);
      });
    if (unknown.length > 0) return new AppError('UNKNOWN_FIELD', { fields: unknown.join(', ') });
    const where = error.validationContext ?? 'request';
    const issues = validation
      .map(
        (v) =>
          `${where}${v.instancePath === '/' ? '' : v.instancePath.replace(/\//g, '.')}: ${v.message}`,
      )
      .join('; ');
    return new AppError('VALIDATION_FAILED', { issues });
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped === 'VALIDATION_FAILED')
    return new AppError(mapped, { issues: error.message }, { cause: error });
  if (mapped) return new AppError(mapped, null, { cause: error });
  if (error instanceof SyntaxError) return new AppError('MALFORMED_JSON', null, { cause: error });
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500 && !isResponseSerializationError(error)) {
    if (status === 404) return new AppError('NOT_FOUND', null, { cause: error });
    if (status === 405) return new AppError('METHOD_NOT_ALLOWED', null, { cause: error });
    if (status === 413) return new AppError('PAYLOAD_TOO_LARGE', null, { cause: error });
    if (status === 415) return new AppError('UNSUPPORTED_MEDIA_TYPE', null, { cause: error });
    if (status === 429)
      return new AppError('RATE_LIMITED', { retryAfterSeconds: 60 }, { cause: error });
    return new AppError('VALIDATION_FAILED', { issues: error.message }, { cause: error });
  }
  return new AppError('INTERNAL', null, { cause: error });
}

/** The envelope of an error, its message in the language the request accepts. */
export function sendError(reply: FastifyReply, err: AppError): FastifyReply {
  const language = resolveLanguage(reply.request.headers['accept-language']);
  const message = translateError(err.code, language, err.params) ?? err.message;
  const retryAfter = err.params?.retryAfterSeconds;
  if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
  return reply.code(err.status).send({ code: String(err.code), data: err.params, message });
}

/**
 * The one error handler: every failure leaves as the envelope with a catalogue code. Internals
 * (stack traces, SQL, library messages) are logged and never sent.
 */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const appError = toAppError(error);
    if (appError.status >= 500) request.log.error({ err: error }, 'request failed');
    else request.log.info({ code: appError.code, reason: error.message }, 'request rejected');
    return sendError(reply, appError);
  });
}

export default fp(errorHandler, { name: 'error-handler' });

/**
 * Unknown routes: a 1006 envelope, except that with a web client a GET for a page (a path
 * outside /v1 without a file extension) answers its index.html so the client's router decides.
 */
export function notFoundHandler(opts: { webClient: boolean }) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '';
    // /metrics is no page: the metrics are served on their own listener (METRICS_PORT), and a
    // scraper pointed here must see 404, not the web client's HTML.
    const isPage =
      request.method === 'GET' &&
      !path.startsWith('/v1/') &&
      path !== '/metrics' &&
      !/\.[a-z0-9]+$/i.test(path);
    if (opts.webClient && isPage)
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    request.log.info({ url: request.url }, 'route not found');
    return sendError(reply, new AppError('NOT_FOUND'));
  };
}

/** The envelope of a catalogue error, for places outside the error handler (hooks, sockets). */
export function errorBody(
  name: ErrorName,
  params: Record<string, unknown> | null = null,
  acceptLanguage?: string,
) {
  const def = ErrorCode[name];
  const message =
    translateError(def.code, resolveLanguage(acceptLanguage), params) ??
    formatMessage(def.message, params);
  return { code: String(def.code), data: params, message };
}
