import { z } from 'zod';
import { runtimeMode } from './runtime-mode.js';

/**
 * Request headers. The runtime mode travels in `Runtime-Mode` (0 Real, 1 Demo, 2 Trial) on every
 * REST request, and in the socket's `login` args; absent means Real. A value other than 0, 1 or 2
 * is rejected with error 1002 rather than silently treated as Real, so a client bug cannot trade
 * real funds by accident.
 */
export const HEADERS = {
  authorization: 'authorization',
  timeZone: 'time-zone',
  device: 'device',
  clientType: 'client-type',
  acceptLanguage: 'accept-language',
  runtimeMode: 'runtime-mode',
} as const;

export const DEVICE_WEB = 'WEB';
export const CLIENT_TYPE_WEB = 'WEB';

/** "UTC+7", "UTC-3:30", "UTC+0". */
export const timeZoneHeader = z
  .string()
  .regex(/^UTC[+-]\d{1,2}(:\d{2})?$/, 'time-zone must look like UTC+7 or UTC-3:30');

export const runtimeModeHeader = z
  .enum(['0', '1', '2'])
  .transform((v) => runtimeMode.parse(Number(v)));

/** Headers the gateway reads; every one is optional so public pages work from any client. */
export const requestHeaders = z.object({
  [HEADERS.authorization]: z
    .string()
    .regex(/^Bearer \S+$/)
    .optional(),
  [HEADERS.timeZone]: timeZoneHeader.optional(),
  [HEADERS.device]: z.string().max(32).optional(),
  [HEADERS.clientType]: z.string().max(32).optional(),
  [HEADERS.acceptLanguage]: z.string().max(256).optional(),
  [HEADERS.runtimeMode]: runtimeModeHeader.optional(),
});

/** Minutes east of UTC for a time-zone header value. */
export function timeZoneOffsetMinutes(value: string): number {
  const m = /^UTC([+-])(\d{1,2})(?::(\d{2}))?$/.exec(value);
  if (!m) return 0;
  const minutes = Number(m[2]) * 60 + Number(m[3] ?? 0);
  return m[1] === '-' ? -minutes : minutes;
}

/** The header value for an offset in minutes east of UTC (e.g. 420 -> "UTC+7"). */
export function formatTimeZone(offsetMinutes: number): string {
  const sign = offsetMinutes < 0 ? '-' : '+';
  const abs = Math.abs(offsetMinutes);
  const h = Math.floor(abs / 60);
  const m = abs % 60;
  return `UTC${sign}${h}${m ? `:${String(m).padStart(2, '0')}` : ''}`;
}
