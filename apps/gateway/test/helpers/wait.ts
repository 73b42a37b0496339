/**
 * The one way tests wait for work that happens outside the test's control (the engine process,
 * Redis streams, settlement, market makers, the mail job): poll a check until it holds. Time
 * the exchange itself measures (expiry, lockouts, history windows) moves with the ManualClock
 * instead.
 */
export async function until(
  check: () => Promise<boolean> | boolean,
  ms = 5000,
  every = 50,
): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() >= end) throw new Error(`condition not met within ${ms} ms`);
    await sleep(every);
  }
}

/** Polls `read` until its value passes `done`; returns that value (or throws after `ms`). */
export async function eventually<T>(
  read: () => Promise<T>,
  done: (value: T) => boolean,
  ms = 5000,
  every = 50,
): Promise<T> {
  let value = await read();
  await until(async () => done((value = await read())), ms, every);
  return value;
}

/** A fixed pause, for checking that something does not happen within it. */
export const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));
