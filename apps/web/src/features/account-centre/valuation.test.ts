import { describe, expect, it } from 'vitest';
import type { ExchangeRates } from '@exchange/contracts';
import { usdtInMainFiat } from './valuation';

const feed = (rates: Record<string, string>): ExchangeRates => ({
  ts: 1,
  quote: 'HKD',
  units: 100,
  rates: { HKD: '100', ...rates },
});

describe('usdtInMainFiat', () => {
  it('converts through the USDT and main-fiat rates (HKD per 100 units)', () => {
    const rates = feed({ USD: '780', USDT: '779.22', EUR: '850' });
    const usd = usdtInMainFiat(1000, 'USD', rates);
    expect(usd?.fiat).toBe('USD');
    expect(usd?.usdtAtParity).toBe(false);
    expect(usd?.value).toBeCloseTo(999, 6);
    expect(usdtInMainFiat(1000, 'EUR', rates)?.value).toBeCloseTo(916.729411, 5);
    // HKD is the feed's own quote currency.
    expect(usdtInMainFiat(10, 'HKD', rates)?.value).toBeCloseTo(77.922, 6);
  });

  it('takes USDT at USD parity, and says so, when the feed has no USDT rate', () => {
    const rates = feed({ USD: '780', EUR: '850' });
    expect(usdtInMainFiat(250, 'USD', rates)).toEqual({
      value: 250,
      fiat: 'USD',
      usdtAtParity: true,
    });
    const eur = usdtInMainFiat(850, 'EUR', rates);
    expect(eur?.usdtAtParity).toBe(true);
    expect(eur?.value).toBeCloseTo(780, 6);
    // A zero or unreadable USDT rate counts as none.
    expect(usdtInMainFiat(1, 'USD', feed({ USD: '780', USDT: '0' }))?.usdtAtParity).toBe(true);
  });

  it('gives nothing without a main fiat, rates, or a rate for the main fiat', () => {
    const rates = feed({ USD: '780', USDT: '780' });
    expect(usdtInMainFiat(1, null, rates)).toBeNull();
    expect(usdtInMainFiat(1, 'USD', undefined)).toBeNull();
    expect(usdtInMainFiat(1, 'JPY', rates)).toBeNull();
    // Parity needs USD's rate when the main fiat is another currency.
    expect(usdtInMainFiat(1, 'EUR', feed({ EUR: '850' }))).toBeNull();
  });

  it('is zero for an empty account', () => {
    expect(usdtInMainFiat(0, 'USD', feed({ USD: '780', USDT: '780' }))?.value).toBe(0);
  });
});
