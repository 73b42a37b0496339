import { describe, expect, it } from 'vitest';
import { CANCELLATION_DUST, cancellationNoteOk, cancellationRequest } from '../src/cancellation.js';
import { errorByCode, ErrorCode } from '../src/errors.js';
import {
  addHkBusinessDays,
  hkDate,
  hkInstant,
  HK_HOLIDAYS,
  isHkBusinessDate,
} from '../src/hk-calendar.js';
import { ERROR_TRANSLATIONS } from '../src/i18n/index.js';

const CANCELLATION_ERRORS = [
  'CANCELLATION_OPEN_ORDERS',
  'CANCELLATION_PENDING_MONEY',
  'CANCELLATION_BALANCE_ABOVE_DUST',
  'CANCELLATION_UNDER_REVIEW',
  'CANCELLATION_NOT_UNDER_REVIEW',
  'CANCELLATION_NOTE_REQUIRED',
  'ACCOUNT_CANCELLED',
  'CANCELLATION_BLOCKS_ACTION',
] as const;

describe('account cancellation error codes', () => {
  it('stay in 2100-2149 and have a text in every language with the same variables', () => {
    for (const name of CANCELLATION_ERRORS) {
      const e = ErrorCode[name];
      expect(e.code, name).toBeGreaterThanOrEqual(2100);
      expect(e.code, name).toBeLessThanOrEqual(2149);
      expect(errorByCode(e.code)?.name).toBe(name);
      const vars = [...e.message.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      for (const [lang, table] of Object.entries(ERROR_TRANSLATIONS)) {
        const text = table[`error_${e.code}`] ?? '';
        expect(text, `${lang} error_${e.code}`).toBeTruthy();
        expect([...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort(), lang).toEqual(vars);
      }
    }
  });

  it('are the only codes of the range', () => {
    const inRange = Object.entries(ErrorCode).filter(([, e]) => e.code >= 2100 && e.code <= 2149);
    expect(inRange.map(([n]) => n).sort()).toEqual([...CANCELLATION_ERRORS].sort());
  });
});

describe('the cancellation request', () => {
  it('needs a 2-100 character note for OTHER only', () => {
    expect(cancellationNoteOk('OTHER', undefined)).toBe(false);
    expect(cancellationNoteOk('OTHER', '  a ')).toBe(false);
    expect(cancellationNoteOk('OTHER', 'ok')).toBe(true);
    expect(cancellationNoteOk('OTHER', 'x'.repeat(101))).toBe(false);
    expect(cancellationNoteOk('FEES', undefined)).toBe(true);
  });

  it('takes at most two proof files and refuses unknown fields and control characters', () => {
    const base = { reason: 'FEES', googleCode: '123456', emailCode: '123456' };
    expect(cancellationRequest.parse(base).proofFileIds).toEqual([]);
    const id = '7d0b3c1e-4a55-4e39-9f0c-3a4f2b8f9a10';
    expect(cancellationRequest.safeParse({ ...base, proofFileIds: [id, id, id] }).success).toBe(
      false,
    );
    expect(cancellationRequest.safeParse({ ...base, extra: 1 }).success).toBe(false);
    expect(
      cancellationRequest.safeParse({ ...base, reason: 'OTHER', note: 'a\u0000b' }).success,
    ).toBe(false);
  });

  it('has a positive dust threshold for every listed asset', () => {
    for (const [asset, dust] of Object.entries(CANCELLATION_DUST))
      expect(Number(dust), asset).toBeGreaterThan(0);
  });
});

describe('the Hong Kong calendar', () => {
  it('knows weekends and general holidays', () => {
    expect(isHkBusinessDate('2026-10-01')).toBe(false); // National Day, a Thursday
    expect(isHkBusinessDate('2026-10-03')).toBe(false); // Saturday
    expect(isHkBusinessDate('2026-10-02')).toBe(true);
    for (const day of HK_HOLIDAYS) expect(isHkBusinessDate(day), day).toBe(false);
  });

  it('counts business days from the next local day, in Hong Kong time', () => {
    // Thursday 2026-12-24 evening in Hong Kong: Christmas (Fri 25), Sat 26 (holiday), Sun 27.
    expect(addHkBusinessDays(hkInstant('2026-12-24', 20), 1)).toBe('2026-12-28');
    // 16:30 UTC is 00:30 the next day in Hong Kong.
    expect(hkDate(Date.UTC(2026, 11, 23, 16, 30))).toBe('2026-12-24');
    expect(hkInstant('2026-12-24', 10).toISOString()).toBe('2026-12-24T02:00:00.000Z');
  });
});
