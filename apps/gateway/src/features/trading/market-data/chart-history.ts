import { Decimal } from 'decimal.js';
import {
  CANDLE_INTERVALS,
  candleStart,
  gaussian,
  seededRandom,
  type RuntimeMode,
  type Candle,
  type CandleInterval,
  type TradingSymbol,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { availableSymbols } from '../../platform/catalogue/catalogue-service.js';
import { volatility } from '../exchange-rates/feed-assets.js';

const MINUTE = 60_000;
const DAY = 86_400_000;
const YEAR_MS = 365 * DAY;
/** As the price feed's walk (sim/price-feed.ts): pulled back to the anchor this fast per year. */
const REVERSION = 50;
/** Candles kept per interval: a chart opens full (1m: about a day; 1d: the whole span). */
const KEEP_PER_INTERVAL = 1000;

/**
 * The chart history of a fresh exchange: for each book with none yet, `days` of candles of every
 * interval ending where its live candles begin (its first trade, or now on a book that never
 * traded), stored in simulated_candle and marked by simulated_history.simulatedUntil, which the
 * market data API reports so the client can say the history is simulated. The path is the price
 * feed's model (a mean-reverting walk in log price around the catalogue's anchor, with the
 * feed's volatility) drawn from the seed backwards from the feed's current price, so the last
 * simulated close is where the live market starts. A book that has history is left alone
 * (idempotent on restart).
 */
export async function backfillChartHistory(o: {
  db: Db;
  now: Date;
  days: number;
  seed: number;
  modes: RuntimeMode[];
  /** The feed's current rates (HKD per 100 units), when it has published. */
  rates?: Record<string, string> | undefined;
}): Promise<{ books: number; candles: number }> {
  let books = 0;
  let count = 0;
  if (o.days <= 0) return { books, candles: count };
  const assets = await o.db.asset.findMany({
    select: { code: true, referencePriceUsd: true, type: true, category: true },
  });
  const byCode = new Map(assets.map((a) => [a.code, a]));
  const done = await o.db.simulatedHistory.findMany({ select: { mode: true, symbol: true } });
  const has = new Set(done.map((d) => `${d.mode}:${d.symbol}`));
  for (const mode of o.modes) {
    for (const s of await availableSymbols({ db: o.db, mode })) {
      if (has.has(`${mode}:${s.code}`)) continue;
      const base = byCode.get(s.baseAssetCode);
      const quote = byCode.get(s.counterAssetCode);
      if (!base || !quote) continue;
      const first = await o.db.spotTrade.findFirst({
        where: { mode, symbol: s.code },
        orderBy: { id: 'asc' },
        select: { createdAt: true },
      });
      const until = new Date(
        Math.floor(Math.min(o.now.getTime(), first?.createdAt.getTime() ?? Infinity) / MINUTE) *
          MINUTE,
      );
      const anchor =
        Number(base.referencePriceUsd.toFixed()) / Number(quote.referencePriceUsd.toFixed());
      const fed = (code: string) =>
        Number(o.rates?.[code] ?? (code === 'HKD' && o.rates ? 100 : NaN));
      const live = fed(s.baseAssetCode) / fed(s.counterAssetCode);
      const end = Number.isFinite(live) && live > 0 ? live : anchor;
      const vol = Math.hypot(volatility(base), volatility(quote));
      const minutes = simulatePath({
        seed: pathSeed(o.seed, s.code),
        anchor,
        end,
        vol,
        minutes: o.days * 1440,
        until: until.getTime(),
        unitUsd: Number(base.referencePriceUsd.toFixed()),
      });
      const rows = aggregate(minutes, s, until);
      const wrote = await o.db.$transaction(async (tx) => {
        // One writer per book: a second process (or run) finds the history and leaves it.
        await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`chart-history:${mode}:${s.code}`}))`;
        const exists = await tx.simulatedHistory.findUnique({
          where: { mode_symbol: { mode, symbol: s.code } },
        });
        if (exists) return false;
        // One statement of arrays per book: row-by-row inserts would hold the worker for long.
        const col = <K extends keyof Row>(k: K) => rows.map((r) => String(r[k]));
        const times = rows.map((r) => r.openTime.toISOString().replace('Z', ''));
        await tx.$executeRaw`
          INSERT INTO simulated_candle (mode, symbol, interval, "openTime", open, high, low, close, volume, quote)
          SELECT ${mode}, ${s.code}, c.* FROM unnest(
            ${col('interval')}::text[], ${times}::timestamp(3)[], ${col('open')}::numeric[],
            ${col('high')}::numeric[], ${col('low')}::numeric[], ${col('close')}::numeric[],
            ${col('volume')}::numeric[], ${col('quote')}::numeric[]) AS c
          ON CONFLICT DO NOTHING`;
        await tx.simulatedHistory.create({
          data: {
            mode,
            symbol: s.code,
            simulatedSince: new Date(until.getTime() - o.days * DAY),
            simulatedUntil: until,
          },
        });
        return true;
      });
      // Let the market makers' round go on between books.
      await new Promise((r) => setImmediate(r));
      if (!wrote) continue;
      books++;
      count += rows.length;
    }
  }
  return { books, candles: count };
}

/** The same symbol gets the same path in every mode (it is the feed's history). */
function pathSeed(seed: number, symbol: string): number {
  let h = seed >>> 0;
  for (const c of symbol) h = Math.imul(h ^ c.charCodeAt(0), 0x01000193) >>> 0;
  return h;
}

interface Minute {
  t: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/**
 * One-minute bars of an Ornstein-Uhlenbeck walk in log price drawn backwards from `end` (the
 * process is reversible, so the backward draw has the forward one's law), oldest first.
 */
export function simulatePath(o: {
  seed: number;
  anchor: number;
  end: number;
  vol: number;
  minutes: number;
  until: number;
  unitUsd: number;
}): Minute[] {
  const rand = seededRandom(o.seed);
  const dt = MINUTE / YEAR_MS;
  const decay = Math.exp(-REVERSION * dt);
  const sd = o.vol * Math.sqrt((1 - decay * decay) / (2 * REVERSION));
  const mu = Math.log(o.anchor);
  const closes = new Array<number>(o.minutes + 1);
  let x = Math.log(o.end);
  closes[o.minutes] = x;
  for (let i = o.minutes - 1; i >= 0; i--) {
    x = mu + (x - mu) * decay + sd * gaussian(rand);
    closes[i] = x;
  }
  const out: Minute[] = [];
  // Traded value per minute around a few thousand USD, busier when the price moves.
  const usdPerMinute = 4_000;
  for (let i = 1; i <= o.minutes; i++) {
    const open = Math.exp(closes[i - 1] ?? 0);
    const close = Math.exp(closes[i] ?? 0);
    const wick = () => 1 + Math.abs(gaussian(rand)) * sd * 0.6;
    const move = Math.abs(Math.log(close / open)) / (sd || 1);
    out.push({
      t: o.until - (o.minutes - i + 1) * MINUTE,
      open,
      close,
      high: Math.max(open, close) * wick(),
      low: Math.min(open, close) / wick(),
      volume: (usdPerMinute * (0.3 + rand() * (1 + move))) / (o.unitUsd || 1),
    });
  }
  return out;
}

type Row = {
  interval: CandleInterval;
  openTime: Date;
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
  quote: string;
};

/** Candles of every interval from the minute bars: the newest KEEP_PER_INTERVAL of each. */
function aggregate(minutes: Minute[], s: TradingSymbol, until: Date): Row[] {
  const price = (v: number) =>
    new Decimal(v).dividedBy(s.tickSize).toDecimalPlaces(0).times(s.tickSize);
  const qty = (v: number) =>
    new Decimal(v).dividedBy(s.stepSize).toDecimalPlaces(0, Decimal.ROUND_DOWN).times(s.stepSize);
  const rows: Row[] = [];
  for (const interval of CANDLE_INTERVALS) {
    const buckets = new Map<
      number,
      { o: number; h: number; l: number; c: number; v: number; q: number }
    >();
    for (const m of minutes) {
      const t = candleStart(interval, new Date(m.t)).getTime();
      const b = buckets.get(t);
      if (!b)
        buckets.set(t, {
          o: m.open,
          h: m.high,
          l: m.low,
          c: m.close,
          v: m.volume,
          q: m.volume * m.close,
        });
      else {
        b.h = Math.max(b.h, m.high);
        b.l = Math.min(b.l, m.low);
        b.c = m.close;
        b.v += m.volume;
        b.q += m.volume * m.close;
      }
    }
    const kept = [...buckets.entries()].slice(-KEEP_PER_INTERVAL);
    for (const [t, b] of kept) {
      if (t >= until.getTime()) continue;
      const open = price(b.o);
      const close = price(b.c);
      rows.push({
        interval,
        openTime: new Date(t),
        open: open.toFixed(),
        close: close.toFixed(),
        high: Decimal.max(price(b.h), open, close).toFixed(),
        low: Decimal.min(price(b.l), open, close).toFixed(),
        volume: qty(b.v).toFixed(),
        quote: new Decimal(b.q).toDecimalPlaces(8, Decimal.ROUND_DOWN).toFixed(),
      });
    }
  }
  return rows;
}

/** Where a book's simulated chart history starts and ends (ms; null: it has none). */
export async function simulatedHistory(db: Db, mode: number, symbol: string) {
  const h = await db.simulatedHistory.findUnique({ where: { mode_symbol: { mode, symbol } } });
  return {
    symbol,
    simulatedSince: h ? h.simulatedSince.getTime() : null,
    simulatedUntil: h ? h.simulatedUntil.getTime() : null,
  };
}

/**
 * Stored candles merged with the simulated ones: a bucket holding both (the one the live market
 * began in) opens with the simulated open and ends with the live close.
 */
export async function withSimulated(
  db: Db,
  mode: number,
  symbol: string,
  interval: CandleInterval,
  range: { start: Date; end: Date; limit: number },
  live: Candle[],
): Promise<Candle[]> {
  const sim = await db.simulatedCandle.findMany({
    where: {
      mode,
      symbol,
      interval,
      openTime: { gte: candleStart(interval, range.start), lt: range.end },
    },
    orderBy: { openTime: 'desc' },
    take: range.limit,
  });
  if (sim.length === 0) return live;
  const byT = new Map<number, Candle>();
  for (const r of sim)
    byT.set(r.openTime.getTime(), {
      openTime: r.openTime.getTime(),
      open: r.open.toFixed(),
      high: r.high.toFixed(),
      low: r.low.toFixed(),
      close: r.close.toFixed(),
      volume: r.volume.toFixed(),
      quoteVolume: r.quote.toFixed(),
      trades: 0,
    });
  for (const c of live) {
    const s = byT.get(c.openTime);
    if (!s) {
      byT.set(c.openTime, c);
      continue;
    }
    byT.set(c.openTime, {
      openTime: c.openTime,
      open: s.open,
      high: Decimal.max(s.high, c.high).toFixed(),
      low: Decimal.min(s.low, c.low).toFixed(),
      close: c.close,
      volume: new Decimal(s.volume).plus(c.volume).toFixed(),
      quoteVolume: new Decimal(s.quoteVolume).plus(c.quoteVolume).toFixed(),
      trades: c.trades,
    });
  }
  return [...byT.values()].sort((a, b) => a.openTime - b.openTime).slice(-range.limit);
}
