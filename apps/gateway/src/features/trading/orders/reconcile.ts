import type { EngineOrderSpec, PlaceOrderRequest } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { sendCommand } from './engine-client.js';
import { checkOrder } from './order-rules.js';
import { tradableSymbol } from './symbol-rules.js';

/** How long an order may stay PENDING before its command is sent again. */
export const PENDING_RESEND_MS = 30_000;

/**
 * Redis keeps nothing on disk: if it restarts before the engine has read a command, the order
 * would stay PENDING with its funds frozen. Settlement's instance sends such commands again;
 * the command id is the same, so an engine that did see it answers DUPLICATE and changes
 * nothing. Returns how many were sent.
 */
export async function resendPending(opts: {
  db: Db;
  redis: RedisConnections;
  clock: Clock;
  shard: string;
}): Promise<number> {
  const before = new Date(opts.clock.now() - PENDING_RESEND_MS);
  // Only the orders of this shard's symbols: each shard's settlement resends its own.
  const symbols = await opts.db.tradingSymbol.findMany({
    where: { engineShard: opts.shard },
    select: { code: true },
  });
  const stale = await opts.db.spotOrder.findMany({
    where: {
      status: 'PENDING',
      createdAt: { lt: before },
      symbol: { in: symbols.map((s) => s.code) },
    },
    take: 500,
    orderBy: { id: 'asc' },
  });
  let sent = 0;
  for (const o of stale) {
    const user = await opts.db.user.findUnique({
      where: { id: o.userId },
      select: { engineId: true },
    });
    const rules = await tradableSymbol(opts.db, o.mode as 0 | 1 | 2, o.symbol, {
      ignoreMaintenance: true,
    }).catch(() => null);
    if (!user || !rules) continue;
    const d = (v: { toFixed(): string } | null) => (v === null ? undefined : v.toFixed());
    // A market buy by total with a price is bounded by it (Rapid Buy's price protection).
    const limitPrice =
      o.type === 'MARKET' && o.quoteAmount !== null && o.price !== null ? d(o.price) : undefined;
    const req = {
      symbol: o.symbol,
      side: o.side,
      type: o.type,
      ...(o.timeInForce ? { timeInForce: o.timeInForce } : {}),
      price: limitPrice === undefined ? d(o.price) : undefined,
      amount: d(o.quantity),
      total: d(o.quoteAmount),
      icebergSize: d(o.icebergSize),
      triggerPrice: d(o.triggerPrice),
      ...(o.triggerDirection ? { triggerDirection: o.triggerDirection } : {}),
      trailingDelta: d(o.trailingDelta),
      activationPrice: d(o.activationPrice),
      ...(o.clientOrderId ? { clientOrderId: o.clientOrderId } : {}),
    } as PlaceOrderRequest;
    let spec: Omit<EngineOrderSpec, 'orderId'>;
    try {
      spec = checkOrder(JSON.parse(JSON.stringify(req)) as PlaceOrderRequest, rules, {
        limitPrice,
        // Rapid Buy's market buy passes over the user's own asks, sent again as first sent.
        selfTradePrevention: o.clientOrderId?.startsWith('rapid-') ? 'SKIP_OWN' : undefined,
      }).spec;
    } catch {
      continue;
    }
    await sendCommand(opts.redis, opts.shard, {
      kind: 'place',
      commandId: `place:${o.id}`,
      runtimeMode: o.mode as 0 | 1 | 2,
      symbol: o.symbol,
      userId: user.engineId,
      ts: o.createdAt.getTime(),
      orderId: Number(o.id),
      ...spec,
    });
    sent += 1;
  }
  return sent;
}
