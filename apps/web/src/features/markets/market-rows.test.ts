import { describe, expect, it } from 'vitest';
import { buildMarketRows, filterMarketRows } from './market-rows';
import { assets, symbols } from './test-fixtures';

describe('market rows', () => {
  const rows = buildMarketRows(symbols, assets, 0);

  it('joins symbols with their assets and keeps only those offered in the mode', () => {
    expect(rows.map((r) => r.code)).toEqual(['BTC_USDT', 'ETH_USDT', 'GOLD_USD', 'USD_HKD']);
    expect(rows[2]).toMatchObject({ baseName: 'Tokenised Gold', category: 'RWA', halted: true });
    expect(rows[3]).toMatchObject({ category: 'FIAT', counterName: 'Hong Kong Dollar' });
    expect(buildMarketRows(symbols, assets, 1).map((r) => r.code)).toEqual([
      'BTC_USDT',
      'DEMO_USDT',
    ]);
  });

  it('filters by code, pair or name, ignoring case and separators', () => {
    const codes = (q: string) => filterMarketRows(rows, q).map((r) => r.code);
    expect(codes('')).toHaveLength(4);
    expect(codes('  ')).toHaveLength(4);
    expect(codes('btc/usdt')).toEqual(['BTC_USDT']);
    expect(codes('eth_')).toEqual(['ETH_USDT']);
    expect(codes('GOLD')).toEqual(['GOLD_USD']);
    expect(codes('ether')).toEqual(['ETH_USDT']);
    expect(codes('usdt')).toEqual(['BTC_USDT', 'ETH_USDT']);
    expect(codes('dollar')).toEqual(['USD_HKD']);
    expect(codes('nothing like it')).toEqual([]);
  });
});
