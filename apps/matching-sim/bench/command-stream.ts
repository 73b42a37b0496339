import { seededRandom, type EngineCommandInput } from '@exchange/contracts';

export const SERVICE_SYMBOL = {
  symbol: 'SIM-HKD',
  tickSize: '0.01',
  stepSize: '0.01',
  minQty: 1,
  minNotional: 1,
};

/**
 * A seeded stream of engine commands as the gateway would send them: mostly limit orders
 * around a mid, some market, iceberg and stop orders, cancels, and a few retries that repeat
 * an earlier commandId.
 */
export function commandStream(n: number, seed: number): EngineCommandInput[] {
  const r = seededRandom(seed);
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const out: EngineCommandInput[] = [];
  let orderId = 0;
  for (let i = 0; i < n; i++) {
    const base = {
      commandId: `s${seed}-${i}`,
      runtimeMode: 1 as const,
      symbol: SERVICE_SYMBOL.symbol,
      userId: int(1, 20),
      ts: 1_700_000_000_000 + i,
    };
    const side = r() < 0.5 ? ('BUY' as const) : ('SELL' as const);
    const x = r();
    const prior = out[int(0, Math.max(0, out.length - 1))];
    if (x < 0.03 && prior !== undefined) out.push({ ...prior });
    else if (x < 0.2 && orderId > 0)
      out.push({ ...base, kind: 'cancel', orderId: int(Math.max(1, orderId - 50), orderId) });
    else if (x < 0.27)
      out.push({
        ...base,
        kind: 'place',
        orderId: ++orderId,
        side,
        type: 'MARKET',
        quantity: int(1, 30),
      });
    else if (x < 0.32)
      out.push({
        ...base,
        kind: 'place',
        orderId: ++orderId,
        side,
        type: 'ICEBERG',
        price: int(990, 1010),
        quantity: 40,
        icebergVisible: 7,
      });
    else if (x < 0.35)
      out.push({
        ...base,
        kind: 'place',
        orderId: ++orderId,
        side,
        type: 'TRIGGER',
        triggerPrice: int(990, 1010),
        triggerDirection: r() < 0.5 ? 'ABOVE' : 'BELOW',
        quantity: int(1, 10),
      });
    else {
      const offset = int(-5, 15);
      out.push({
        ...base,
        kind: 'place',
        orderId: ++orderId,
        side,
        type: 'LIMIT',
        price: side === 'BUY' ? 1000 - offset : 1000 + offset,
        quantity: int(1, 30),
      });
    }
  }
  return out;
}
