import type { EngineSymbolSpec } from '@exchange/contracts';

/** Symbols a shard serves when ENGINE_SYMBOLS is not set: the simulated market's pairs. */
export const DEFAULT_SYMBOLS: EngineSymbolSpec[] = [
  { symbol: 'BTC-HKD', tickSize: '0.01', stepSize: '0.00001', minQty: 1, minNotional: 1 },
  { symbol: 'ETH-HKD', tickSize: '0.01', stepSize: '0.0001', minQty: 1, minNotional: 1 },
  { symbol: 'GOLD-HKD', tickSize: '0.01', stepSize: '0.001', minQty: 1, minNotional: 1 },
  { symbol: 'USDT-HKD', tickSize: '0.0001', stepSize: '0.01', minQty: 1, minNotional: 1 },
];
