import {
  HONG_KONG_BANKING_HOURS,
  addHkBusinessDays,
  hkDate,
  hkInstant,
  isHkBusinessDay,
} from '@exchange/contracts';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * When the bank sends an outgoing transfer asked for at `at`: at once on a Hong Kong business day
 * within banking hours; before opening on a business day, at opening that day; otherwise at
 * opening on the next business day (weekends and the general holidays of hk-calendar.ts).
 */
export function nextSendTime(at: number): number {
  const { startHour, endHour } = HONG_KONG_BANKING_HOURS;
  const date = hkDate(at);
  if (isHkBusinessDay(at)) {
    const open = hkInstant(date, startHour).getTime();
    const close = hkInstant(date, endHour).getTime();
    if (at < open) return open;
    if (at < close) return at;
  }
  return hkInstant(addHkBusinessDays(at, 1), startHour).getTime();
}

/** How many EUR the bank gives for one USD when it charges a fee in EUR. */
export const SIM_EUR_PER_USD = '0.92';

/**
 * The intermediary bank's fee on an outgoing transfer: between 10 and 12 USD (two decimals),
 * fixed by the request id (the same transfer always costs the same), or its EUR equivalent.
 */
export function intermediaryFee(requestId: string, currency: string): string {
  const digest = bytesToHex(sha256(utf8ToBytes(`fee|${requestId}`)));
  const cents = 1000 + (parseInt(digest.slice(0, 8), 16) % 201);
  if (currency !== 'EUR') return (cents / 100).toFixed(2);
  // Cents * 0.92, rounded half up to the cent, in integers.
  const eurCents = Math.round((cents * 92) / 100);
  return (eurCents / 100).toFixed(2);
}
