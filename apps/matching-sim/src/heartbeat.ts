import { ENGINE_HEARTBEAT_KEY } from '@exchange/contracts';
import type { RedisClient } from './redis.js';

export const HEARTBEAT_KEY = ENGINE_HEARTBEAT_KEY;

/**
 * Announces that the matching service is alive: a key that expires after three missed beats,
 * holding the time of the last beat, for the gateway's readiness view of the engine.
 */
export function startHeartbeat(
  redis: RedisClient,
  intervalMs: number,
  now: () => number = Date.now,
): () => void {
  const beat = () => redis.set(HEARTBEAT_KEY, String(now()), 'PX', intervalMs * 3);
  const timer = setInterval(() => void beat().catch(() => undefined), intervalMs);
  void beat().catch(() => undefined);
  return () => clearInterval(timer);
}
