/**
 * Error texts in every supported language, keyed `error_{code}` like `errorTranslationsEn`, and the
 * helpers that pick a language from an Accept-Language header and render a code's text in it.
 */
import { errorTranslationsEn, formatMessage, i18nKey } from '../errors.js';
import { errorsAr } from './errors-ar.js';
import { errorsDe } from './errors-de.js';
import { errorsFr } from './errors-fr.js';
import { errorsJa } from './errors-ja.js';
import { errorsKo } from './errors-ko.js';
import { errorsZhCn } from './errors-zh-cn.js';
import { errorsZhTw } from './errors-zh-tw.js';

export { errorsAr, errorsDe, errorsFr, errorsJa, errorsKo, errorsZhCn, errorsZhTw };

export const ERROR_LANGUAGES = ['en', 'zh-CN', 'zh-TW', 'ar', 'fr', 'de', 'ja', 'ko'] as const;
export type ErrorLanguage = (typeof ERROR_LANGUAGES)[number];
export const DEFAULT_ERROR_LANGUAGE: ErrorLanguage = 'en';

export const ERROR_TRANSLATIONS: Record<ErrorLanguage, Record<string, string>> = {
  en: errorTranslationsEn,
  'zh-CN': errorsZhCn,
  'zh-TW': errorsZhTw,
  ar: errorsAr,
  fr: errorsFr,
  de: errorsDe,
  ja: errorsJa,
  ko: errorsKo,
};

/** Languages other than Chinese, by lower-case primary subtag. */
const BY_PRIMARY_SUBTAG: Readonly<Record<string, ErrorLanguage>> = {
  en: 'en',
  ar: 'ar',
  fr: 'fr',
  de: 'de',
  ja: 'ja',
  ko: 'ko',
};

/** Chinese regions that write Traditional characters when no script subtag says otherwise. */
const TRADITIONAL_CHINESE_REGIONS = new Set(['tw', 'hk', 'mo']);

/** At most this many Accept-Language entries are looked at; a real browser sends a handful. */
const MAX_LANGUAGE_RANGES = 32;

function languageOfTag(tag: string): ErrorLanguage | undefined {
  const [primary = '', ...subtags] = tag.toLowerCase().split(/[-_]/);
  if (primary === 'zh') {
    // A script subtag decides before the region: zh-Hans-HK is Simplified, zh-Hant-CN Traditional.
    if (subtags.includes('hant')) return 'zh-TW';
    if (subtags.includes('hans')) return 'zh-CN';
    return subtags.some((s) => TRADITIONAL_CHINESE_REGIONS.has(s)) ? 'zh-TW' : 'zh-CN';
  }
  return Object.hasOwn(BY_PRIMARY_SUBTAG, primary) ? BY_PRIMARY_SUBTAG[primary] : undefined;
}

function qualityOf(params: readonly string[]): number {
  for (const param of params) {
    const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
    if (match) {
      const q = Number(match[1]);
      return Number.isFinite(q) ? Math.min(Math.max(q, 0), 1) : 0;
    }
  }
  return 1;
}

/**
 * The best supported language for an Accept-Language header value such as
 * `zh-TW,zh;q=0.9,en;q=0.8`: entries are tried by falling q (ties keep header order), q=0 entries
 * are refused, and the first one that maps to a supported language wins; otherwise `en`.
 */
export function resolveLanguage(acceptLanguage: string | undefined | null): ErrorLanguage {
  if (!acceptLanguage) return DEFAULT_ERROR_LANGUAGE;
  const ranges = acceptLanguage
    .split(',', MAX_LANGUAGE_RANGES)
    .map((entry, index) => {
      const [tag = '', ...params] = entry.split(';');
      return { tag: tag.trim(), q: qualityOf(params), index };
    })
    .filter((range) => range.tag !== '' && range.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_ERROR_LANGUAGE;
    const language = languageOfTag(tag);
    if (language) return language;
  }
  return DEFAULT_ERROR_LANGUAGE;
}

function textOf(table: Record<string, string> | undefined, key: string): string | undefined {
  return table && Object.hasOwn(table, key) ? table[key] : undefined;
}

/**
 * The text of error `code` in `language`, falling back to English when that language has no text
 * for the code, with `{{name}}` variables filled from `params`; undefined for an unknown code.
 */
export function translateError(
  code: number | string,
  language: ErrorLanguage,
  params?: Record<string, unknown> | null,
): string | undefined {
  const key = i18nKey(code);
  const table = Object.hasOwn(ERROR_TRANSLATIONS, language)
    ? ERROR_TRANSLATIONS[language]
    : undefined;
  const template = textOf(table, key) ?? textOf(errorTranslationsEn, key);
  return template === undefined ? undefined : formatMessage(template, params);
}
export { FLOW_NAMES, flowLabel } from './flow-names.js';
