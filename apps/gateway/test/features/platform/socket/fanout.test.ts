import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import {
  createFanout,
  mergeItems,
  privateTopic,
  publicTopic,
} from '../../../../src/features/platform/socket/fanout.js';
import { createRedis } from '../../../../src/lib/redis.js';
import { sleep, until } from '../../../helpers/wait.js';
import { PUSH_SAMPLES } from '@exchange/contracts/testing';

const [increment] = Array.isArray(PUSH_SAMPLES.orderBook) ? PUSH_SAMPLES.orderBook : [];
if (!increment) throw new Error('the orderBook sample is a run of increments');

const redis = createRedis(
  process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  `test:fanout:${randomUUID()}:`,
);
afterAll(() => redis.close());

describe('mergeItems', () => {
  it('joins lone items and arrays in order, and leaves a single push as it is', () => {
    expect(mergeItems(['{"seq":1}'])).toBe('{"seq":1}');
    expect(mergeItems(['[{"seq":1},{"seq":2}]'])).toBe('[{"seq":1},{"seq":2}]');
    expect(
      JSON.parse(mergeItems(['{"seq":1}', '[{"seq":2},{"seq":3}]', '[]', '{"seq":4}'])),
    ).toEqual([{ seq: 1 }, { seq: 2 }, { seq: 3 }, { seq: 4 }]);
  });
});

describe('the fan-out with conflation', () => {
  it('merges a public book or trade topic per window, in order, and passes everything else at once', async () => {
    const fanout = createFanout(redis, { conflateMs: 150 });
    const got: { topic: string; raw: string; at: number; framed: string }[] = [];
    const head = '{"event":"push","data":';
    const book = publicTopic('orderBook', 1, 'BTC_USDT');
    const trade = publicTopic('trade', 1, 'BTC_USDT');
    const ticker = publicTopic('ticker', 1, 'BTC_USDT');
    const fills = privateTopic('fills', 'u1', 1);
    const start = Date.now();
    for (const topic of [book, trade, ticker, fills]) {
      await fanout.subscribe(topic, (raw, _parsed, frame) =>
        got.push({
          topic,
          raw,
          at: Date.now() - start,
          // The frame's header is 2 bytes, or 4 with a 16-bit length (126 to 65,535 bytes).
          framed: ((f) => f.subarray(f[1] === 126 ? 4 : 2).toString())(frame(head)),
        }),
      );
    }
    const inc = (seq: number) => ({ ...increment, seq });
    await fanout.publishMany([
      { topic: book, data: inc(1) },
      { topic: trade, data: { ...PUSH_SAMPLES.trade, id: 't1' } },
      { topic: fills, data: PUSH_SAMPLES.fills },
      { topic: ticker, data: PUSH_SAMPLES.ticker },
    ]);
    await fanout.publishMany([{ topic: book, data: [inc(2), inc(3)] }]);
    await sleep(60);
    // The private fill and the ticker are there; the book and the trade wait for the window.
    expect(got.map((g) => g.topic).sort()).toEqual([fills, ticker].sort());
    await sleep(200);
    const books = got.filter((g) => g.topic === book);
    expect(books).toHaveLength(1);
    expect(JSON.parse(books[0]?.raw ?? '')).toEqual([inc(1), inc(2), inc(3)]);
    expect(books[0]?.framed).toBe(`${head}${books[0]?.raw}}`);
    const trades = got.filter((g) => g.topic === trade);
    expect(trades.map((g) => JSON.parse(g.raw) as unknown)).toEqual([
      { ...PUSH_SAMPLES.trade, id: 't1' },
    ]);
    await fanout.close();
  });

  it('delivers each push at once when conflation is off', async () => {
    const fanout = createFanout(redis, { conflateMs: 0 });
    const got: string[] = [];
    const book = publicTopic('orderBook', 1, 'ETH_USDT');
    await fanout.subscribe(book, (raw) => got.push(raw));
    await fanout.publish(book, { ...increment, seq: 1 });
    await fanout.publish(book, { ...increment, seq: 2 });
    await until(() => got.length >= 2, 500, 10);
    expect(got.map((raw) => (JSON.parse(raw) as { seq: number }).seq)).toEqual([1, 2]);
    await fanout.close();
  });
});
