import assert from 'node:assert/strict';
import { Redis } from 'ioredis';
import type { Page } from 'playwright-core';
import { mailUrlOf } from './exchange';

/** Puzzle answers live in Redis (`<prefix>puzzle:<id>` holds `{ x }`); the test reads them there. */
export function createPuzzleReader(redisUrl: string, prefix: string) {
  const redis = new Redis(redisUrl, { lazyConnect: true, maxRetriesPerRequest: 2 });
  return {
    async answer(puzzleId: string): Promise<number> {
      const raw = await redis.get(`${prefix}puzzle:${puzzleId}`);
      assert.ok(raw, `puzzle ${puzzleId} is not in Redis`);
      return (JSON.parse(raw) as { x: number }).x;
    },
    /**
     * Stands in for the price feed: a ticker published on the gateway's socket fan-out topic
     * (`<prefix>ws:ticker:<symbol>:<mode>`) reaches every browser subscribed to that symbol.
     */
    async publishTicker(
      symbol: string,
      mode: number,
      last: string,
      changePercent: string,
    ): Promise<void> {
      const ticker = {
        symbol,
        last,
        open: null,
        high: last,
        low: last,
        change: null,
        changePercent,
        volume: '1250.5',
        quoteVolume: '0',
        trades: 1,
      };
      await redis.publish(`${prefix}ws:ticker:${symbol}:${mode}`, JSON.stringify(ticker));
    },
    /**
     * Stands in for the settlement consumer's book deltas, the way the gateway's DepthStore does
     * it: the level (hash `<prefix>l2:{<mode>:<symbol>}:BUY|SELL`, price set `…:BUY:px|SELL:px`)
     * and the book's sequence (`…:seq`) change in one transaction, then the increment goes out on the fan-out topic
     * (`<prefix>ws:orderBook:<symbol>:<mode>`). Call it from one place at a time, so the
     * increments are published in the order of their sequence numbers.
     */
    async applyDepth(
      mode: number,
      symbol: string,
      side: 'BUY' | 'SELL',
      price: string,
      amount: string,
    ): Promise<number> {
      const m = redis.multi();
      const levels = `${prefix}l2:{${mode}:${symbol}}:${side}`;
      if (Number(amount) === 0) m.hdel(levels, price).zrem(`${levels}:px`, price);
      else m.hset(levels, price, amount).zadd(`${levels}:px`, Number(price), price);
      m.incr(`${prefix}l2:{${mode}:${symbol}}:seq`);
      const res = await m.exec();
      const seq = Number(res?.[2]?.[1] ?? 0);
      await redis.publish(
        `${prefix}ws:orderBook:${symbol}:${mode}`,
        JSON.stringify({ type: 'increment', symbol, seq, side, price, amount }),
      );
      return seq;
    },
    /** Deletes every key of the run's prefix (the exchange has stopped by then). */
    async clear(): Promise<void> {
      let cursor = '0';
      do {
        const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
        cursor = next;
        if (keys.length > 0) await redis.del(...keys);
      } while (cursor !== '0');
    },
    close: () => redis.quit().then(() => undefined),
  };
}

export type PuzzleReader = ReturnType<typeof createPuzzleReader>;

/**
 * Drags the slider like a person: grab, pause, accelerate and settle on the answer (a
 * minimum-jerk path timed by the wall clock, with a little vertical wobble), pause, release. The
 * server refuses even-speed slides, so the path must not be a straight ramp.
 */
export async function solvePuzzle(page: Page, reader: PuzzleReader): Promise<void> {
  const puzzle = page.locator('.puzzle[data-puzzle-id]');
  await puzzle.waitFor();
  for (let attempt = 1; ; attempt += 1) {
    const puzzleId = await puzzle.getAttribute('data-puzzle-id');
    assert.ok(puzzleId);
    await dragPiece(page, reader, puzzleId);
    // Solved, the check closes. Refused, a new picture comes, and a person tries again: on a
    // loaded machine the browser may sample the drag so sparsely that it reads as a program's
    // (a CI run's scenario waited out its 8 minutes behind such a second picture).
    const next = await waitUntil(
      'the security check to close or show a new picture',
      async () =>
        (await page.locator('.puzzle').count()) === 0
          ? 'solved'
          : ((await puzzle.getAttribute('data-puzzle-id', { timeout: 1_000 }).catch(() => null)) ??
            puzzleId),
      (state) => state !== puzzleId,
      30_000,
    );
    if (next === 'solved') return;
    assert.ok(attempt < 3, 'the puzzle was refused three times');
  }
}

/** Drags the piece to the answer as a person does: a look, then an eased, slightly shaky move. */
async function dragPiece(page: Page, reader: PuzzleReader, puzzleId: string): Promise<void> {
  const x = await reader.answer(puzzleId);
  const handle = page.getByRole('slider', { name: 'Puzzle slider' });
  const box = await handle.boundingBox();
  assert.ok(box);
  const startX = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  // A person looks at the picture before grabbing the piece.
  await page.waitForTimeout(900);
  await page.mouse.move(startX, y);
  await page.mouse.down();
  await page.waitForTimeout(120);
  // A fixed number of moves, not a duration: on a loaded machine a move takes longer, and a
  // time-bound drag made as few as three, which the exchange rightly refused as a program's jump.
  const steps = Math.max(36, Math.round(x / 6));
  for (let i = 0; i <= steps; i += 1) {
    const s = i / steps;
    const eased = s * s * s * (10 - 15 * s + 6 * s * s);
    await page.mouse.move(startX + x * eased, y + (i % 3) - 1);
    if (i < steps) await page.waitForTimeout(16);
  }
  await page.waitForTimeout(80);
  await page.mouse.up();
}

/**
 * The newest code e-mailed to `email` by the exchange at `baseUrl`, read from the REST API of the
 * mail catcher (MailDev) that `npm start` runs beside it: mail leaves the exchange only by SMTP.
 */
export async function readEmailCode(baseUrl: string, email: string): Promise<string> {
  const inbox = `${mailUrlOf(baseUrl)}/api/email`;
  const wanted = email.trim().toLowerCase();
  for (let attempt = 0; attempt < 60; attempt += 1) {
    const res = await fetch(inbox);
    const mails = res.ok
      ? ((await res.json()) as { text?: string; to?: { address: string }[] }[])
      : [];
    const match = mails
      .filter((m) => m.to?.some((to) => to.address.toLowerCase() === wanted))
      .reverse()
      .map((m) => /verification code is (\d{6})/.exec(m.text ?? ''))
      .find(Boolean);
    if (match?.[1]) return match[1];
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No code e-mailed to ${email}`);
}

/** Reads `read()` every 200 ms until `ok` holds; fails with the last value after the timeout. */
export async function waitUntil<T>(
  what: string,
  read: () => Promise<T>,
  ok: (value: T) => boolean,
  timeoutMs = 15_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (ok(value)) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: still ${JSON.stringify(value)} after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Fails when the page is wider than the viewport (it would scroll sideways on a phone). */
export async function noSidewaysScroll(page: Page, what: string): Promise<void> {
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  assert.ok(overflow <= 0, `${what} scrolls sideways by ${overflow} px`);
}
