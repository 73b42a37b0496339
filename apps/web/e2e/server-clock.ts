/**
 * The clock of the exchanges the scenarios run (exchange.ts). They run at the wall clock's pace,
 * TIME_SCALE=1 whatever the shell says: the scenarios' modelled delays are shortened one by one
 * in exchange.ts instead. So the server's time is this machine's clock: the gateway's ScaledClock
 * at scale 1 reads Date.now() and adds nothing, and the gateway runs on this machine.
 */
export const E2E_TIME_SCALE = 1;

/** The time on the e2e exchange's clock, in milliseconds. */
export function serverNow(): number {
  return Date.now();
}
