import {
  DEFAULT_ERROR_LANGUAGE,
  ERROR_LANGUAGES,
  LANGUAGES,
  LANGUAGE_DETECTION_PREFIXES,
  STORAGE_KEYS,
  type ErrorLanguage,
} from '@exchange/contracts';
import { readStorage, writeStorage } from './storage';

/** The interface languages: the same eight the error catalogue is translated into. */
export type LanguageCode = ErrorLanguage;
const CODES: readonly LanguageCode[] = ERROR_LANGUAGES;
const DEFAULT_LANGUAGE: LanguageCode = DEFAULT_ERROR_LANGUAGE;

/** "zh-cn" -> "zh-CN": query values and stored values match case-insensitively. */
export function supportedLanguage(value: string | null | undefined): LanguageCode | null {
  if (!value) return null;
  const lower = value.trim().toLowerCase();
  return CODES.find((c) => c.toLowerCase() === lower) ?? null;
}

/** A browser tag by its prefix; only the prefixes of spec section 9 are detected. */
function browserLanguage(tag: string): LanguageCode | null {
  const [prefix = '', ...rest] = tag.toLowerCase().split(/[-_]/);
  if (!(LANGUAGE_DETECTION_PREFIXES as readonly string[]).includes(prefix)) return null;
  if (prefix === 'zh') {
    const traditional =
      rest.some((s) => ['hant', 'tw', 'hk', 'mo'].includes(s)) && !rest.includes('hans');
    return traditional ? 'zh-TW' : 'zh-CN';
  }
  // id and lt are detected but not offered: they take the default.
  return prefix === 'en' ? 'en' : DEFAULT_LANGUAGE;
}

/**
 * Detection order of spec section 9 (path detection is not enabled): the `lang` query parameter,
 * the stored language, the browser's languages by prefix, then English.
 */
export function detectLanguage(input: {
  search: string;
  stored: string | null;
  browser: readonly string[];
}): LanguageCode {
  const fromQuery = supportedLanguage(new URLSearchParams(input.search).get('lang'));
  if (fromQuery) return fromQuery;
  const fromStorage = supportedLanguage(input.stored);
  if (fromStorage) return fromStorage;
  for (const tag of input.browser) {
    const found = browserLanguage(tag);
    if (found) return found;
  }
  return DEFAULT_LANGUAGE;
}

export function detectBrowserLanguage(): LanguageCode {
  const nav = typeof navigator === 'undefined' ? undefined : navigator;
  return detectLanguage({
    search: typeof location === 'undefined' ? '' : location.search,
    stored: readStorage(STORAGE_KEYS.language),
    browser: nav ? (nav.languages?.length ? nav.languages : [nav.language]) : [],
  });
}

export function storeLanguage(language: LanguageCode): void {
  writeStorage(STORAGE_KEYS.language, language);
}

/** The address without its `lang` parameter, for history.replaceState before the reload. */
export function withoutLangParam(href: string): string {
  const url = new URL(href);
  url.searchParams.delete('lang');
  return `${url.pathname}${url.search}${url.hash}`;
}

export function isRtl(language: string): boolean {
  return LANGUAGES.some((l) => l.value === language && l.rtl === true);
}
