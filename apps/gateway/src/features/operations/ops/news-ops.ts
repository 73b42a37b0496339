import { languageCode, RuntimeMode, type PushPayload } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { publicTopic } from '../../platform/socket/fanout.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

export interface NewsRow {
  id: number;
  language: string;
  category: string;
  title: string;
  summary: string;
  body: string;
  publishedAt: string;
}

const view = (r: {
  id: number;
  language: string;
  category: string;
  title: string;
  summary: string;
  body: string;
  publishedAt: Date;
}): NewsRow => ({ ...r, publishedAt: r.publishedAt.toISOString() });

export async function listNewsItems(
  deps: Pick<OpsDeps, 'db'>,
  filter: { language?: string | undefined; limit?: number | undefined } = {},
): Promise<NewsRow[]> {
  const rows = await deps.db.newsItem.findMany({
    where: filter.language ? { language: filter.language } : {},
    orderBy: [{ publishedAt: 'desc' }, { id: 'desc' }],
    take: filter.limit ?? 50,
  });
  return rows.map(view);
}

/**
 * Adds a news item or announcement in one language (the reader's, falling back to English when
 * a language has none); published now unless `publishedAt` says when (a later time schedules it).
 */
export async function addNewsItem(
  deps: OpsDeps,
  input: {
    title: string;
    summary?: string | undefined;
    body?: string | undefined;
    category?: string | undefined;
    language?: string | undefined;
    publishedAt?: string | undefined;
  },
): Promise<NewsRow> {
  const title = input.title.trim();
  if (!title) throw new AppError('OPS_INVALID', { reason: 'a news item needs a --title' });
  const category = input.category ?? 'NEWS';
  if (category !== 'NEWS' && category !== 'ANNOUNCEMENT')
    throw new AppError('OPS_INVALID', { reason: 'category is NEWS or ANNOUNCEMENT' });
  const language = languageCode.safeParse(input.language ?? 'en');
  if (!language.success)
    throw new AppError('OPS_INVALID', {
      reason: `language is one of ${languageCode.options.join(', ')}`,
    });
  const publishedAt = input.publishedAt ? new Date(input.publishedAt) : deps.clock.date();
  if (Number.isNaN(publishedAt.getTime()))
    throw new AppError('OPS_INVALID', { reason: '--at must be an ISO 8601 time' });
  const summary = input.summary?.trim() || title;
  const row = await deps.db.$transaction(async (tx) => {
    // Seeded items carry explicit ids, which the sequence did not count: take the next free one.
    const last = await tx.newsItem.aggregate({ _max: { id: true } });
    const created = await tx.newsItem.create({
      data: {
        id: (last._max.id ?? 0) + 1,
        title,
        summary,
        body: input.body?.trim() || summary,
        category,
        language: language.data,
        publishedAt,
      },
    });
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'news',
      entityKey: String(created.id),
      action: 'add',
      before: null,
      after: view(created),
      at: deps.clock.date(),
    });
    return created;
  });
  // Published now (not scheduled): every open client refreshes its news, and an announcement
  // shows as a banner to the readers of its language.
  if (publishedAt.getTime() <= deps.clock.now()) await publishNews(deps, row, true);
  return view(row);
}

/** Tells every open client, in every mode, that a news item was published or removed. */
async function publishNews(
  deps: OpsDeps,
  row: { id: number; title: string; category: string; language: string },
  active: boolean,
): Promise<void> {
  const notice: PushPayload<'system'> = {
    type: row.category === 'ANNOUNCEMENT' ? 'ANNOUNCEMENT' : 'NEWS',
    message: row.title,
    ts: deps.clock.now(),
    active,
    newsId: row.id,
    language: row.language,
  };
  await deps.fanout.publishMany(
    Object.values(RuntimeMode).map((mode) => ({
      topic: publicTopic('system', mode),
      data: notice,
    })),
  );
}

export async function removeNewsItem(deps: OpsDeps, id: number): Promise<NewsRow> {
  const row = await deps.db.$transaction(async (tx) => {
    const found = await tx.newsItem.findUnique({ where: { id } });
    if (!found) throw new AppError('OPS_NOT_FOUND', { entity: 'news item', key: String(id) });
    await tx.newsItem.delete({ where: { id } });
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'news',
      entityKey: String(id),
      action: 'remove',
      before: view(found),
      after: null,
      at: deps.clock.date(),
    });
    return found;
  });
  await publishNews(deps, row, false);
  return view(row);
}
