import { ENGINE_HEARTBEAT_KEY, engineStreamKeys } from '@exchange/contracts';
import { engineMetrics } from './metrics.js';
import type { RedisClient } from './redis.js';

export const HEARTBEAT_KEY = ENGINE_HEARTBEAT_KEY;

/**
 * Announces that the matching service is alive: a key that expires after three missed beats,
 * holding the time of the last beat, for the gateway's readiness view of the engine (per shard).
 */
export function startHeartbeat(
  redis: RedisClient,
  intervalMs: number,
  now: () => number = Date.now,
  shard?: string,
): () => void {
  // The shard's own key (per-shard readiness) and the shared one (some engine is alive).
  const beat = async () => {
    const at = String(now());
    await redis.set(HEARTBEAT_KEY, at, 'PX', intervalMs * 3);
    if (shard !== undefined) {
      await redis.set(engineStreamKeys(shard).heartbeat, at, 'PX', intervalMs * 3);
      engineMetrics.lastBeat.set({ shard }, Number(at) / 1000);
    }
  };
  const timer = setInterval(() => void beat().catch(() => undefined), intervalMs);
  void beat().catch(() => undefined);
  return () => clearInterval(timer);
}
