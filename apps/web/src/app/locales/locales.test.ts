import { describe, expect, it } from 'vitest';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { ja } from './ja';
import { ko } from './ko';
import { zhCn } from './zh-cn';
import { zhTw } from './zh-tw';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of leaves(value, path)) out.set(k, v);
  }
  return out;
}

const english = leaves(en);
const hasWords = (s: string) => /\p{L}/u.test(s.replace(/\{\{\w+\}\}/g, ''));
const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

/** Texts with a count: English's `x_one`/`x_other` pairs, by their base key `x`. */
const pluralBases = [...english.keys()]
  .filter((k) => k.endsWith('_other'))
  .map((k) => k.slice(0, -'_other'.length));

/**
 * The i18next plural keys a language looks up for counts 0 to 200 (Arabic: _zero, _one, _two, _few,
 * _many, _other). A language keeps English's _one/_other and adds the forms English lacks.
 */
function pluralKeys(language: string): string[] {
  const rules = new Intl.PluralRules(language);
  const forms = new Set(Array.from({ length: 201 }, (_, n) => rules.select(n)));
  return pluralBases.flatMap((base) => [...forms].map((form) => `${base}_${form}`));
}

/**
 * Texts of trade., account. and kyc. that may equal the English text because the word is the same in that
 * language: the trade's own loanwords (Maker/Taker, Iceberg, de Spread), a proper name (Heikin Ashi)
 * and words spelt alike (fr Total, Type, Action(s), Page, Documents, Mode, Code; de optional, Code, Dr., Status, Limit). A text made only of
 * placeholders ("{{side}} {{pair}}") has no English in it and needs no entry.
 */
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  fr: [
    'Total',
    'Type',
    'Action',
    'Actions',
    'Page {{page}}',
    'Iceberg',
    'Maker',
    'Taker',
    'Maker/Taker',
    'Heikin Ashi',
    'Documents',
    'Mode',
    'Code',
  ],
  de: [
    'optional',
    'Dr.',
    'Status',
    'Limit',
    'Spread',
    'Maker',
    'Taker',
    'Maker/Taker',
    'Heikin Ashi',
    'Code',
  ],
};

describe.each([
  ['zh-CN', zhCn],
  ['zh-TW', zhTw],
  ['ar', ar],
  ['fr', fr],
  ['de', de],
  ['ja', ja],
  ['ko', ko],
])('%s', (language, messages) => {
  const translated = leaves(messages);

  it('has exactly the keys of English (and the plural forms the language needs)', () => {
    const expected = new Set([...english.keys(), ...pluralKeys(language)]);
    expect([...translated.keys()].sort()).toEqual([...expected].sort());
  });

  it('keeps every {{placeholder}} of the English text', () => {
    for (const [key, text] of english) {
      expect(placeholders(translated.get(key) ?? ''), key).toEqual(placeholders(text));
    }
    // A plural form English lacks (Arabic "two markets" is one word) uses no other placeholder than _other's.
    for (const [key, text] of translated) {
      if (english.has(key)) continue;
      const other = english.get(key.replace(/_\w+$/, '_other')) ?? '';
      expect(placeholders(other), key).toEqual(expect.arrayContaining(placeholders(text)));
    }
  });

  it('translates the trading screen, the account pages, identity verification and the reports (no English left)', () => {
    const same = SAME_AS_ENGLISH[language] ?? [];
    const untranslated = [...translated].filter(
      ([key, text]) =>
        (key.startsWith('trade.') ||
          key.startsWith('account.') ||
          key.startsWith('kyc.') ||
          key.startsWith('report.')) &&
        text === english.get(key) &&
        hasWords(text) &&
        !same.includes(text),
    );
    expect(untranslated).toEqual([]);
  });
});
