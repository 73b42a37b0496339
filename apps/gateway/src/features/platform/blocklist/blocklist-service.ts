import { blockListItem, entryMatches, type BlockListItem } from '@exchange/contracts';
import type { Db } from '../../../db/client.js';

export async function loadBlockList(db: Db): Promise<BlockListItem[]> {
  const rows = await db.blockListItem.findMany({
    where: { enabled: true },
    orderBy: { id: 'asc' },
  });
  // A malformed row is skipped rather than blocking everything or nothing by accident.
  return rows.flatMap((r) => {
    const parsed = blockListItem.safeParse({
      entries: r.entries,
      mask: r.maskCode,
      tag: r.targetTag,
    });
    return parsed.success ? [parsed.data] : [];
  });
}

export function findBlock(
  items: readonly BlockListItem[],
  method: string,
  path: string,
): BlockListItem | undefined {
  return items.find((item) => item.entries.some((e) => entryMatches(e, method, path)));
}
