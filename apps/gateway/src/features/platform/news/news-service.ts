import type { NewsItem, Page, PageQuery } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { paged } from '../../../lib/paging.js';

/** Newest first, in the reader's language, falling back to English when it has none. */
export async function listNews(opts: {
  db: Db;
  language: string;
  query: PageQuery & { category?: 'NEWS' | 'ANNOUNCEMENT' | undefined };
  now: Date;
}): Promise<Page<NewsItem>> {
  const base = opts.language.split('-')[0] ?? 'en';
  const has = await opts.db.newsItem.count({ where: { language: { in: [opts.language, base] } } });
  const languages = has > 0 ? [opts.language, base] : ['en'];
  return paged(opts.query, async ({ skip, take }) => {
    const rows = await opts.db.newsItem.findMany({
      where: {
        language: { in: languages },
        publishedAt: { lte: opts.now },
        ...(opts.query.category ? { category: opts.query.category } : {}),
      },
      orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
    });
    return rows.map((r) => ({
      id: r.id,
      category: r.category === 'ANNOUNCEMENT' ? 'ANNOUNCEMENT' : 'NEWS',
      title: r.title,
      summary: r.summary,
      body: r.body,
      publishedAt: r.publishedAt.toISOString(),
    }));
  });
}
