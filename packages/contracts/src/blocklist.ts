import { z } from 'zod';

export const httpMethod = z.enum(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', '*']);

/** `url` matches a request path exactly, or by prefix when it ends in "*". */
export const blockListEntry = z.object({ url: z.string().startsWith('/'), method: httpMethod });
export type BlockListEntry = z.infer<typeof blockListEntry>;

export const blockListItem = z.object({
  entries: z.array(blockListEntry).min(1),
  mask: z.number().int().describe('Error code answered to a denied request'),
  tag: z.string().describe('What the entry targets, for example "withdrawal" or "maintenance"'),
});
export type BlockListItem = z.infer<typeof blockListItem>;

export function entryMatches(entry: BlockListEntry, method: string, path: string): boolean {
  if (entry.method !== '*' && entry.method !== method.toUpperCase()) return false;
  return entry.url.endsWith('*') ? path.startsWith(entry.url.slice(0, -1)) : path === entry.url;
}
