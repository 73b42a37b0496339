import type { Asset, TradingSymbol } from '@exchange/contracts';

/** Catalogue data for tests: a few assets of each kind and symbols in every status. */
const coinInfo = {
  overview: null,
  publishTime: null,
  publishPrice: null,
  totalSupply: null,
  circulatingSupply: null,
  maxSupply: null,
  links: [],
};

function makeAsset(code: string, name: string, kind: 'CRYPTO' | 'RWA' | 'FIAT'): Asset {
  const fiat = kind === 'FIAT';
  return {
    code,
    name,
    decimals: fiat ? 2 : 8,
    type: fiat ? 'FIAT' : 'COIN',
    category: fiat ? null : kind,
    sign: fiat ? '$' : null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: code === 'USD',
    isCommonFiat: fiat,
    marketCap: null,
    coinInfo: fiat ? null : coinInfo,
  };
}

function makeSymbol(
  base: string,
  counter: string,
  tickSize: string,
  extra: Partial<Pick<TradingSymbol, 'status' | 'tags'>> = {},
): TradingSymbol {
  const code = `${base}_${counter}`;
  return {
    code,
    symbol: code,
    status: 'ACTIVE',
    tags: ['real'],
    baseAssetCode: base,
    counterAssetCode: counter,
    baseAsset: base,
    counterAsset: counter,
    baseDecimals: 8,
    counterDecimals: 2,
    tickSize,
    stepSize: '0.0001',
    minQty: '0.0001',
    minNotional: '10',
    maxQty: '1000',
    maxNotional: '1000000',
    ...extra,
  };
}

export const assets: Asset[] = [
  makeAsset('BTC', 'Bitcoin', 'CRYPTO'),
  makeAsset('ETH', 'Ethereum', 'CRYPTO'),
  makeAsset('USDT', 'Tether USD', 'CRYPTO'),
  makeAsset('DEMO', 'Demo Coin', 'CRYPTO'),
  makeAsset('GOLD', 'Tokenised Gold', 'RWA'),
  makeAsset('USD', 'US Dollar', 'FIAT'),
  makeAsset('HKD', 'Hong Kong Dollar', 'FIAT'),
];

export const symbols: TradingSymbol[] = [
  makeSymbol('BTC', 'USDT', '0.01', { tags: ['real', 'simulated'] }),
  makeSymbol('ETH', 'USDT', '0.01'),
  makeSymbol('GOLD', 'USD', '0.001', { status: 'HALTED' }),
  makeSymbol('USD', 'HKD', '0.0001'),
  makeSymbol('DEMO', 'USDT', '0.1', { tags: ['simulated'] }),
  makeSymbol('OLD', 'USDT', '0.1', { status: 'INACTIVE' }),
];
