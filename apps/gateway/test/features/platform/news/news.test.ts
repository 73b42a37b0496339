import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hasNextPage, type Page, type NewsItem } from '@exchange/contracts';
import { build, type TestApp } from '../../../helpers/build.js';

let t: TestApp;
beforeAll(async () => {
  t = await build();
  t.clock.set(Date.UTC(2026, 0, 1));
});
afterAll(() => t.close());

async function list(
  query: string,
): Promise<{ status: number; body: { code: string; data: Page<NewsItem> } }> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/marketing/public/news${query}` });
  return { status: res.statusCode, body: res.json() };
}

describe('paging', () => {
  it('defaults to page 1 of 10, newest first', async () => {
    const { body } = await list('');
    expect(body.data.pageNum).toBe(1);
    expect(body.data.pageSize).toBe(10);
    expect(body.data.result).toHaveLength(10);
    const times = body.data.result.map((n) => n.publishedAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(hasNextPage(body.data)).toBe(true);
  });

  it('gives the rest on page 2, which is not full, so there is no page 3', async () => {
    const { body } = await list('?pageNum=2');
    expect(body.data.result).toHaveLength(2);
    expect(hasNextPage(body.data)).toBe(false);
    const first = await list('?pageNum=1');
    const ids = new Set([...first.body.data.result, ...body.data.result].map((n) => n.id));
    expect(ids.size).toBe(12);
  });

  it('honours pageSize and filters', async () => {
    const { body } = await list('?pageNum=1&pageSize=5&category=ANNOUNCEMENT');
    expect(body.data.result.length).toBeLessThanOrEqual(5);
    expect(body.data.result.every((n) => n.category === 'ANNOUNCEMENT')).toBe(true);
  });

  it('rejects pageNum 0 and oversized pages with 1002', async () => {
    for (const q of ['?pageNum=0', '?pageSize=1000', '?pageNum=abc']) {
      const { status, body } = await list(q);
      expect(status).toBe(400);
      expect(body.code).toBe('1002');
    }
  });

  it('hides news published after now, by the injected clock', async () => {
    t.clock.set(Date.UTC(2025, 0, 1));
    const { body } = await list('');
    expect(body.data.result).toHaveLength(0);
    t.clock.set(Date.UTC(2026, 0, 1));
  });
});
