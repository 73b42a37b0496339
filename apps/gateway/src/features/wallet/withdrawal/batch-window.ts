import { WITHDRAWAL_BATCH_WINDOW as W } from '@exchange/contracts';

const HOUR = 3_600_000;

/**
 * The morning batch a crypto withdrawal requested at `at` waits for, or null when it may be sent
 * as soon as its review passes. Requests from 22:00 to 09:00 Hong Kong time (UTC+8, no daylight
 * saving) wait for 09:00 Hong Kong time: the same morning when made after midnight, the next
 * morning when made from 22:00. The spec also mentions 08:00 once; 09:00 is the window's own end
 * and the main statement, so the batch runs then (docs/features/crypto-withdrawals.md).
 */
export function nightBatchAt(at: Date): Date | null {
  const local = new Date(at.getTime() + W.utcOffsetHours * HOUR);
  const hour = local.getUTCHours();
  if (hour >= W.endHour && hour < W.startHour) return null;
  const batchLocal = Date.UTC(
    local.getUTCFullYear(),
    local.getUTCMonth(),
    local.getUTCDate() + (hour >= W.startHour ? 1 : 0),
    W.batchHour,
  );
  return new Date(batchLocal - W.utcOffsetHours * HOUR);
}
