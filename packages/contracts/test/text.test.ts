import { describe, expect, it } from 'vitest';
import { isDecimalText } from '../src/decimal.js';
import { runtimeModeArg, text, trimmedText } from '../src/index.js';

describe('request strings', () => {
  it('refuses every control character and keeps everything else as sent', () => {
    for (const c of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u009f'])
      expect(text().safeParse(`a${c}b`).success, JSON.stringify(c)).toBe(false);
    for (const ok of ['', ' spaced ', 'Prix — 50 € ✓ 价格', '\u00a0nbsp', 'emoji 🚀'])
      expect(text().parse(ok)).toBe(ok);
  });

  it('refuses blank names and names with spaces around them instead of trimming', () => {
    expect(trimmedText().safeParse('').success).toBe(false);
    expect(trimmedText().safeParse(' page').success).toBe(false);
    expect(trimmedText().safeParse('page ').success).toBe(false);
    expect(trimmedText().parse('page view')).toBe('page view');
  });

  it('reads a decimal only as written: no spaces around it', () => {
    for (const ok of ['1', '0.0004', '.5', '1.', '-2']) expect(isDecimalText(ok), ok).toBe(true);
    for (const bad of [' 0.0004 ', '0.0004 ', '\t1', '', '.', '-', '1e3', '1,5'])
      expect(isDecimalText(bad), JSON.stringify(bad)).toBe(false);
  });

  it('takes a socket runtime mode only as 0, 1 or 2', () => {
    expect([0, 1, 2, '0', '1', '2'].map((m) => runtimeModeArg.parse(m))).toEqual([
      0, 1, 2, 0, 1, 2,
    ]);
    for (const bad of [7, -1, 'abc', null, '', ' 1', 1.5, true, undefined])
      expect(runtimeModeArg.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
  });
});
