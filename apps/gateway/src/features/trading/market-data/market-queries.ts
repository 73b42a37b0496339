import { Decimal } from 'decimal.js';
import { CANDLE_SECONDS, type Candle, type CandleInterval, type Ticker } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { Prisma } from '../../../db/client.js';
import {
  ROLLING_INTERVAL,
  simulatedSpan,
  withSimulatedSpan,
  type SimulatedBar,
} from './simulated-span.js';

const DAY = 86_400_000;
const n = (v: string | null) => (v === null ? null : new Decimal(v).toFixed());

/** Recent trades, newest first. */
export async function recentTrades(db: Db, mode: number, symbol: string, limit: number) {
  const rows = await db.spotTrade.findMany({
    where: { mode, symbol },
    orderBy: { id: 'desc' },
    take: limit,
  });
  return rows.map((t) => ({
    id: t.id.toString(),
    price: t.price.toFixed(),
    amount: t.quantity.toFixed(),
    side: t.takerSide === 'SELL' ? ('SELL' as const) : ('BUY' as const),
    ts: t.createdAt.getTime(),
  }));
}

/** 24-hour tickers of the given symbols from stored trades (the window starts on a whole minute). */
export async function tickers(
  db: Db,
  mode: number,
  symbols: string[],
  now: Date,
): Promise<Ticker[]> {
  if (symbols.length === 0) return [];
  const since = new Date(windowStart(now.getTime(), DAY));
  const rows = await db.$queryRaw<
    {
      symbol: string;
      open: string | null;
      last: string | null;
      high: string | null;
      low: string | null;
      volume: string | null;
      quote: string | null;
      trades: bigint;
    }[]
  >`
    SELECT symbol,
           (array_agg(price ORDER BY id))[1]::text AS open,
           (array_agg(price ORDER BY id DESC))[1]::text AS last,
           MAX(price)::text AS high, MIN(price)::text AS low,
           SUM(quantity)::text AS volume, SUM("quoteAmount")::text AS quote, COUNT(*) AS trades
    FROM spot_trade WHERE mode = ${mode} AND symbol IN (${Prisma.join(symbols)}) AND "createdAt" >= ${since}
    GROUP BY symbol`;
  // With no trade in 24 hours, the last price is the latest trade ever (if any).
  const lastEver = await db.$queryRaw<{ symbol: string; price: string }[]>`
    SELECT DISTINCT ON (symbol) symbol, price::text AS price FROM spot_trade
    WHERE mode = ${mode} AND symbol IN (${Prisma.join(symbols)}) ORDER BY symbol, id DESC`;
  // The simulated chart history inside the window (simulated-span.ts).
  const simulated = await db.simulatedCandle.findMany({
    where: { mode, symbol: { in: symbols }, interval: ROLLING_INTERVAL, openTime: { gte: since } },
    select: { symbol: true, openTime: true, open: true, high: true, low: true },
    orderBy: { openTime: 'asc' },
  });
  const bars = new Map<string, SimulatedBar[]>();
  for (const c of simulated) {
    const list = bars.get(c.symbol) ?? [];
    list.push({
      t: c.openTime.getTime(),
      open: c.open.toFixed(),
      high: c.high.toFixed(),
      low: c.low.toFixed(),
    });
    bars.set(c.symbol, list);
  }
  const by = new Map(rows.map((r) => [r.symbol, r]));
  const last = new Map(lastEver.map((r) => [r.symbol, r.price]));
  return symbols.map((symbol) => {
    const r = by.get(symbol);
    const lastPrice = r?.last ?? last.get(symbol) ?? null;
    const open = r?.open ?? null;
    const change = open && lastPrice ? new Decimal(lastPrice).minus(open) : null;
    const ticker: Ticker = {
      symbol,
      last: n(lastPrice),
      open: n(open),
      high: n(r?.high ?? null),
      low: n(r?.low ?? null),
      change: change?.toFixed() ?? null,
      changePercent:
        change && open
          ? change.dividedBy(open).times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed()
          : null,
      volume: n(r?.volume ?? '0') ?? '0',
      quoteVolume: n(r?.quote ?? '0') ?? '0',
      trades: Number(r?.trades ?? 0),
    };
    return withSimulatedSpan(ticker, simulatedSpan(bars.get(symbol) ?? [], since.getTime()));
  });
}

/**
 * Where a rolling window of `span` ms ending at `now` starts: on a whole minute, so the figures
 * pushed from the minute buckets of BookStats and those read here agree.
 */
export function windowStart(now: number, span: number): number {
  return Math.floor((now - span) / 60_000) * 60_000;
}

/**
 * Candles from stored trades, so chart history survives restarts. Fixed intervals bucket by
 * epoch seconds; weeks start on Monday and months on the 1st (UTC).
 */
export async function candles(
  db: Db,
  mode: number,
  symbol: string,
  interval: CandleInterval,
  range: { start: Date; end: Date; limit: number },
): Promise<Candle[]> {
  const secs = CANDLE_SECONDS[interval];
  const bucket = secs
    ? Prisma.sql`to_timestamp(floor(extract(epoch FROM "createdAt") / ${secs}) * ${secs})`
    : interval === '1w'
      ? Prisma.sql`date_trunc('week', "createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`
      : Prisma.sql`date_trunc('month', "createdAt" AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`;
  const rows = await db.$queryRaw<
    {
      t: Date;
      open: string;
      close: string;
      high: string;
      low: string;
      volume: string;
      quote: string;
      trades: bigint;
    }[]
  >`
    SELECT b.t, b.open, b.close, b.high, b.low, b.volume, b.quote, b.trades FROM (
      SELECT ${bucket} AS t,
             (array_agg(price ORDER BY id))[1]::text AS open,
             (array_agg(price ORDER BY id DESC))[1]::text AS close,
             MAX(price)::text AS high, MIN(price)::text AS low,
             SUM(quantity)::text AS volume, SUM("quoteAmount")::text AS quote, COUNT(*) AS trades
      FROM spot_trade
      WHERE mode = ${mode} AND symbol = ${symbol} AND "createdAt" >= ${range.start} AND "createdAt" < ${range.end}
      GROUP BY 1 ORDER BY 1 DESC LIMIT ${range.limit}) b ORDER BY b.t ASC`;
  return rows.map((r) => ({
    openTime: new Date(r.t).getTime(),
    open: new Decimal(r.open).toFixed(),
    high: new Decimal(r.high).toFixed(),
    low: new Decimal(r.low).toFixed(),
    close: new Decimal(r.close).toFixed(),
    volume: new Decimal(r.volume).toFixed(),
    quoteVolume: new Decimal(r.quote).toFixed(),
    trades: Number(r.trades),
  }));
}

/** Traded volume over 24 hours, 7 and 30 days (windows starting on a whole minute). */
export async function volumeStats(db: Db, mode: number, symbol: string, now: Date) {
  const t = now.getTime();
  const from = (days: number) => new Date(windowStart(t, days * DAY));
  const [r] = await db.$queryRaw<
    {
      v1: string | null;
      q1: string | null;
      v7: string | null;
      q7: string | null;
      v30: string | null;
      q30: string | null;
    }[]
  >`
    SELECT SUM(quantity) FILTER (WHERE "createdAt" >= ${from(1)})::text AS v1,
           SUM("quoteAmount") FILTER (WHERE "createdAt" >= ${from(1)})::text AS q1,
           SUM(quantity) FILTER (WHERE "createdAt" >= ${from(7)})::text AS v7,
           SUM("quoteAmount") FILTER (WHERE "createdAt" >= ${from(7)})::text AS q7,
           SUM(quantity)::text AS v30, SUM("quoteAmount")::text AS q30
    FROM spot_trade WHERE mode = ${mode} AND symbol = ${symbol} AND "createdAt" >= ${from(30)}`;
  const z = (v: string | null | undefined) => new Decimal(v ?? 0).toFixed();
  return {
    symbol,
    volume24h: z(r?.v1),
    quoteVolume24h: z(r?.q1),
    volume7d: z(r?.v7),
    quoteVolume7d: z(r?.q7),
    volume30d: z(r?.v30),
    quoteVolume30d: z(r?.q30),
  };
}
