const DAY = 24 * 60 * 60_000;

export interface DayVolume {
  /** UTC midnight starting the day. */
  day: number;
  trades: number;
  volume: number;
  quoteVolume: number;
}

/**
 * Traded-volume statistics of one book: per UTC day, and per user over the days kept (maker
 * and taker sides both count), e.g. for fee tiers and the market overview.
 */
export class VolumeStats {
  private readonly days: DayVolume[] = [];
  private readonly perUser = new Map<number, Map<number, number>>();

  constructor(private readonly keepDays = 30) {}

  add(ts: number, price: number, qty: number, makerUserId: number, takerUserId: number): void {
    const day = ts - (((ts % DAY) + DAY) % DAY);
    let d = this.days[this.days.length - 1];
    if (d === undefined || d.day < day) {
      d = { day, trades: 0, volume: 0, quoteVolume: 0 };
      this.days.push(d);
      while (this.days.length > this.keepDays) {
        const gone = this.days.shift();
        if (gone !== undefined) this.perUser.delete(gone.day);
      }
    }
    d.trades++;
    d.volume += qty;
    d.quoteVolume += price * qty;
    let users = this.perUser.get(d.day);
    if (users === undefined) this.perUser.set(d.day, (users = new Map<number, number>()));
    for (const u of makerUserId === takerUserId ? [makerUserId] : [makerUserId, takerUserId])
      users.set(u, (users.get(u) ?? 0) + price * qty);
  }

  /** Days with trades, oldest first. */
  daily(): DayVolume[] {
    return this.days.map((d) => ({ ...d }));
  }

  /** Quote volume a user traded in the last `days` days ending with the day of `now`. */
  userQuoteVolume(userId: number, now: number, days = 30): number {
    const from = now - (((now % DAY) + DAY) % DAY) - (days - 1) * DAY;
    let sum = 0;
    for (const [day, users] of this.perUser) if (day >= from) sum += users.get(userId) ?? 0;
    return sum;
  }

  totals(): { trades: number; volume: number; quoteVolume: number } {
    return this.days.reduce(
      (t, d) => ({
        trades: t.trades + d.trades,
        volume: t.volume + d.volume,
        quoteVolume: t.quoteVolume + d.quoteVolume,
      }),
      { trades: 0, volume: 0, quoteVolume: 0 },
    );
  }
}
