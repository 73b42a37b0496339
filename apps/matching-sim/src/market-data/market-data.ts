import type { EngineEvent } from '@exchange/contracts';
import { CANDLE_INTERVALS, CandleSeries, type Candle, type CandleInterval } from './candles.js';
import { L2Depth, type DepthIncrement } from './depth.js';
import { RollingTicker } from './ticker.js';
import { VolumeStats } from './volume-stats.js';

export interface PublicTrade {
  /** The engine seq of the trade: unique and increasing per shard. */
  id: number;
  ts: number;
  price: number;
  quantity: number;
  takerSide: 'BUY' | 'SELL';
}

/** What one event changed, for a publisher to fan out. */
export interface MarketDataUpdate {
  key: string;
  depth?: DepthIncrement;
  trade?: PublicTrade;
  candles?: Partial<Record<CandleInterval, Candle>>;
}

/** Market data of one book (runtime mode x symbol), derived only from its engine events. */
export class BookMarketData {
  readonly depth = new L2Depth();
  readonly ticker = new RollingTicker();
  readonly volume = new VolumeStats();
  readonly candles = Object.fromEntries(
    CANDLE_INTERVALS.map((i) => [i, new CandleSeries(i)]),
  ) as Record<CandleInterval, CandleSeries>;
  /** The latest trades, oldest first. */
  readonly trades: PublicTrade[] = [];
}

const KEEP_TRADES = 500;

/**
 * Folds engine events into market data for every book of a shard. Pure state: no I/O, so the
 * publisher (the next issue) decides where it goes.
 */
export class MarketData {
  private readonly books = new Map<string, BookMarketData>();

  apply(e: EngineEvent): MarketDataUpdate | undefined {
    if (e.type !== 'BOOK_DELTA' && e.type !== 'TRADE') return undefined;
    const key = `${e.runtimeMode}:${e.symbol}`;
    const b = this.book(key);
    if (e.type === 'BOOK_DELTA') {
      const depth = b.depth.apply(e);
      return depth && { key, depth };
    }
    const trade: PublicTrade = {
      id: e.seq,
      ts: e.ts,
      price: e.price,
      quantity: e.quantity,
      takerSide: e.takerSide,
    };
    b.trades.push(trade);
    if (b.trades.length > KEEP_TRADES) b.trades.shift();
    b.ticker.add(e.ts, e.price, e.quantity);
    b.volume.add(e.ts, e.price, e.quantity, e.makerUserId, e.takerUserId);
    const candles: Partial<Record<CandleInterval, Candle>> = {};
    for (const i of CANDLE_INTERVALS) candles[i] = b.candles[i].add(e.ts, e.price, e.quantity);
    return { key, trade, candles };
  }

  book(key: string): BookMarketData {
    let b = this.books.get(key);
    if (b === undefined) this.books.set(key, (b = new BookMarketData()));
    return b;
  }
}
