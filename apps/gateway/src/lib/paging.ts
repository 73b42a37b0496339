import { pageWindow, type Page, type PageQuery } from '@exchange/contracts';

/** Runs a paged query: `fetch` receives skip/take, the answer follows the client's paging rule. */
export async function paged<T>(
  q: PageQuery,
  fetch: (w: { skip: number; take: number }) => Promise<T[]>,
): Promise<Page<T>> {
  return { pageNum: q.pageNum, pageSize: q.pageSize, result: await fetch(pageWindow(q)) };
}
