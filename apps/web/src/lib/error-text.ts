import { i18nKey } from '@exchange/contracts';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client';

/**
 * The text to show for a failed request: the translation of `error_{code}` filled with the
 * envelope's data, else the gateway's own message.
 */
export function errorText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) {
    const params =
      typeof error.data === 'object' && error.data !== null
        ? (error.data as Record<string, unknown>)
        : {};
    return t(i18nKey(error.code), { ...params, ns: 'errors', defaultValue: error.message });
  }
  return t('common.unexpectedError');
}

/**
 * How long a refused "send code" asks to wait (2014: a code of the purpose was sent within the
 * minute and is unused), in ms, so its button counts down as after a code it sent; otherwise null.
 */
export function codeResendWaitMs(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.code !== '2014') return null;
  const seconds = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  return typeof seconds === 'number' && seconds > 0 ? seconds * 1000 : null;
}
