import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './constants.js';

/** Query of a paged list: `pageNum` counts from 1. */
export const pageQuery = z.object({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(DEFAULT_PAGE_SIZE),
});
export type PageQuery = z.infer<typeof pageQuery>;

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    pageNum: z.number().int(),
    pageSize: z.number().int(),
    result: z.array(item),
  });
}
export type Page<T> = { pageNum: number; pageSize: number; result: T[] };

/** A next page exists only when the page is full (the convention of the client). */
export function hasNextPage(p: { pageSize: number; result: readonly unknown[] }): boolean {
  return p.result.length >= p.pageSize;
}

/** Rows to skip and take for a page query. */
export function pageWindow(q: PageQuery): { skip: number; take: number } {
  return { skip: (q.pageNum - 1) * q.pageSize, take: q.pageSize };
}
