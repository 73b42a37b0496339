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
