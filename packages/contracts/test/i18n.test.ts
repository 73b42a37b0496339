import { describe, expect, it } from 'vitest';
import { errorTranslationsEn } from '../src/errors.js';
import {
  ERROR_LANGUAGES,
  ERROR_TRANSLATIONS,
  type ErrorLanguage,
  resolveLanguage,
  translateError,
} from '../src/i18n/index.js';

const englishKeys = Object.keys(errorTranslationsEn).sort();
const translated = ERROR_LANGUAGES.filter((language) => language !== 'en');

/** Codes whose English text is mostly a brand name and may stay as written (none so far). */
const BRAND_TEXT_KEYS = new Set<string>([]);

function placeholders(text: string): string[] {
  return [...new Set([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1] ?? ''))].sort();
}

describe('error translations', () => {
  it('covers exactly the supported languages', () => {
    expect(Object.keys(ERROR_TRANSLATIONS).sort()).toEqual([...ERROR_LANGUAGES].sort());
    expect(ERROR_TRANSLATIONS.en).toBe(errorTranslationsEn);
  });

  it.each(translated)('%s has exactly the English keys', (language) => {
    const keys = Object.keys(ERROR_TRANSLATIONS[language]).sort();
    expect(
      englishKeys.filter((k) => !keys.includes(k)),
      'missing',
    ).toEqual([]);
    expect(
      keys.filter((k) => !englishKeys.includes(k)),
      'extra',
    ).toEqual([]);
  });

  it.each(translated)('%s keeps the placeholders of every English text', (language) => {
    const table = ERROR_TRANSLATIONS[language];
    for (const key of englishKeys) {
      const text = table[key];
      if (text === undefined) continue; // reported by the key test
      expect(placeholders(text), `${language} ${key}`).toEqual(
        placeholders(errorTranslationsEn[key] ?? ''),
      );
      // no half-written placeholder such as `{{name}` or `{ {name}}`
      const rest = text.replace(/\{\{\w+\}\}/g, '');
      expect(/[{}]/.test(rest), `${language} ${key} stray brace`).toBe(false);
    }
  });

  it.each(translated)('%s has no empty texts and none left in English', (language) => {
    const table = ERROR_TRANSLATIONS[language];
    const identical: string[] = [];
    for (const [key, text] of Object.entries(table)) {
      expect(text.trim(), `${language} ${key}`).not.toBe('');
      if (text === errorTranslationsEn[key] && !BRAND_TEXT_KEYS.has(key))
        identical.push(`${key} = ${JSON.stringify(text)}`);
    }
    // Every leftover on its own line, so whoever added a code sees what to translate.
    expect(identical, `${language}: texts still in English`).toEqual([]);
  });

  it('writes zh-TW in Traditional and zh-CN in Simplified characters', () => {
    // 登录/登入 and 账户/帳戶 differ between the two; a swapped file would fail here.
    expect(ERROR_TRANSLATIONS['zh-CN'].error_401).toContain('登录');
    expect(ERROR_TRANSLATIONS['zh-TW'].error_401).toContain('登入');
    expect(ERROR_TRANSLATIONS['zh-CN'].error_2004).toContain('账户');
    expect(ERROR_TRANSLATIONS['zh-TW'].error_2004).toContain('帳戶');
  });
});

describe('resolveLanguage', () => {
  it.each<[string | null | undefined, ErrorLanguage]>([
    ['zh-TW,zh;q=0.9,en;q=0.8', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-Hant', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh-MO', 'zh-TW'],
    ['zh_TW', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['zh-CN', 'zh-CN'],
    ['zh-SG', 'zh-CN'],
    ['zh-Hans', 'zh-CN'],
    ['zh-Hans-HK', 'zh-CN'],
    ['fr-CA', 'fr'],
    ['AR', 'ar'],
    ['de-DE,de;q=0.9', 'de'],
    ['ja-JP', 'ja'],
    ['ko-KR,ko;q=0.9,en-US;q=0.8,en;q=0.7', 'ko'],
    ['en-GB', 'en'],
    // q order decides, not header order; equal q keeps header order
    ['en;q=0.5,fr;q=0.9', 'fr'],
    ['fr;q=0.8, ja;q=0.8', 'fr'],
    ['zh;q=0.4, zh-TW;q=0.6', 'zh-TW'],
    // unsupported languages are skipped, q=0 means "not this one"
    ['es-ES,es;q=0.9,ja;q=0.8', 'ja'],
    ['fr;q=0,de;q=0.1', 'de'],
    ['pt-BR', 'en'],
    ['*', 'en'],
    ['', 'en'],
    [null, 'en'],
    [undefined, 'en'],
    [' , ;q=1,', 'en'],
  ])('%j -> %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });
});

describe('translateError', () => {
  it('renders a code in the language with its variables filled', () => {
    expect(translateError(1008, 'zh-CN', { retryAfterSeconds: 30 })).toBe(
      '请求过于频繁，请在 30 秒后重试。',
    );
    expect(translateError('3011', 'fr', { min: 1, max: 5 })).toBe('Plage autorisée : de 1 à 5.');
    expect(translateError(3001, 'en')).toBe('Insufficient balance.');
    expect(translateError(7006, 'de', null)).toBe('Prüfung abgelehnt: {{reason}}');
  });

  it('leaves a variable without a value visible', () => {
    expect(translateError(3011, 'ja', { min: 1 })).toBe('1～{{max}} の範囲で入力してください。');
  });

  it('falls back to English for a code the language has no text for', () => {
    errorTranslationsEn.error_99999 = 'Only in English: {{what}}.';
    try {
      expect(translateError(99999, 'ko', { what: 'x' })).toBe('Only in English: x.');
    } finally {
      delete errorTranslationsEn.error_99999;
    }
  });

  it('falls back to English for a language without a table', () => {
    expect(translateError(3001, 'xx' as ErrorLanguage)).toBe('Insufficient balance.');
  });

  it('returns undefined for an unknown code', () => {
    expect(translateError(99998, 'zh-TW')).toBeUndefined();
  });
});
