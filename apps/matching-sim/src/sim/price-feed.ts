import { gaussian, seededRandom } from '@exchange/contracts';

export interface FeedAsset {
  asset: string;
  /** Price in HKD of one unit that the walk is anchored at, as a decimal string. */
  anchor: string;
  /** Annualised volatility, e.g. 0.6 for a crypto asset, 0.15 for gold. */
  volatility: number;
  /** Decimals of the published HKD price. */
  decimals: number;
}

export interface PriceFeedOptions {
  assets: FeedAsset[];
  seed: number;
  /** Mean reversion speed per year: how hard the walk is pulled back to the anchor. */
  reversion?: number;
}

const YEAR_MS = 365 * 24 * 3_600_000;

/**
 * The simulated external reference price per asset: a mean-reverting random walk in log price
 * (Ornstein-Uhlenbeck) around a configured anchor, reproducible from its seed. The walk itself
 * is floating point because it is a model, not money; every published figure is rounded to a
 * decimal string with the asset's decimals, and HKD is the unit (always 1).
 */
export class PriceFeed {
  private readonly next: () => number;
  private readonly reversion: number;
  private readonly state = new Map<string, { asset: FeedAsset; mu: number; x: number }>();

  constructor(o: PriceFeedOptions) {
    this.next = seededRandom(o.seed);
    this.reversion = o.reversion ?? 50;
    for (const a of o.assets) {
      const mu = Math.log(Number(a.anchor));
      if (!Number.isFinite(mu))
        throw new Error(`price feed: anchor of ${a.asset} must be a positive number`);
      this.state.set(a.asset, { asset: a, mu, x: mu });
    }
  }

  /** Advances every asset by `dtMs` of simulated time. */
  step(dtMs: number): void {
    const dt = dtMs / YEAR_MS;
    const decay = Math.exp(-this.reversion * dt);
    for (const s of this.state.values()) {
      // Exact OU transition: the mean decays toward mu, the noise has the stationary variance.
      const sd = s.asset.volatility * Math.sqrt((1 - decay * decay) / (2 * this.reversion));
      s.x = s.asset.asset === 'HKD' ? 0 : s.mu + (s.x - s.mu) * decay + sd * gaussian(this.next);
    }
  }

  /** HKD price of one unit of `asset`, rounded down to its decimals. */
  price(asset: string): string {
    if (asset === 'HKD') return '1';
    const s = this.state.get(asset);
    if (s === undefined) throw new Error(`price feed: unknown asset ${asset}`);
    return toDecimal(Math.exp(s.x), s.asset.decimals);
  }

  /** Exchange rates as HKD per 100 units of each asset, the way the wallet shows them. */
  ratesPer100(): Record<string, string> {
    const out: Record<string, string> = { HKD: '100' };
    for (const s of this.state.values())
      out[s.asset.asset] = toDecimal(Math.exp(s.x) * 100, Math.max(0, s.asset.decimals - 2));
    return out;
  }
}

function toDecimal(value: number, decimals: number): string {
  const scaled = Math.floor(value * 10 ** decimals);
  if (decimals === 0) return String(scaled);
  const s = String(scaled).padStart(decimals + 1, '0');
  return `${s.slice(0, -decimals)}.${s.slice(-decimals)}`;
}
