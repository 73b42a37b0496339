import { setImmediate as yieldToLoop } from 'node:timers/promises';
import { Decimal } from 'decimal.js';
import { FLOW_GROUPS, type FlowGroup, type FundFlow } from '@exchange/contracts';
import { Prisma, type Db } from '../../../db/client.js';

/** What a list of the user's flows is cut to: the user's entries of one mode in [from, to). */
export interface FlowFilter {
  userId: string;
  mode: number;
  from: Date;
  to: Date;
  asset?: string | undefined;
  flowType?: number | undefined;
  group?: FlowGroup | undefined;
}

/** Flow codes a filter keeps, or null for all. */
export function flowCodes(f: Pick<FlowFilter, 'flowType' | 'group'>): number[] | null {
  const group = f.group ? [...FLOW_GROUPS[f.group]] : null;
  if (f.flowType === undefined) return group;
  return group ? group.filter((c) => c === f.flowType) : [f.flowType];
}

export function filterSql(f: FlowFilter): Prisma.Sql {
  const codes = flowCodes(f);
  return Prisma.sql`"accountId" = ${f.userId} AND mode = ${f.mode}
    AND "createdAt" >= ${f.from} AND "createdAt" < ${f.to}
    ${f.asset ? Prisma.sql`AND asset = ${f.asset}` : Prisma.empty}
    ${codes ? (codes.length ? Prisma.sql`AND "flowType" IN (${Prisma.join(codes)})` : Prisma.sql`AND false`) : Prisma.empty}`;
}

interface EntryRow {
  id: bigint;
  txId: string;
  asset: string;
  bucket: string;
  amount: string;
  flowType: number;
  refType: string;
  refId: string;
  createdAt: Date;
}

/** Rows read per round trip when streaming; between two reads the event loop serves others. */
export const STREAM_PAGE = 2000;

/**
 * Every flow of a filter, oldest first, one per posting, asset and flow type (both parts of the
 * balance on one line, so a freeze shows as available -x, frozen +x, total 0). Reads the ledger
 * by keyset pages of `STREAM_PAGE` entries and yields to the event loop after each, so a month of
 * 50,000 flows never holds the loop for long. A posting's entries share its time, so lines are
 * grouped among the entries of one instant, which keeps the grouping exact across pages.
 */
export async function* streamFlows(db: Db, f: FlowFilter): AsyncGenerator<FundFlow[]> {
  let after: { at: Date; id: bigint } | null = null;
  let pending = new Map<string, FundFlow & { firstId: bigint }>();
  let pendingAt: number | null = null;
  const flush = (): FundFlow[] => {
    const out = [...pending.values()]
      .sort((a, b) => (a.firstId < b.firstId ? -1 : 1))
      .map(({ firstId: _, ...line }) => line);
    pending = new Map();
    return out;
  };
  for (;;) {
    const rows: EntryRow[] = await db.$queryRaw<EntryRow[]>`
      SELECT id, "txId"::text AS "txId", asset, bucket, amount::text AS amount, "flowType", "refType", "refId", "createdAt"
      FROM ledger_entry
      WHERE ${filterSql(f)}
        ${after ? Prisma.sql`AND ("createdAt", id) > (${after.at}, ${after.id})` : Prisma.empty}
      ORDER BY "createdAt", id
      LIMIT ${STREAM_PAGE}`;
    const out: FundFlow[] = [];
    for (const r of rows) {
      const at = r.createdAt.getTime();
      if (pendingAt !== null && at !== pendingAt) out.push(...flush());
      pendingAt = at;
      const key = `${r.txId}|${r.asset}|${r.flowType}`;
      let line = pending.get(key);
      if (!line) {
        line = {
          id: key,
          firstId: r.id,
          txId: r.txId,
          time: r.createdAt.toISOString(),
          asset: r.asset,
          flowType: r.flowType,
          available: '0',
          frozen: '0',
          total: '0',
          refType: r.refType,
          refId: r.refId,
        };
        pending.set(key, line);
      }
      const amount = new Decimal(r.amount);
      if (r.bucket === 'FROZEN') line.frozen = amount.plus(line.frozen).toFixed();
      else line.available = amount.plus(line.available).toFixed();
      line.total = amount.plus(line.total).toFixed();
    }
    const last = rows.at(-1);
    if (!last) {
      const rest = flush();
      if (rest.length) yield rest;
      return;
    }
    after = { at: last.createdAt, id: last.id };
    if (out.length) yield out;
    await yieldToLoop();
  }
}

interface LineRow {
  txId: string;
  asset: string;
  flowType: number;
  at: Date;
  available: string;
  frozen: string;
  total: string;
  refType: string;
  refId: string;
}

const exact = (v: string) => new Decimal(v).toFixed();

/** The flow types among the user's entries of one mode in [from, to), ascending. */
export async function flowTypesOf(
  db: Db,
  f: Pick<FlowFilter, 'userId' | 'mode' | 'from' | 'to'>,
): Promise<number[]> {
  const rows = await db.$queryRaw<{ flowType: number }[]>`
    SELECT DISTINCT "flowType" FROM ledger_entry
    WHERE ${filterSql({ userId: f.userId, mode: f.mode, from: f.from, to: f.to })}
    ORDER BY 1`;
  return rows.map((r) => r.flowType);
}

/** One page of the same lines as `streamFlows`, newest first (the fund-flow page). */
export async function pageFlows(
  db: Db,
  f: FlowFilter,
  w: { skip: number; take: number },
): Promise<FundFlow[]> {
  const rows = await db.$queryRaw<LineRow[]>`
    SELECT "txId"::text AS "txId", asset, "flowType", MIN("createdAt") AS at,
           COALESCE(SUM(amount) FILTER (WHERE bucket = 'AVAILABLE'), 0)::text AS available,
           COALESCE(SUM(amount) FILTER (WHERE bucket = 'FROZEN'), 0)::text AS frozen,
           SUM(amount)::text AS total, MIN("refType") AS "refType", MIN("refId") AS "refId"
    FROM ledger_entry
    WHERE ${filterSql(f)}
    GROUP BY "txId", asset, "flowType"
    ORDER BY MIN("createdAt") DESC, MIN(id) DESC
    OFFSET ${w.skip} LIMIT ${w.take}`;
  return rows.map((r) => ({
    id: `${r.txId}|${r.asset}|${r.flowType}`,
    txId: r.txId,
    time: r.at.toISOString(),
    asset: r.asset,
    flowType: r.flowType,
    available: exact(r.available),
    frozen: exact(r.frozen),
    total: exact(r.total),
    refType: r.refType,
    refId: r.refId,
  }));
}
