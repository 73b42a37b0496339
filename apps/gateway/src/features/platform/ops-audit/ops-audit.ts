import { Prisma, type Db } from '../../../db/client.js';

export interface OpsAuditRow {
  id: string;
  actor: string;
  entity: string;
  entityKey: string;
  action: string;
  before: unknown;
  after: unknown;
  at: string;
}

type Tx = Prisma.TransactionClient | Db;

const json = (v: unknown) =>
  v === null || v === undefined
    ? undefined
    : (JSON.parse(JSON.stringify(v)) as Prisma.InputJsonValue);

/** One audit row: who changed which entity how, with the entity before and after. */
export async function writeAudit(
  tx: Tx,
  row: {
    actor: string;
    entity: string;
    entityKey: string;
    action: string;
    before: unknown;
    after: unknown;
    at: Date;
  },
): Promise<void> {
  await tx.opsAudit.create({
    data: {
      actor: row.actor,
      entity: row.entity,
      entityKey: row.entityKey,
      action: row.action,
      before: json(row.before) ?? Prisma.DbNull,
      after: json(row.after) ?? Prisma.DbNull,
      createdAt: row.at,
    },
  });
}

/** Newest first; optionally one entity (and key). */
export async function listAudit(
  db: Db,
  filter: { entity?: string | undefined; key?: string | undefined; limit?: number | undefined },
): Promise<OpsAuditRow[]> {
  const rows = await db.opsAudit.findMany({
    where: {
      ...(filter.entity ? { entity: filter.entity } : {}),
      ...(filter.key ? { entityKey: filter.key } : {}),
    },
    orderBy: { id: 'desc' },
    take: filter.limit ?? 50,
  });
  return rows.map((r) => ({
    id: String(r.id),
    actor: r.actor,
    entity: r.entity,
    entityKey: r.entityKey,
    action: r.action,
    before: r.before ?? null,
    after: r.after ?? null,
    at: r.createdAt.toISOString(),
  }));
}
