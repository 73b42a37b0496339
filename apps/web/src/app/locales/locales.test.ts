import { describe, expect, it } from 'vitest';
import { en } from './en';
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

describe.each([
  ['zh-CN', zhCn],
  ['zh-TW', zhTw],
])('%s', (_, messages) => {
  const translated = leaves(messages);

  it('has exactly the keys of English', () => {
    expect([...translated.keys()].sort()).toEqual([...english.keys()].sort());
  });

  it('keeps every {{placeholder}} of the English text', () => {
    for (const [key, text] of english) {
      const names = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(names(translated.get(key) ?? ''), key).toEqual(names(text));
    }
  });

  it('translates the trading screen and the account pages (no English left)', () => {
    const untranslated = [...translated].filter(([key, text]) => (key.startsWith('trade.') || key.startsWith('account.')) && text === english.get(key));
    expect(untranslated).toEqual([]);
  });
});
