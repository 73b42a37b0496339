import { describe, expect, it } from 'vitest';
import {
  ERROR_LANGUAGES,
  ErrorCode,
  FEE_FLOW_TYPES,
  FLOW_NAMES,
  FlowType,
  dayOf,
  errorsZhCn,
  flowLabel,
  flowTypeName,
  monthOf,
  monthRange,
  statementMonths,
  translateError,
  type FlowTypeName,
} from '../src/index.js';

const SPEC_CODES = [
  ...Array.from({ length: 10 }, (_, i) => 916001 + i),
  ...Array.from({ length: 4 }, (_, i) => 917001 + i),
  ...Array.from({ length: 9 }, (_, i) => 921001 + i),
];

describe('flow names', () => {
  it('names every flow type in every language, each name its own (no English left in another language)', () => {
    const names = Object.keys(FlowType) as FlowTypeName[];
    for (const language of ERROR_LANGUAGES) {
      expect(Object.keys(FLOW_NAMES[language]).sort(), language).toEqual([...names].sort());
      for (const name of names) {
        const text = FLOW_NAMES[language][name];
        expect(text.trim().length, `${language} ${name}`).toBeGreaterThan(1);
        if (language !== 'en')
          expect(text, `${language} ${name} is still English`).not.toBe(FLOW_NAMES.en[name]);
      }
    }
  });

  it('covers every code the spec lists (916001-916010, 917001-917004, 921001-921009)', () => {
    for (const code of SPEC_CODES) {
      expect(flowTypeName(code), String(code)).toBeDefined();
      for (const language of ERROR_LANGUAGES)
        expect(flowLabel(code, language)).not.toBe(String(code));
    }
    expect(flowLabel(916003, 'zh-CN')).toBe(FLOW_NAMES['zh-CN'].OPTION_ORDER);
    // A code no version knew stays visible as its number rather than vanishing.
    expect(flowLabel(999999, 'en')).toBe('999999');
  });

  it('counts as fees only flows that are fees', () => {
    for (const code of FEE_FLOW_TYPES) expect(flowTypeName(code)).toMatch(/FEE/);
  });
});

describe('Hong Kong months and days', () => {
  it('starts a month at 00:00 in Hong Kong, 16:00 UTC the day before', () => {
    expect(monthRange('2026-03')).toEqual({
      from: new Date('2026-02-28T16:00:00.000Z'),
      to: new Date('2026-03-31T16:00:00.000Z'),
    });
    expect(monthRange('2026-12').to).toEqual(new Date('2026-12-31T16:00:00.000Z'));
    expect(monthOf(new Date('2026-02-28T15:59:59.999Z'))).toBe('2026-02');
    expect(monthOf(new Date('2026-02-28T16:00:00.000Z'))).toBe('2026-03');
    expect(dayOf(new Date('2026-03-01T16:00:00.000Z'))).toBe('2026-03-02');
  });

  it('offers the current month and the 6 before it', () => {
    expect(statementMonths(new Date('2026-01-31T17:00:00Z'))).toEqual([
      '2026-02',
      '2026-01',
      '2025-12',
      '2025-11',
      '2025-10',
      '2025-09',
      '2025-08',
    ]);
  });
});

describe('report errors', () => {
  it('uses 1150-1199 with a text in every language', () => {
    for (const name of [
      'STATEMENT_MONTH_UNAVAILABLE',
      'REPORT_RANGE_INVALID',
      'REPORT_HISTORY_WINDOW',
    ] as const) {
      const { code } = ErrorCode[name];
      expect(code).toBeGreaterThanOrEqual(1150);
      expect(code).toBeLessThanOrEqual(1199);
      for (const language of ERROR_LANGUAGES) {
        const text = translateError(code, language, { earliest: 'E', latest: 'L' });
        expect(text, `${language} ${code}`).toBeDefined();
        if (language !== 'en')
          expect(text).not.toBe(translateError(code, 'en', { earliest: 'E', latest: 'L' }));
      }
    }
    expect(errorsZhCn.error_1152).toContain('{{earliest}}');
  });
});
