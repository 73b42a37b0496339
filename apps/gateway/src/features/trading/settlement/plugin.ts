import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { engineShards } from '../orders/shard-map.js';
import { Settlement } from './settlement.js';

/**
 * Settlement of the engine's events, where SETTLEMENT is set: one consumer per engine shard of
 * the shard map, each with its own lock, stream, cursor and connection, running side by side
 * (their ledger writes lock balances in one key order and move them by net amounts, so two
 * shards may settle one user's trades at once), started when the app is ready.
 */
async function settlement(app: FastifyInstance): Promise<void> {
  const { deps, settled } = app.spotOrders;
  const settling = app.env.SETTLEMENT
    ? (app.env.SETTLEMENT_SHARDS ?? (await engineShards(app.db)))
    : [];
  const settlements = settling.map(
    (shard) =>
      new Settlement({
        db: app.db,
        sql: app.sql,
        redis: app.redis,
        clock: app.clock,
        shard,
        fanout: app.socket.fanout,
        verdicts: deps.verdicts,
        market: app.marketData.sink,
        log: app.log.child({ shard }),
        keepEvents: app.env.SETTLEMENT_KEEP_EVENTS,
        onCommitted: settled,
      }),
  );
  if (app.env.SETTLEMENT)
    app.addHook('onReady', async () => {
      for (const s of settlements) s.start();
    });
  app.addHook('onClose', async () => {
    await Promise.all(settlements.map((s) => s.stop()));
  });
}

export default fp(settlement, {
  name: 'trading/settlement',
  dependencies: ['infrastructure', 'platform/socket', 'trading/market-data', 'trading/orders'],
});
