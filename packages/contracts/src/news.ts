import { z } from 'zod';
import { pageQuery } from './paging.js';
import { get } from './endpoint.js';

export const newsItem = z.object({
  id: z.number().int(),
  category: z.enum(['NEWS', 'ANNOUNCEMENT']),
  title: z.string(),
  summary: z.string(),
  body: z.string(),
  publishedAt: z.string(),
});
export type NewsItem = z.infer<typeof newsItem>;

export const newsQuery = pageQuery.extend({
  category: z.enum(['NEWS', 'ANNOUNCEMENT']).optional(),
});

export const NEWS_ENDPOINTS = {
  news: get('/v1/marketing/public/news'),
} as const;
