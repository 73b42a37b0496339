import { Decimal } from 'decimal.js';
import {
  REPORT_TIME_ZONE,
  dayOf,
  monthRange,
  statementMonths,
  type FundFlow,
  type FundFlowQuery,
  type Page,
  type RuntimeMode,
  type StatementSummary,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { historyStart } from '../balances/wallet-service.js';
import { pageFlows, streamFlows, type FlowFilter } from './ledger-lines.js';

/**
 * The window of a fund-flow query: at most 6 months back (1152 with the earliest start allowed),
 * an end not before the start (1151); by default the whole 6 months up to now.
 */
export function flowWindow(
  now: Date,
  q: { startTime?: number | undefined; endTime?: number | undefined },
): { from: Date; to: Date } {
  const earliest = historyStart(now);
  if (q.startTime !== undefined && q.startTime < earliest.getTime())
    throw new AppError('REPORT_HISTORY_WINDOW', { earliest: dayOf(earliest) });
  const from = q.startTime !== undefined ? new Date(q.startTime) : earliest;
  // The end is inclusive in the query (a day picker's 23:59:59.999); the filter's is exclusive.
  const to = q.endTime !== undefined ? new Date(q.endTime + 1) : new Date(now.getTime() + 1);
  if (to.getTime() <= from.getTime()) throw new AppError('REPORT_RANGE_INVALID');
  return { from, to };
}

export function flowFilter(
  userId: string,
  mode: RuntimeMode,
  now: Date,
  q: Omit<FundFlowQuery, 'pageNum' | 'pageSize'>,
): FlowFilter {
  return {
    userId,
    mode,
    ...flowWindow(now, q),
    asset: q.asset,
    flowType: q.flowType,
    group: q.group,
  };
}

export async function listFundFlows(opts: {
  db: Db;
  filter: FlowFilter;
  query: FundFlowQuery;
}): Promise<Page<FundFlow>> {
  return paged(opts.query, (w) => pageFlows(opts.db, opts.filter, w));
}

/** A month's range for a statement: one of the offered months, cut at now for the current one. */
export function statementRange(now: Date, month: string): { from: Date; to: Date } {
  const months = statementMonths(now);
  if (!months.includes(month))
    throw new AppError('STATEMENT_MONTH_UNAVAILABLE', {
      earliest: months.at(-1),
      latest: months[0],
    });
  const { from, to } = monthRange(month);
  return { from, to: to.getTime() > now.getTime() ? new Date(now.getTime() + 1) : to };
}

interface SumRow {
  asset: string;
  before_available: string;
  before_frozen: string;
  in_available: string;
  in_frozen: string;
  credits: string;
  debits: string;
  lines: bigint;
}

const d = (v: string | null | undefined) => new Decimal(v ?? 0);
const parts = (available: Decimal, frozen: Decimal) => ({
  available: available.toFixed(),
  frozen: frozen.toFixed(),
  total: available.plus(frozen).toFixed(),
});

/**
 * A month's statement without its lines: per asset the opening balance (every entry before the
 * month, so it is rebuilt from the ledger, not read from the balance table), the credits and
 * debits of the month's lines and the closing balance (opening plus the month). Credits and
 * debits add up the lines' totals as `streamFlows` cuts them (per posting, asset and flow).
 */
export async function statementSummary(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  month: string;
}): Promise<{ summary: StatementSummary; filter: FlowFilter }> {
  const now = opts.clock.date();
  const { from, to } = statementRange(now, opts.month);
  const user = await opts.db.user.findUniqueOrThrow({
    where: { id: opts.userId },
    select: { uid: true, email: true },
  });
  const rows = await opts.db.$queryRaw<SumRow[]>`
    WITH e AS (
      SELECT asset, bucket, amount, "createdAt" >= ${from} AS inside, "txId", "flowType"
      FROM ledger_entry
      WHERE "accountId" = ${opts.userId} AND mode = ${opts.mode} AND "createdAt" < ${to}
    ),
    line AS (
      SELECT asset, SUM(amount) AS total FROM e WHERE inside GROUP BY "txId", asset, "flowType"
    ),
    lines AS (
      SELECT asset, COALESCE(SUM(total) FILTER (WHERE total > 0), 0)::text AS credits,
             COALESCE(SUM(total) FILTER (WHERE total < 0), 0)::text AS debits, COUNT(*) AS lines
      FROM line GROUP BY asset
    ),
    sums AS (
      SELECT asset,
             COALESCE(SUM(amount) FILTER (WHERE NOT inside AND bucket = 'AVAILABLE'), 0)::text AS before_available,
             COALESCE(SUM(amount) FILTER (WHERE NOT inside AND bucket = 'FROZEN'), 0)::text AS before_frozen,
             COALESCE(SUM(amount) FILTER (WHERE inside AND bucket = 'AVAILABLE'), 0)::text AS in_available,
             COALESCE(SUM(amount) FILTER (WHERE inside AND bucket = 'FROZEN'), 0)::text AS in_frozen
      FROM e GROUP BY asset
    )
    SELECT s.*, COALESCE(l.credits, '0') AS credits, COALESCE(l.debits, '0') AS debits,
           COALESCE(l.lines, 0) AS lines
    FROM sums s LEFT JOIN lines l ON l.asset = s.asset
    ORDER BY s.asset`;
  const assets = rows
    .map((r) => {
      const openA = d(r.before_available);
      const openF = d(r.before_frozen);
      return {
        asset: r.asset,
        opening: parts(openA, openF),
        credits: d(r.credits).toFixed(),
        debits: d(r.debits).toFixed(),
        closing: parts(openA.plus(r.in_available), openF.plus(r.in_frozen)),
        lines: Number(r.lines),
      };
    })
    // An asset with nothing before and nothing in the month has no place in the statement.
    .filter((a) => a.lines > 0 || a.opening.total !== '0' || a.opening.frozen !== '0');
  return {
    summary: {
      month: opts.month,
      mode: opts.mode,
      timeZone: REPORT_TIME_ZONE,
      from: from.toISOString(),
      to: to.toISOString(),
      generatedAt: now.toISOString(),
      uid: user.uid,
      email: user.email,
      assets,
    },
    filter: { userId: opts.userId, mode: opts.mode, from, to },
  };
}

export { streamFlows };
