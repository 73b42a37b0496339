import { dec, marketCapOf, mul, toText } from '@exchange/contracts/decimal';
import type { Asset, TradingSymbol } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { tickers } from './market-queries.js';

/**
 * The last traded price of `asset` in `fiat` in a mode: from its own `ASSET_FIAT` book, else
 * through one bridge (`ASSET_X` times `X_FIAT`, e.g. ETH_USDT x USDT_USD); null when neither has
 * traded.
 */
export async function lastPriceIn(opts: {
  db: Db;
  mode: number;
  asset: string;
  fiat: string;
  symbols: readonly TradingSymbol[];
  now: Date;
}): Promise<string | null> {
  const { asset, fiat, symbols } = opts;
  const offered = new Set(symbols.map((s) => s.code));
  const direct = `${asset}_${fiat}`;
  const bridges = symbols
    .filter((s) => s.baseAssetCode === asset && offered.has(`${s.counterAssetCode}_${fiat}`))
    .map((s) => s.counterAssetCode);
  const wanted = [
    ...(offered.has(direct) ? [direct] : []),
    ...bridges.flatMap((x) => [`${asset}_${x}`, `${x}_${fiat}`]),
  ];
  const last = new Map(
    (await tickers(opts.db, opts.mode, [...new Set(wanted)], opts.now)).map((t) => [
      t.symbol,
      t.last,
    ]),
  );
  const own = last.get(direct);
  if (own) return own;
  for (const x of bridges) {
    const leg = last.get(`${asset}_${x}`);
    const rate = last.get(`${x}_${fiat}`);
    const a = dec(leg);
    const b = dec(rate);
    // Prices multiply exactly; the market cap rounds once, at the end.
    if (a && b) return toText(mul(a, b));
  }
  return null;
}

/**
 * An asset's market cap in the main fiat: circulating supply x the last traded price there. A
 * book that has not traded yet in this mode keeps the catalogue's reference figure.
 */
export async function liveMarketCap(opts: {
  db: Db;
  mode: number;
  asset: Asset;
  mainFiat: string | null;
  symbols: readonly TradingSymbol[];
  now: Date;
}): Promise<string | null> {
  const supply = opts.asset.coinInfo?.circulatingSupply;
  if (!supply || !opts.mainFiat || opts.asset.type === 'FIAT') return opts.asset.marketCap;
  const price = await lastPriceIn({ ...opts, asset: opts.asset.code, fiat: opts.mainFiat });
  return (price && marketCapOf(supply, price)) ?? opts.asset.marketCap;
}
