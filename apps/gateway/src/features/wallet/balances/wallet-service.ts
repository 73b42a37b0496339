import { Decimal } from 'decimal.js';
import {
  FlowType,
  QUERY_HISTORY_MONTHS,
  flowTypeName,
  type BalanceItem,
  type LedgerFlow,
  type Page,
  type PageQuery,
  RuntimeMode,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { paged } from '../../../lib/paging.js';
import { availableAssets } from '../../platform/catalogue/catalogue-service.js';
import { post, SYSTEM } from '../ledger/ledger-service.js';

/** Every asset offered in the mode, with the account's available and frozen parts (zero if none). */
export async function listBalances(opts: {
  db: Db;
  userId: string;
  mode: RuntimeMode;
}): Promise<BalanceItem[]> {
  const [assets, rows] = await Promise.all([
    availableAssets({ db: opts.db, mode: opts.mode }),
    opts.db.balance.findMany({ where: { accountId: opts.userId, mode: opts.mode } }),
  ]);
  const byAsset = new Map(rows.map((r) => [r.asset, r]));
  return assets.map((a) => {
    const row = byAsset.get(a.code);
    const available = new Decimal(row?.available.toFixed() ?? 0);
    const frozen = new Decimal(row?.frozen.toFixed() ?? 0);
    return {
      asset: a.code,
      available: available.toFixed(),
      frozen: frozen.toFixed(),
      total: available.plus(frozen).toFixed(),
    };
  });
}

/** The oldest moment history may be read from: the past 6 months, as the spec says. */
export function historyStart(now: Date): Date {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - QUERY_HISTORY_MONTHS);
  return d;
}

export async function listFlows(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  query: PageQuery & {
    asset?: string | undefined;
    flowType?: number | undefined;
    startTime?: number | undefined;
    endTime?: number | undefined;
  };
}): Promise<Page<LedgerFlow>> {
  const earliest = historyStart(opts.clock.date());
  const { startTime, endTime } = opts.query;
  if (startTime !== undefined && startTime < earliest.getTime())
    throw new AppError('HISTORY_RANGE_EXCEEDED');
  return paged(opts.query, async ({ skip, take }) => {
    const rows = await opts.db.ledgerEntry.findMany({
      where: {
        accountId: opts.userId,
        mode: opts.mode,
        createdAt: {
          gte: startTime !== undefined ? new Date(startTime) : earliest,
          ...(endTime !== undefined ? { lte: new Date(endTime) } : {}),
        },
        ...(opts.query.asset ? { asset: opts.query.asset } : {}),
        ...(opts.query.flowType !== undefined ? { flowType: opts.query.flowType } : {}),
      },
      orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
      skip,
      take,
    });
    return rows.map((r) => ({
      id: r.id.toString(),
      txId: r.txId,
      asset: r.asset,
      bucket: r.bucket === 'FROZEN' ? 'FROZEN' : 'AVAILABLE',
      amount: r.amount.toFixed(),
      flowType: r.flowType,
      flowName: flowTypeName(r.flowType) ?? 'UNKNOWN',
      refType: r.refType,
      refId: r.refId,
      createdAt: r.createdAt.toISOString(),
    }));
  });
}

/**
 * Development only (DEV_CREDIT): credits simulated funds in Demo or Trial from the external system
 * account. Real funds are never credited, whatever the setting.
 */
export async function devCredit(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  asset: string;
  amount: string;
}): Promise<void> {
  if (opts.mode === RuntimeMode.REAL) throw new AppError('DEV_CREDIT_REAL_REFUSED');
  const assets = await availableAssets({ db: opts.db, mode: opts.mode });
  if (!assets.some((a) => a.code === opts.asset)) throw new AppError('ASSET_NOT_AVAILABLE');
  await opts.db.$transaction((tx) =>
    post(tx, {
      mode: opts.mode,
      flowType: FlowType.DEV_CREDIT,
      refType: 'DEV_CREDIT',
      refId: opts.userId,
      at: opts.clock.date(),
      legs: [
        {
          accountId: SYSTEM.external,
          asset: opts.asset,
          bucket: 'AVAILABLE',
          amount: new Decimal(opts.amount).neg(),
        },
        { accountId: opts.userId, asset: opts.asset, bucket: 'AVAILABLE', amount: opts.amount },
      ],
    }),
  );
}
