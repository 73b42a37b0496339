import { describe, expect, it } from 'vitest';
import {
  abbreviateNumber,
  formatAmount,
  formatCurrency,
  formatNumber,
  formatPercent,
  isInDateRange,
  startOfWeek,
  weekdayOrder,
} from './format';

const usd = { code: 'USD', type: 'FIAT', sign: '$', decimals: 2 } as const;
const btc = { code: 'BTC', type: 'COIN', sign: null, decimals: 8 } as const;

describe('formatNumber', () => {
  it('rounds down by default and groups thousands by three', () => {
    expect(formatNumber('1234567.899', { decimals: 2 })).toBe('1,234,567.89');
    expect(formatNumber(-1234.5678, { decimals: 2 })).toBe('-1,234.56');
    expect(formatNumber('0.1999', { decimals: 2 })).toBe('0.19');
    expect(formatNumber('5', { decimals: 3 })).toBe('5.000');
  });

  it('rounds up or half when asked, carrying into the integer part', () => {
    expect(formatNumber('1.001', { decimals: 2, rounding: 'up' })).toBe('1.01');
    expect(formatNumber('9.999', { decimals: 2, rounding: 'half' })).toBe('10.00');
    expect(formatNumber('0.125', { decimals: 2, rounding: 'half' })).toBe('0.13');
  });

  it('works on digits, so float artefacts never show', () => {
    expect(formatNumber(0.1 + 0.2, { decimals: 2 })).toBe('0.30');
    expect(formatNumber(1e-7, { decimals: 8 })).toBe('0.00000010');
    expect(formatNumber(1e21)).toBe('1,000,000,000,000,000,000,000');
  });

  it("shows '-' for a missing or unreadable value", () => {
    expect(formatNumber(null)).toBe('-');
    expect(formatNumber(undefined)).toBe('-');
    expect(formatNumber('')).toBe('-');
    expect(formatNumber('abc')).toBe('-');
    expect(formatNumber(Number.NaN)).toBe('-');
  });

  it('never prints a negative zero', () => {
    expect(formatNumber('-0.001', { decimals: 2 })).toBe('0.00');
  });
});

describe('abbreviateNumber', () => {
  it('uses K, M, B and T and rounds down', () => {
    expect(abbreviateNumber('999')).toBe('999.00');
    expect(abbreviateNumber('1500')).toBe('1.5K');
    expect(abbreviateNumber('1234567')).toBe('1.23M');
    expect(abbreviateNumber('1999999999')).toBe('1.99B');
    expect(abbreviateNumber('7250000000000')).toBe('7.25T');
    expect(abbreviateNumber('7250000000000000')).toBe('7,250T');
    expect(abbreviateNumber(null)).toBe('-');
  });
});

describe('formatAmount', () => {
  it("puts the fiat sign in front and the asset code after, in the asset's decimals", () => {
    expect(formatAmount('1234.567', usd)).toBe('$1,234.56');
    expect(formatAmount('-5', usd)).toBe('-$5.00');
    expect(formatAmount('0.123456789', btc)).toBe('0.12345678 BTC');
  });

  it("shows '-' without an asset or a value", () => {
    expect(formatAmount('1', undefined)).toBe('-');
    expect(formatAmount(null, btc)).toBe('-');
  });
});

describe('formatCurrency and formatPercent', () => {
  it('uses the currency format of the locale, id by default', () => {
    expect(formatCurrency('1234.5', 'en')).toBe('$1,234.50');
    expect(formatCurrency('1234.5', 'zh-CN')).toBe('¥1,234.50');
    expect(formatCurrency('1234.5', 'id')).toBe('Rp1,234.50');
    expect(formatCurrency('1234.5')).toBe('Rp1,234.50');
    expect(formatCurrency('1234.5', 'fr')).toBe('Rp1,234.50');
  });

  it('signs percentages', () => {
    expect(formatPercent('1.234')).toBe('+1.23%');
    expect(formatPercent('-0.4')).toBe('-0.40%');
    expect(formatPercent(null)).toBe('-');
  });
});

describe('dates', () => {
  it('starts weeks on Monday', () => {
    expect(weekdayOrder()).toEqual([1, 2, 3, 4, 5, 6, 0]);
    const sunday = new Date(2026, 10, 22, 15, 0);
    expect(startOfWeek(sunday)).toEqual(new Date(2026, 10, 16));
    expect(startOfWeek(new Date(2026, 10, 16, 9))).toEqual(new Date(2026, 10, 16));
  });

  it('accepts dates from 1900-01-01 to 2099-12-31 only', () => {
    expect(isInDateRange('1900-01-01')).toBe(true);
    expect(isInDateRange('2099-12-31')).toBe(true);
    expect(isInDateRange('1899-12-31')).toBe(false);
    expect(isInDateRange('2100-01-01')).toBe(false);
    expect(isInDateRange('2026-13')).toBe(false);
  });
});
