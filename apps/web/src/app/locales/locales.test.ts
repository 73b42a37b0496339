import { describe, it } from 'vitest';
import { ar } from './ar';
import { de } from './de';
import { en } from './en';
import { fr } from './fr';
import { ja } from './ja';
import { ko } from './ko';
import { zhCn } from './zh-cn';
import { zhTw } from './zh-tw';

/**
 * Every language complete: each language has exactly English's keys (plus the plural forms it
 * needs), the same {{placeholders}}, and no text left in English. A failure lists every offending
 * key with its English text, so whoever added a text can see at once what to translate and where.
 */

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
const placeholders = (s: string) =>
  [...s.matchAll(/\{\{\s*(\w+)[^}]*\}\}/g)].map((m) => m[1]).sort();

/**
 * Whether a text has words a reader would need translated: not only placeholders, numbers,
 * symbols, e-mail addresses, URLs or codes in capitals (BTC_USDT, KYC, USD).
 */
function hasWords(text: string): boolean {
  const rest = text
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .replace(/\S+@\S+\.\S+/g, ' ')
    .replace(/\bhttps?:\/\/\S+/g, ' ')
    .replace(/\b[\p{Lu}\d_/-]{2,}\b/gu, ' ');
  return /\p{L}/u.test(rest);
}

/**
 * Texts that may stay as in English. Everywhere: the brand, a proper name and a product name.
 * In French and German: words spelt the same in that language (checked against how exchanges
 * in those languages write them), and the trade's loanwords (Maker/Taker, Spread, Wallet).
 * Anything else identical to English is a leftover.
 */
const SAME_EVERYWHERE = ['Exchange', 'UID', 'Google Authenticator', 'Heikin Ashi', 'e-KYC'];
const SAME_AS_ENGLISH: Record<string, readonly string[]> = {
  fr: [
    ...['Total', 'Type', 'Action', 'Actions', 'Page {{page}}', 'Documents', 'Stable', 'Mode'],
    ...['Code', 'Menu', 'Mobile', 'Crypto', 'Fiat', 'E-mail', 'Institution', 'Notifications'],
    ...['Conditions', 'Note', 'Iceberg', 'Maker', 'Taker', 'Maker/Taker', 'Date', 'Volume'],
  ],
  de: [
    ...['optional', 'Dr.', 'Status', 'Limit', 'Name', 'Code', 'Fiat', 'Institution', 'Demo'],
    ...['Support', 'Community', 'Wallet', 'Whitelist', 'Spread', 'Maker', 'Taker', 'Maker/Taker'],
    ...['Bank'],
  ],
};

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

/** Fails with one line per problem: `key = "English text"` plus what is wrong. */
function expectNone(language: string, what: string, lines: string[]): void {
  if (lines.length === 0) return;
  const file = `apps/web/src/app/locales/*-${language.toLowerCase()}.ts`;
  throw new Error(
    `${language}: ${lines.length} ${what} (fix in ${file}):\n${lines.map((l) => `  ${l}`).join('\n')}`,
  );
}

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
  const expected = new Set([...english.keys(), ...pluralKeys(language)]);

  it('has every key of English', () => {
    const missing = [...expected].filter((key) => !translated.has(key));
    expectNone(
      language,
      'keys missing',
      missing.map((key) => `${key} = ${JSON.stringify(english.get(key) ?? '(plural form)')}`),
    );
  });

  it('has no key English lacks (other than the plural forms the language needs)', () => {
    const extra = [...translated.keys()].filter((key) => !expected.has(key));
    expectNone(language, 'keys not in English (renamed or removed there?)', extra);
  });

  it('keeps every {{placeholder}} of the English text', () => {
    const wrong: string[] = [];
    for (const [key, text] of english) {
      const mine = translated.get(key);
      if (mine === undefined) continue;
      const want = placeholders(text).join(',');
      const got = placeholders(mine).join(',');
      if (want !== got) wrong.push(`${key}: English has {{${want}}}, this has {{${got}}}`);
    }
    // A plural form English lacks (Arabic "two markets" is one word) uses no other placeholder than _other's.
    for (const [key, text] of translated) {
      if (english.has(key)) continue;
      const other = placeholders(english.get(key.replace(/_\w+$/, '_other')) ?? '');
      const stray = placeholders(text).filter((p) => !other.includes(p));
      if (stray.length > 0) wrong.push(`${key}: {{${stray.join(',')}}} is not in the English text`);
    }
    expectNone(language, 'texts with other placeholders than English', wrong);
  });

  it('leaves no text in English', () => {
    const allowed = new Set([...SAME_EVERYWHERE, ...(SAME_AS_ENGLISH[language] ?? [])]);
    const untranslated = [...translated]
      .filter(([key, text]) => text === english.get(key) && hasWords(text) && !allowed.has(text))
      .map(([key, text]) => `${key} = ${JSON.stringify(text)}`);
    expectNone(language, 'texts still in English', untranslated);
  });
});
