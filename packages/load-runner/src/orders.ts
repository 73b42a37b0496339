/**
 * The order flow of the benchmark, as a pure function of a counter. Even k: a passive order far
 * from the mid that rests (bids 40,000-40,099, asks 60,000-60,099). Odd k: crossing pairs at
 * 50,000, a BUY by an even-numbered user then a SELL by an odd-numbered one, so each SELL fills
 * a resting BUY of another user (self-trade prevention would cancel a same-user cross).
 */
export const SYMBOL = 'BTC_USDT';
export const AMOUNT = '0.001';

export interface PlannedOrder {
  symbol: string;
  user: number;
  side: 'BUY' | 'SELL';
  price: string;
  crossing: boolean;
}

/**
 * With several `symbols` (one per engine shard, BENCH_SHARDS), crossing pairs and passive orders
 * take turns over them, each pair on one symbol.
 */
export function plannedOrder(
  k: number,
  users: number,
  crossingOnly = false,
  symbols: readonly string[] = [SYMBOL],
): PlannedOrder {
  const pick = (i: number) => symbols[i % symbols.length] ?? SYMBOL;
  if (users < 2 || users % 2 !== 0) throw new Error('users must be an even number >= 2');
  if (crossingOnly || k % 2 === 1) {
    const j = crossingOnly ? k : (k - 1) / 2;
    const pair = Math.floor(j / 2);
    const side = j % 2 === 0 ? 'BUY' : 'SELL';
    const user = ((pair * 2) % users) + (side === 'SELL' ? 1 : 0);
    return { symbol: pick(pair), user, side, price: '50000.00', crossing: true };
  }
  const j = k / 2;
  const buy = j % 2 === 0;
  const offset = (j % 100) / 100 + (Math.floor(j / 200) % 100);
  return {
    symbol: pick(Math.floor(j / 2)),
    user: j % users,
    side: buy ? 'BUY' : 'SELL',
    price: (buy ? 40_000 + offset : 60_000 + offset).toFixed(2),
    crossing: false,
  };
}

export function orderBody(o: PlannedOrder, clientOrderId: string): Record<string, string> {
  return {
    symbol: o.symbol,
    side: o.side,
    type: 'LIMIT',
    price: o.price,
    amount: AMOUNT,
    clientOrderId,
  };
}
