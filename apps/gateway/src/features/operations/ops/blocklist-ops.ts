import { blockListItem } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { announceCatalogueChange } from '../../../lib/catalogue-changes.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

export interface BlockListRow {
  id: number;
  entries: unknown;
  mask: number;
  tag: string;
  enabled: boolean;
}

const view = (r: {
  id: number;
  entries: unknown;
  maskCode: number;
  targetTag: string;
  enabled: boolean;
}): BlockListRow => ({
  id: r.id,
  entries: r.entries,
  mask: r.maskCode,
  tag: r.targetTag,
  enabled: r.enabled,
});

export async function listBlockList(deps: Pick<OpsDeps, 'db'>): Promise<BlockListRow[]> {
  return (await deps.db.blockListItem.findMany({ orderBy: { id: 'asc' } })).map(view);
}

/**
 * Adds an entry: requests matching one of `entries` ("METHOD /path", a path ending in * is a
 * prefix) are answered with the `mask` code. Every gateway reloads its list at once.
 */
export async function addBlockListItem(
  deps: OpsDeps,
  input: { entries: string[]; mask: number; tag: string },
): Promise<BlockListRow> {
  const parsed = blockListItem.safeParse({
    entries: input.entries.map((e) => {
      const [method, url] = e.trim().split(/\s+/, 2);
      return url === undefined
        ? { method: '*', url: method }
        : { method: method?.toUpperCase(), url };
    }),
    mask: input.mask,
    tag: input.tag,
  });
  if (!parsed.success)
    throw new AppError('OPS_INVALID', {
      reason: `block-list entry: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`,
    });
  const row = await deps.db.$transaction(async (tx) => {
    const created = await tx.blockListItem.create({
      data: {
        entries: parsed.data.entries,
        maskCode: parsed.data.mask,
        targetTag: parsed.data.tag,
      },
    });
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'blocklist',
      entityKey: String(created.id),
      action: 'add',
      before: null,
      after: view(created),
      at: deps.clock.date(),
    });
    return created;
  });
  await announceCatalogueChange(deps.redis, 'blocklist');
  return view(row);
}

export async function removeBlockListItem(deps: OpsDeps, id: number): Promise<BlockListRow> {
  const row = await deps.db.$transaction(async (tx) => {
    const found = await tx.blockListItem.findUnique({ where: { id } });
    if (!found)
      throw new AppError('OPS_NOT_FOUND', { entity: 'block-list entry', key: String(id) });
    await tx.blockListItem.delete({ where: { id } });
    await writeAudit(tx, {
      actor: deps.actor,
      entity: 'blocklist',
      entityKey: String(id),
      action: 'remove',
      before: view(found),
      after: null,
      at: deps.clock.date(),
    });
    return found;
  });
  await announceCatalogueChange(deps.redis, 'blocklist');
  return view(row);
}
