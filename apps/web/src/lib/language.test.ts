import { describe, expect, it } from 'vitest';
import { detectLanguage, isRtl, supportedLanguage, withoutLangParam } from './language';

const detect = (search: string, stored: string | null, browser: string[]) =>
  detectLanguage({ search, stored, browser });

describe('detectLanguage', () => {
  it('takes the lang query parameter first', () => {
    expect(detect('?lang=zh-TW', 'fr', ['en-US'])).toBe('zh-TW');
    expect(detect('?lang=zh-cn', null, [])).toBe('zh-CN');
  });

  it('then the stored language', () => {
    expect(detect('', 'ja', ['zh-CN'])).toBe('ja');
    expect(detect('?lang=xx', 'ko', ['en'])).toBe('ko');
  });

  it('then the browser language by its prefix (zh, id, en, lt)', () => {
    expect(detect('', null, ['zh-HK', 'en'])).toBe('zh-TW');
    expect(detect('', null, ['zh-Hant-CN'])).toBe('zh-TW');
    expect(detect('', null, ['zh'])).toBe('zh-CN');
    expect(detect('', 'garbage', ['en-GB'])).toBe('en');
    // fr is offered but not a detection prefix; id is detected but not offered: both give en.
    expect(detect('', null, ['fr-FR', 'zh-CN'])).toBe('zh-CN');
    expect(detect('', null, ['id-ID'])).toBe('en');
  });

  it('defaults to English', () => {
    expect(detect('', null, [])).toBe('en');
    expect(detect('', null, ['fr-FR'])).toBe('en');
  });
});

describe('language helpers', () => {
  it('knows the supported codes, right-to-left Arabic and drops lang from an address', () => {
    expect(supportedLanguage('AR')).toBe('ar');
    expect(supportedLanguage('es')).toBeNull();
    expect(isRtl('ar')).toBe(true);
    expect(isRtl('en')).toBe(false);
    expect(withoutLangParam('https://x.test/market?lang=fr&q=1#top')).toBe('/market?q=1#top');
  });
});
