import { Decimal } from 'decimal.js';
import {
  EXCHANGE_RATES_KEY,
  exchangeRates,
  FlowType,
  RuntimeMode,
  type PlaceOrderRequest,
  type TradingSymbol,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { post, SYSTEM, type Leg } from '../ledger/ledger-service.js';
import { availableSymbols } from '../catalogue/catalogue-service.js';
import { cancelAll, cancelPlace, placeOrder, type OrderDeps } from '../orders/order-service.js';

const MAKER_EMAIL = 'market-maker@exchange.local';
const TAKER_EMAIL = 'market-taker@exchange.local';
/** The simulated market's own accounts: they get no notifications. */
export const MARKET_MAKER_EMAILS: readonly string[] = [MAKER_EMAIL, TAKER_EMAIL];
/** Notional of one quote level, in USD. */
const LEVEL_USD = 1500;
/** Distance between levels as a fraction of the price. */
const LEVEL_STEP = 0.0015;
/** Balance kept on hand per asset, in USD, topped up from the demo funding account. */
const FLOAT_USD = 5_000_000;

interface Book {
  symbol: TradingSymbol;
  /** log(price) of the walk and its anchor. */
  x: number;
  mu: number;
  /** Whether the anchor comes from the price feed yet (else from the catalogue). */
  fed: boolean;
  vol: number;
  bids: (string | null)[];
  asks: (string | null)[];
}

/**
 * Simulated market makers for Demo and Trial: a maker account keeps every book two-sided
 * around a reference price (a mean-reverting random walk anchored at the price feed's rates,
 * base over quote, or at the catalogue's reference prices until the feed has published), so the
 * books agree with the exchange rates page; and a taker account trades small amounts now and then, so a new user sees a living
 * market. Both are ordinary accounts: their orders freeze funds and their fills settle through
 * the ledger (topped up from the demo funding account), so the ledger audit covers them.
 */
export class MarketMaker {
  private timer: NodeJS.Timeout | undefined;
  private running = false;
  private stopped = false;
  private readonly books = new Map<string, Book>();
  private accounts: { maker: string; taker: string } | undefined;
  private usd = new Map<string, number>();
  /** The price feed's latest rates (HKD per 100 units), read once per round. */
  private rates: Record<string, string> = {};

  constructor(
    private readonly deps: OrderDeps,
    private readonly o: {
      intervalMs: number;
      levels: number;
      log: FastifyBaseLogger;
      random?: () => number;
    },
  ) {}

  start(): void {
    this.timer ??= setInterval(() => {
      if (this.running) return;
      this.running = true;
      this.tick()
        .catch((err: unknown) => this.o.log.warn({ err }, 'market maker tick failed'))
        .finally(() => (this.running = false));
    }, this.o.intervalMs);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.timer = undefined;
    while (this.running) await new Promise((r) => setTimeout(r, 50));
  }

  private rand(): number {
    return (this.o.random ?? Math.random)();
  }

  private async account(email: string, uid: string): Promise<string> {
    const user = await this.deps.db.user.upsert({
      where: { email },
      create: { email, uid, kycLevel: 1, kycChosenAt: this.deps.clock.date() },
      update: {},
    });
    return user.id;
  }

  /** Keeps each simulated account's float of every asset, from the demo funding account. */
  private async topUp(userId: string, mode: number): Promise<void> {
    const rows = await this.deps.db.balance.findMany({ where: { accountId: userId, mode } });
    const have = new Map(rows.map((r) => [r.asset, new Decimal(r.available.toFixed())]));
    const legs: Leg[] = [];
    for (const [asset, usd] of this.usd) {
      const target = new Decimal(FLOAT_USD).dividedBy(usd).toDecimalPlaces(6, Decimal.ROUND_DOWN);
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

  private async tick(): Promise<void> {
    if (!this.accounts) {
      const assets = await this.deps.db.asset.findMany({
        select: { code: true, referencePriceUsd: true },
      });
      this.usd = new Map(assets.map((a) => [a.code, Number(a.referencePriceUsd.toFixed())]));
      this.accounts = {
        maker: await this.account(MAKER_EMAIL, '00000001'),
        taker: await this.account(TAKER_EMAIL, '00000002'),
      };
    }
    const { maker, taker } = this.accounts;
    const raw = await this.deps.redis.commands.get(EXCHANGE_RATES_KEY).catch(() => null);
    const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
    if (parsed?.success) this.rates = parsed.data.rates;
    for (const mode of [RuntimeMode.DEMO, RuntimeMode.TRIAL]) {
      await this.topUp(maker, mode);
      await this.topUp(taker, mode);
      for (const symbol of await availableSymbols({ db: this.deps.db, mode })) {
        if (this.stopped) return;
        await this.quote(mode, symbol, maker);
        if (this.rand() < 0.35) await this.trade(mode, symbol, taker);
      }
    }
  }

  private book(mode: number, s: TradingSymbol): Book | undefined {
    const key = `${mode}:${s.code}`;
    let b = this.books.get(key);
    if (!b) {
      const base = this.usd.get(s.baseAssetCode);
      const quote = this.usd.get(s.counterAssetCode);
      if (!base || !quote) return undefined;
      const mu = Math.log(base / quote);
      const stable = Math.abs(mu) < 0.01;
      b = { symbol: s, x: mu, mu, fed: false, vol: stable ? 0.0002 : 0.002, bids: [], asks: [] };
      this.books.set(key, b);
    }
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
    const gauss =
      Math.sqrt(-2 * Math.log(this.rand() || 1e-9)) * Math.cos(2 * Math.PI * this.rand());
    b.x = b.mu + (b.x - b.mu) * (b.fed ? 0.8 : 0.97) + b.vol * gauss;
    return b;
  }

  private round(value: Decimal, unit: string, mode: Decimal.Rounding): Decimal {
    return value.dividedBy(unit).toDecimalPlaces(0, mode).times(unit);
  }

  private async quote(mode: RuntimeMode, s: TradingSymbol, userId: string): Promise<void> {
    const b = this.book(mode, s);
    if (!b) return;
    const mid = new Decimal(Math.exp(b.x));
    const quoteUsd = this.usd.get(s.counterAssetCode) ?? 1;
    for (let i = 0; i < this.o.levels; i++) {
      for (const side of ['BUY', 'SELL'] as const) {
        const offset = LEVEL_STEP * (i + 1) * (side === 'BUY' ? -1 : 1);
        const price = this.round(
          mid.times(1 + offset),
          s.tickSize,
          side === 'BUY' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP,
        );
        if (price.lte(0)) continue;
        const notional = new Decimal(LEVEL_USD / quoteUsd).times(0.5 + this.rand());
        let amount = this.round(notional.dividedBy(price), s.stepSize, Decimal.ROUND_DOWN);
        if (amount.lt(s.minQty)) amount = new Decimal(s.minQty);
        const req = {
          symbol: s.code,
          side,
          type: 'LIMIT' as const,
          price: price.toFixed(),
          amount: amount.toFixed(),
        };
        const slots = side === 'BUY' ? b.bids : b.asks;
        const existing = slots[i];
        try {
          const placed = existing
            ? await cancelPlace(this.deps, { userId, mode, cancelOrderId: existing, req })
            : await placeOrder(this.deps, { userId, mode, req });
          slots[i] = placed.id;
        } catch {
          // The old order filled or the funds ran out: start the level afresh next time.
          slots[i] = null;
        }
      }
    }
  }

  private async trade(mode: RuntimeMode, s: TradingSymbol, userId: string): Promise<void> {
    const b = this.books.get(`${mode}:${s.code}`);
    if (!b) return;
    const side: 'BUY' | 'SELL' = this.rand() < 0.5 ? 'BUY' : 'SELL';
    const quoteUsd = this.usd.get(s.counterAssetCode) ?? 1;
    const notional = new Decimal((LEVEL_USD / quoteUsd) * (0.05 + 0.2 * this.rand()));
    const req: PlaceOrderRequest =
      side === 'BUY'
        ? {
            symbol: s.code,
            side,
            type: 'MARKET' as const,
            total: Decimal.max(notional, s.minNotional)
              .toDecimalPlaces(2, Decimal.ROUND_UP)
              .toFixed(),
          }
        : {
            symbol: s.code,
            side,
            type: 'MARKET' as const,
            amount: Decimal.max(
              this.round(notional.dividedBy(Math.exp(b.x)), s.stepSize, Decimal.ROUND_UP),
              s.minQty,
            ).toFixed(),
          };
    await placeOrder(this.deps, { userId, mode, req }).catch(() => undefined);
  }

  /** Cancels the simulated orders (used when switching the simulator off). */
  async withdraw(): Promise<void> {
    if (!this.accounts) return;
    for (const mode of [RuntimeMode.DEMO, RuntimeMode.TRIAL]) {
      for (const b of this.books.values())
        await cancelAll(this.deps, { userId: this.accounts.maker, mode, symbol: b.symbol.code });
    }
  }
}
