import { Decimal } from 'decimal.js';
import {
  EXCHANGE_RATES_KEY,
  exchangeRates,
  FlowType,
  gaussian,
  RuntimeMode,
  seededRandom,
  type ChainNetwork,
  type PlaceOrderRequest,
  type TradingSymbol,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { post, SYSTEM, type Leg } from '../../wallet/ledger/ledger-service.js';
import { availableSymbols } from '../../platform/catalogue/catalogue-service.js';
import {
  cancelAll,
  cancelOrder,
  OPEN_STATUSES,
  placeOrder,
  type OrderDeps,
} from '../orders/order-service.js';
import type { ChainAdapters } from '../../wallet/chain/chain-adapter.js';
import {
  MARKET_CLASSES,
  marketClass,
  planQuotes,
  type MarketClass,
  type QuoteLevel,
} from './profiles.js';
import { fundReal, houseAccount, type TreasurySource } from './treasury.js';
import { fundUsd, type FiatTreasurySource } from './house-bank.js';
import type { FiatBankDeps } from '../../fiat/fiat-bank/account-service.js';

/**
 * Balance kept on hand per asset and house account, in USD. USDT is the most used: with 20
 * levels a side, the bids of the eight USDT books and the asks of USDT/USD hold about 5.3 million
 * (sizes vary by ±40 %), so 5 million left a Real book short of levels; this is about three times
 * that, with the taker's flow (more levels, MARKET_MAKER_LEVELS, need more).
 */
const FLOAT_USD = 15_000_000;
/** USDT kept in the Trade for Reward prizes' account where the treasury is simulated. */
const REWARDS_FLOAT_USDT = 10_000;
/** How often the Real house balances are checked against their targets (real time). */
const REAL_FUNDING_EVERY_MS = 20_000;
/** How often the funding moves on while a step waits for a callback (the bank's, the chain's). */
const FUNDING_STEP_MS = 1_000;
/** Share of books a simulated taker trades in each round. */
const TAKER_RATE = 0.5;
/** The taker's order goes no deeper than the maker's level this many from the top. */
const TAKER_DEPTH = 3;
/** At most this long after the start, Demo and Trial wait for Real's books (real time). */
const REAL_FIRST_MS = 20_000;
/** Books quoted at once, and orders of one book sent at once. */
const CONCURRENCY = 4;
const PER_BOOK = 8;

/** A resting (or planned) order of the maker's. */
interface Level {
  id: string;
  side: string;
  price: Decimal;
}

/** Whether two orders of opposite sides would trade: the bid at or above the ask. */
const crosses = (a: Level, b: Level) =>
  a.side !== b.side && (a.side === 'BUY' ? a.price.gte(b.price) : b.price.gte(a.price));

interface Book {
  mode: RuntimeMode;
  symbol: TradingSymbol;
  cls: MarketClass;
  /** log(price) of the walk and its anchor. */
  x: number;
  mu: number;
  /** Whether the anchor comes from the price feed yet (else from the catalogue). */
  fed: boolean;
  vol: number;
}

export interface BookPlan {
  mode: RuntimeMode;
  symbol: TradingSymbol;
  mid: number;
  quotes: QuoteLevel[];
  /** The simulated taker's order this round (IOC, bounded by the maker's quotes), if any. */
  take: PlaceOrderRequest | null;
}

export interface MarketMakerOptions {
  intervalMs: number;
  levels: number;
  /** Seeds every random draw (walk, sizes, taker flow): the same seed gives the same quotes. */
  seed: number;
  log: FastifyBaseLogger;
  /**
   * Real mode too, its house accounts funded through deposits from this treasury: coins through
   * the chains, USD (when `bank` is given) through partner-bank accounts and bank transfers.
   */
  real?:
    | {
        adapters: ChainAdapters;
        source: TreasurySource;
        bank?: { deps: FiatBankDeps; source: FiatTreasurySource } | undefined;
      }
    | undefined;
}

interface AssetInfo {
  usd: number;
  type: string;
  category: string | null;
}

/**
 * The simulated market: a maker house account keeps every book two-sided with `levels` levels a
 * side around a reference price (a mean-reverting walk anchored at the price feed's rates, base
 * over quote, or at the catalogue's reference prices until the feed has published), with the
 * spread and sizes of the symbol's asset class; and a taker house account trades now and then,
 * so the tape and candles move. Both are ordinary accounts: their orders freeze funds and their
 * fills settle through the ledger. In Demo and Trial they are topped up from the demo funding
 * account; in Real (when enabled) only by crypto deposits from the operator's treasury.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | undefined;
  private fundTimer: NodeJS.Timeout | undefined;
  /** Each mode's rounds run on their own: a slow Demo round never holds up Real's books. */
  private readonly running = new Set<RuntimeMode>();
  private funding = false;
  private stopped = false;
  /** Resolves once Real's books are fully quoted (or Real is off, or REAL_FIRST_MS passed). */
  readonly realQuoted: Promise<void>;
  private markRealQuoted: () => void = () => undefined;
  private readonly books = new Map<string, Book>();
  private accounts: { maker: string; taker: string } | undefined;
  private assets = new Map<string, AssetInfo>();
  /** The price feed's latest rates (HKD per 100 units), read once per round. */
  private rates: Record<string, string> = {};
  /** One seeded stream per mode, so each mode's market is a function of the seed alone. */
  private readonly rands = new Map<RuntimeMode, () => number>();
  /** Books where the taker has traded since the start: until then it trades every round. */
  private readonly traded = new Set<string>();
  private lastRealFunding = 0;
  /** House accounts whose USD has arrived (checked again with the coins, every 20 s). */
  private readonly usdFunded = new Set<string>();
  /** Rounds completed (for the soak run and tests). */
  rounds = 0;

  constructor(
    private readonly deps: OrderDeps,
    private readonly o: MarketMakerOptions,
  ) {
    this.realQuoted = new Promise((resolve) => (this.markRealQuoted = resolve));
    for (const mode of [RuntimeMode.REAL, RuntimeMode.DEMO, RuntimeMode.TRIAL])
      this.rands.set(mode, seededRandom((o.seed ^ Math.imul(mode + 1, 0x9e3779b1)) >>> 0));
  }

  private rand(mode: RuntimeMode): number {
    return (this.rands.get(mode) ?? Math.random)();
  }

  get modes(): RuntimeMode[] {
    return this.o.real
      ? [RuntimeMode.REAL, RuntimeMode.DEMO, RuntimeMode.TRIAL]
      : [RuntimeMode.DEMO, RuntimeMode.TRIAL];
  }

  start(): void {
    // A visitor lands in Real: on a two-core machine its first rounds get the worker to
    // themselves, and the big first rounds of Demo and Trial (about 1,000 orders) come after.
    let realFirst = !!this.o.real;
    if (!realFirst) this.markRealQuoted();
    const giveUp = setTimeout(() => this.markRealQuoted(), REAL_FIRST_MS);
    void this.realQuoted.then(() => {
      realFirst = false;
      clearTimeout(giveUp);
    });
    const run = () => {
      for (const mode of this.modes) {
        if (this.running.has(mode) || this.stopped) continue;
        if (realFirst && mode !== RuntimeMode.REAL) continue;
        this.running.add(mode);
        this.tick(mode)
          .catch((err: unknown) => this.o.log.warn({ err, mode }, 'market maker tick failed'))
          .finally(() => this.running.delete(mode));
      }
    };
    // Real funding on a loop of its own from the start: every step (a deposit's confirmations,
    // the bank's account opening and e-KYC) moves on within a second of its callback.
    const fund = () => {
      if (this.funding || this.stopped || !this.o.real) return;
      this.funding = true;
      this.init()
        .then(({ maker, taker }) => this.fundReal([maker, taker]))
        .catch((err: unknown) => this.o.log.warn({ err }, 'house account funding failed'))
        .finally(() => (this.funding = false));
    };
    this.timer ??= setInterval(run, this.o.intervalMs);
    if (this.o.real) this.fundTimer ??= setInterval(fund, FUNDING_STEP_MS);
    fund();
    run();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    clearInterval(this.fundTimer);
    this.timer = undefined;
    this.fundTimer = undefined;
    while (this.running.size > 0 || this.funding) await new Promise((r) => setTimeout(r, 50));
  }

  /** The catalogue's reference prices and classes, and the house accounts; once. */
  private async init(): Promise<{ maker: string; taker: string }> {
    if (this.accounts) return this.accounts;
    const assets = await this.deps.db.asset.findMany({
      select: { code: true, referencePriceUsd: true, type: true, category: true },
    });
    this.assets = new Map(
      assets.map((a) => [
        a.code,
        { usd: Number(a.referencePriceUsd.toFixed()), type: a.type, category: a.category },
      ]),
    );
    this.accounts = {
      maker: await houseAccount(this.deps, 'maker'),
      taker: await houseAccount(this.deps, 'taker'),
    };
    return this.accounts;
  }

  /** Reads the price feed's latest rates (kept when the feed has not published). */
  setRates(rates: Record<string, string>): void {
    this.rates = rates;
  }

  /** One round of a mode: its plan (a function of the seed and the rates), then its books. */
  private async tick(mode: RuntimeMode): Promise<void> {
    const started = Date.now();
    const { maker, taker } = await this.init();
    const raw = await this.deps.redis.commands.get(EXCHANGE_RATES_KEY).catch(() => null);
    const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) this.setRates(parsed.data.rates);
    const plans = this.plan(mode, await availableSymbols({ db: this.deps.db, mode }));
    if (mode !== RuntimeMode.REAL) {
      await this.topUp(maker, mode);
      await this.topUp(taker, mode);
    }
    let short = 0;
    await eachLimited(plans, CONCURRENCY, async (p) => {
      if (this.stopped) return;
      short += await this.apply(p, maker);
      if (!p.take) return;
      const order = await placeOrder(this.deps, { userId: taker, mode, req: p.take }).catch(
        () => null,
      );
      if (order && new Decimal(order.filled).gt(0)) this.traded.add(`${mode}:${p.symbol.code}`);
    });
    if (mode === RuntimeMode.REAL && short === 0 && plans.length > 0) this.markRealQuoted();
    if (mode === RuntimeMode.DEMO) this.rounds++;
    // The first rounds say how long a fresh exchange takes to fill its books.
    if (this.rounds <= 5)
      this.o.log.info({ mode, round: this.rounds, ms: Date.now() - started }, 'market maker round');
  }

  /**
   * One round's quotes and taker orders for a mode's books: a pure function of the seed, the
   * rounds before and the feed's rates (nothing here depends on fills or timing).
   */
  plan(mode: RuntimeMode, symbols: TradingSymbol[]): BookPlan[] {
    const out: BookPlan[] = [];
    for (const s of symbols) {
      const b = this.book(mode, s);
      if (!b) continue;
      const mid = Math.exp(b.x);
      const quoteUsd = this.assets.get(s.counterAssetCode)?.usd ?? 1;
      const quotes = planQuotes({
        symbol: s,
        cls: b.cls,
        mid,
        quoteUsd,
        levels: this.o.levels,
        rand: () => this.rand(mode),
      });
      out.push({ mode, symbol: s, mid, quotes, take: this.take(b, mid, quoteUsd, quotes) });
    }
    return out;
  }

  /** Loads the catalogue (as `init`) without accounts: for planning in tests. */
  async loadCatalogue(): Promise<void> {
    await this.init();
  }

  private book(mode: RuntimeMode, s: TradingSymbol): Book | undefined {
    const key = `${mode}:${s.code}`;
    let b = this.books.get(key);
    if (!b) {
      const base = this.assets.get(s.baseAssetCode);
      const quote = this.assets.get(s.counterAssetCode);
      if (!base?.usd || !quote?.usd) return undefined;
      const mu = Math.log(base.usd / quote.usd);
      const cls = marketClass(
        { code: s.baseAssetCode, ...base },
        { code: s.counterAssetCode, ...quote },
      );
      const vol = cls === 'STABLE' ? 0.00005 : cls === 'RWA' ? 0.0003 : 0.0008;
      b = { mode, symbol: s, cls, x: mu, mu, fed: false, vol };
      this.books.set(key, b);
    }
    b.symbol = s;
    const fedBase = Number(this.rates[s.baseAssetCode] ?? (s.baseAssetCode === 'HKD' ? 100 : NaN));
    const fedQuote = Number(
      this.rates[s.counterAssetCode] ?? (s.counterAssetCode === 'HKD' ? 100 : NaN),
    );
    if (fedBase > 0 && fedQuote > 0) {
      b.mu = Math.log(fedBase / fedQuote);
      // The first rates replace the catalogue's anchor at once rather than drifting to it.
      if (!b.fed) b.x = b.mu;
      b.fed = true;
    }
    // One step of a mean-reverting walk in log price: short-lived noise around the feed (which
    // walks by itself), a slower walk around the catalogue's fixed anchor.
    b.x = b.mu + (b.x - b.mu) * (b.fed ? 0.8 : 0.97) + b.vol * gaussian(() => this.rand(mode));
    return b;
  }

  /**
   * The taker's order for a book this round (about TAKER_RATE of rounds, and every round until
   * its first fill, so a fresh book has a last price at once): an IOC limit order whose price is
   * the maker's third level on the side it takes, so it can never trade through the maker's own
   * quotes into whatever else rests deeper (a spike of the last price), however thin the book is
   * at that moment. The draws are the same either way: the quotes stay a function of the seed.
   */
  private take(
    b: Book,
    mid: number,
    quoteUsd: number,
    quotes: QuoteLevel[],
  ): PlaceOrderRequest | null {
    const go = this.rand(b.mode) < TAKER_RATE || !this.traded.has(`${b.mode}:${b.symbol.code}`);
    const side: 'BUY' | 'SELL' = this.rand(b.mode) < 0.5 ? 'BUY' : 'SELL';
    const usd = MARKET_CLASSES[b.cls].levelUsd * (0.05 + 0.6 * this.rand(b.mode) ** 2);
    if (!go) return null;
    const s = b.symbol;
    const opposite = quotes.filter((q) => q.side !== side);
    const bound = opposite[Math.min(TAKER_DEPTH, opposite.length) - 1];
    if (!bound) return null;
    const price = new Decimal(bound.price);
    const notional = Decimal.max(new Decimal(usd / quoteUsd), s.minNotional);
    const amount = notional
      .dividedBy(side === 'BUY' ? price : mid)
      .dividedBy(s.stepSize)
      .toDecimalPlaces(0, Decimal.ROUND_UP)
      .times(s.stepSize);
    return {
      symbol: s.code,
      side,
      type: 'LIMIT',
      timeInForce: 'IOC',
      price: price.toFixed(),
      amount: Decimal.max(amount, s.minQty).toFixed(),
    };
  }

  /**
   * Moves the maker's resting orders to the plan without ever leaving a side of the book empty:
   * first the new levels that cross none of the old orders are placed, then the old orders the new
   * levels would trade with (the price moved past them) are cancelled, then the other new levels
   * placed, and only then the rest of the old ones cancelled. Levels that stay keep their place in
   * the queue.
   */
  private async apply(p: BookPlan, userId: string): Promise<number> {
    const open = await this.deps.db.spotOrder.findMany({
      where: { userId, mode: p.mode, symbol: p.symbol.code, status: { in: OPEN_STATUSES } },
      select: { id: true, side: true, price: true },
    });
    const key = (side: string, price: string) => `${side}@${new Decimal(price).toFixed()}`;
    const want = new Map(p.quotes.map((q) => [key(q.side, q.price), q]));
    const have = new Set<string>();
    const stale: Level[] = [];
    for (const o of open) {
      const price = new Decimal(o.price?.toFixed() ?? '0');
      const k = key(o.side, price.toFixed());
      if (want.has(k) && !have.has(k)) have.add(k);
      else stale.push({ id: o.id.toString(), side: o.side, price });
    }
    const missing = [...want]
      .filter(([k]) => !have.has(k))
      .map(([, q]) => ({ ...q, level: { id: '', side: q.side, price: new Decimal(q.price) } }));
    const crossesAny = (l: Level, others: Level[]) => others.some((o) => crosses(l, o));
    const newLevels = missing.map((q) => q.level);
    // Each order waits for the engine's verdict: a book's orders go out side by side.
    const cancel = (orders: Level[]) =>
      eachLimited(orders, PER_BOOK, (o) =>
        cancelOrder(this.deps, { userId, mode: p.mode, orderId: o.id }).then(
          () => undefined,
          () => undefined,
        ),
      );
    let short = 0;
    const place = (quotes: typeof missing) =>
      eachLimited(quotes, PER_BOOK, async (q) => {
        if (this.stopped) return;
        await placeOrder(this.deps, {
          userId,
          mode: p.mode,
          req: {
            symbol: p.symbol.code,
            side: q.side,
            type: 'LIMIT',
            price: q.price,
            amount: q.amount,
          },
        }).catch(() => short++); // funds short for a moment: the level comes next round
      });
    await place(missing.filter((q) => !crossesAny(q.level, stale)));
    await cancel(stale.filter((o) => crossesAny(o, newLevels)));
    await place(missing.filter((q) => crossesAny(q.level, stale)));
    await cancel(stale.filter((o) => !crossesAny(o, newLevels)));
    return short;
  }

  /** The float every house account keeps of each asset. */
  private target(asset: string): Decimal | null {
    const usd = this.assets.get(asset)?.usd;
    if (!usd) return null;
    return new Decimal(FLOAT_USD).dividedBy(usd).toDecimalPlaces(6, Decimal.ROUND_DOWN);
  }

  /** Real: the house accounts' floats arrive as crypto deposits (see treasury.ts). */
  private async fundReal(accounts: string[]): Promise<void> {
    const real = this.o.real;
    if (!real) return;
    // USD moves on every round until it arrived: each step waits for a callback of the bank.
    if (real.bank) await this.fundUsd(accounts, real.bank);
    if (Date.now() - this.lastRealFunding < REAL_FUNDING_EVERY_MS) return;
    this.usdFunded.clear();
    this.lastRealFunding = Date.now();
    const symbols = await availableSymbols({ db: this.deps.db, mode: RuntimeMode.REAL });
    const targets = new Map<string, Decimal>();
    for (const s of symbols)
      for (const a of [s.baseAssetCode, s.counterAssetCode]) {
        const t = this.target(a);
        if (t) targets.set(a, t);
      }
    const confirm = new Map<ChainNetwork, number>();
    // With them, the account Trade for Reward's prizes are paid from (its own, smaller float).
    const rewards = await houseAccount(this.deps, 'rewards');
    const funded = [
      ...accounts.map((userId) => ({ userId, targets })),
      { userId: rewards, targets: new Map([['USDT', new Decimal(REWARDS_FLOAT_USDT)]]) },
    ];
    for (const { userId, targets: wanted } of funded) {
      const r = await fundReal({
        db: this.deps.db,
        ...real,
        userId,
        targets: wanted,
        log: this.o.log,
      }).catch((err: unknown) => {
        this.o.log.warn({ err }, 'house account funding failed');
        this.lastRealFunding = 0; // the chain may be starting: try again next round
        return null;
      });
      for (const [n, blocks] of r?.confirm ?? [])
        confirm.set(n, Math.max(confirm.get(n) ?? 0, blocks));
      if (r?.missing.length)
        this.o.log.debug({ missing: r.missing }, 'house assets with no deposit path in Real');
    }
    // The transfers of both accounts confirmed together: one burst of blocks per network.
    for (const [network, blocks] of confirm)
      await real.source.confirm(network, blocks).catch((err: unknown) => {
        this.o.log.warn({ err, network }, 'house deposits not confirmed');
        this.lastRealFunding = 0;
      });
  }

  /** Real USD through each house account's partner-bank account (see house-bank.ts). */
  private async fundUsd(
    accounts: string[],
    bank: { deps: FiatBankDeps; source: FiatTreasurySource },
  ): Promise<void> {
    const target = this.target('USD');
    if (!target) return;
    await Promise.all(
      accounts
        .filter((userId) => !this.usdFunded.has(userId))
        .map(async (userId) => {
          const state = await fundUsd({ bank: bank.deps, source: bank.source, userId, target });
          if (state !== 'WAITING') this.usdFunded.add(userId);
        })
        .map((p) =>
          p.catch((err: unknown) => this.o.log.warn({ err }, 'house USD funding failed')),
        ),
    );
  }

  /** Demo and Trial: keeps each house account's float of every asset, from demo funding. */
  private async topUp(userId: string, mode: number): Promise<void> {
    const rows = await this.deps.db.balance.findMany({ where: { accountId: userId, mode } });
    const have = new Map(rows.map((r) => [r.asset, new Decimal(r.available.toFixed())]));
    const legs: Leg[] = [];
    for (const asset of this.assets.keys()) {
      const target = this.target(asset);
      if (!target) continue;
      const current = have.get(asset) ?? new Decimal(0);
      if (current.gte(target.dividedBy(2))) continue;
      const amount = target.minus(current);
      legs.push(
        {
          accountId: SYSTEM.demoFunding,
          asset,
          bucket: 'AVAILABLE' as const,
          amount: amount.neg(),
        },
        { accountId: userId, asset, bucket: 'AVAILABLE' as const, amount },
      );
    }
    if (legs.length === 0) return;
    await this.deps.db.$transaction((tx) =>
      post(tx, {
        mode,
        flowType: FlowType.DEMO_FUNDING,
        refType: 'MARKET_MAKER',
        refId: userId,
        at: this.deps.clock.date(),
        legs,
      }),
    );
  }

  /** Cancels the simulated orders (used when switching the simulator off). */
  async withdraw(): Promise<void> {
    if (!this.accounts) return;
    for (const b of this.books.values())
      await cancelAll(this.deps, {
        userId: this.accounts.maker,
        mode: b.mode,
        symbol: b.symbol.code,
      });
  }
}

async function eachLimited<T>(items: T[], limit: number, fn: (t: T) => Promise<void>) {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++];
      if (item !== undefined) await fn(item);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}
