import { isSymbolAvailable, type TradingSymbol } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import { mergeAvailable } from './catalogue';

const symbol = (code: string, extra: Partial<TradingSymbol> = {}): TradingSymbol => ({
  code,
  symbol: code,
  status: 'ACTIVE',
  tags: ['real', 'simulated'],
  baseAssetCode: code.split('_')[0] ?? '',
  counterAssetCode: code.split('_')[1] ?? '',
  baseAsset: code.split('_')[0] ?? '',
  counterAsset: code.split('_')[1] ?? '',
  baseDecimals: 5,
  counterDecimals: 2,
  tickSize: '0.01',
  stepSize: '0.00001',
  minQty: '0.00001',
  minNotional: '5',
  maxQty: '1000',
  maxNotional: '1000000',
  maintenance: null,
  ...extra,
});

describe('catalogue pushes (updateSymbolItem) merged into the query data', () => {
  const list = [symbol('BTC_USDT'), symbol('ETH_USDT')];
  const merge = (update: TradingSymbol, mode: 0 | 1 | 2 = 0) =>
    mergeAvailable(list, update, isSymbolAvailable(update, mode));

  it('replaces an available item by code and keeps the others as they were', () => {
    const update = symbol('BTC_USDT', { maintenance: { message: 'Upgrade', since: 'x' } });
    const next = merge(update);
    expect(next?.[0]?.maintenance?.message).toBe('Upgrade');
    expect(next?.[1]).toBe(list[1]);
  });

  it('appends a newly available item and drops one no longer available in the mode', () => {
    expect(merge(symbol('SOL_USDT'))?.map((s) => s.code)).toEqual([
      'BTC_USDT',
      'ETH_USDT',
      'SOL_USDT',
    ]);
    expect(merge(symbol('ETH_USDT', { status: 'INACTIVE' }))?.map((s) => s.code)).toEqual([
      'BTC_USDT',
    ]);
    expect(merge(symbol('ETH_USDT', { tags: ['real'] }), 1)?.map((s) => s.code)).toEqual([
      'BTC_USDT',
    ]);
    // A halted market stays listed (only INACTIVE is excluded).
    expect(merge(symbol('ETH_USDT', { status: 'HALTED' }))).toHaveLength(2);
  });

  it('leaves a query that has not loaded alone', () => {
    expect(mergeAvailable(undefined, symbol('BTC_USDT'), true)).toBeUndefined();
  });
});
