import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import {
  DEFAULT_LANGUAGE,
  HEADERS,
  RuntimeMode,
  resolveLanguage,
  runtimeModeHeader,
  timeZoneHeader,
  timeZoneOffsetMinutes,
} from '@exchange/contracts';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyRequest {
    /** From the Runtime-Mode header; Real when absent. */
    runtimeMode: RuntimeMode;
    /** Minutes east of UTC from the time-zone header; 0 when absent. */
    timeZoneOffset: number;
    /** The supported language accept-language asks for (en, zh-CN, zh-TW, ar, fr, de, ja, ko). */
    language: string;
  }
}

function header(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Reads the conventional headers once per request; a malformed value is a 1002 error. */
async function requestContext(app: FastifyInstance) {
  app.decorateRequest('runtimeMode', RuntimeMode.REAL);
  app.decorateRequest('timeZoneOffset', 0);
  app.decorateRequest('language', DEFAULT_LANGUAGE);

  app.addHook('onRequest', async (request) => {
    const mode = header(request.headers[HEADERS.runtimeMode]);
    if (mode !== undefined) {
      const parsed = runtimeModeHeader.safeParse(mode.trim());
      if (!parsed.success) {
        throw new AppError('VALIDATION_FAILED', {
          issues: 'runtime-mode must be 0 (Real), 1 (Demo) or 2 (Trial)',
        });
      }
      request.runtimeMode = parsed.data;
    }
    const tz = header(request.headers[HEADERS.timeZone]);
    if (tz !== undefined) {
      if (!timeZoneHeader.safeParse(tz).success) {
        throw new AppError('VALIDATION_FAILED', {
          issues: 'time-zone must look like UTC+7 or UTC-3:30',
        });
      }
      request.timeZoneOffset = timeZoneOffsetMinutes(tz);
    }
    request.language = resolveLanguage(header(request.headers[HEADERS.acceptLanguage]));
  });
}

export default fp(requestContext, { name: 'request-context' });
