import {
  FIAT_DEPOSIT_STATES,
  FIAT_WITHDRAWAL_STATES,
  maskAccount,
  type FiatHistoryItem,
  type FiatHistoryQuery,
  type Page,
  type RuntimeMode,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import { csvRow } from '../../wallet/reports/csv.js';
import { historyStart } from '../../wallet/balances/wallet-service.js';
import { assertFiatDepositor } from './access.js';

type Filters = Omit<FiatHistoryQuery, 'pageNum' | 'pageSize'>;

/** The most rows one CSV export carries (6 months of a busy account fit well within it). */
export const FIAT_HISTORY_EXPORT_MAX = 10_000;

function window(clock: Clock, f: Filters) {
  const earliest = historyStart(clock.date());
  if (f.startTime !== undefined && f.startTime < earliest.getTime())
    throw new AppError('HISTORY_RANGE_EXCEEDED');
  return {
    gte: new Date(Math.max(f.startTime ?? 0, earliest.getTime())),
    ...(f.endTime !== undefined ? { lte: new Date(f.endTime) } : {}),
  };
}

/** The newest `take` rows of each table that match, merged newest first. */
async function rows(db: Db, userId: string, clock: Clock, f: Filters, take: number) {
  const createdAt = window(clock, f);
  const currency = f.currency?.toUpperCase();
  const wantDeposits =
    f.type !== 'WITHDRAWAL' &&
    (!f.state || (FIAT_DEPOSIT_STATES as readonly string[]).includes(f.state));
  const wantWithdrawals =
    f.type !== 'DEPOSIT' &&
    (!f.state || (FIAT_WITHDRAWAL_STATES as readonly string[]).includes(f.state));
  const [deposits, withdrawals] = await Promise.all([
    wantDeposits
      ? db.fiatDeposit.findMany({
          where: {
            userId,
            createdAt,
            ...(currency ? { currency } : {}),
            ...(f.state ? { state: f.state } : {}),
          },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take,
        })
      : [],
    wantWithdrawals
      ? db.fiatWithdrawal.findMany({
          where: {
            userId,
            createdAt,
            ...(currency ? { currency } : {}),
            ...(f.state ? { status: f.state } : {}),
          },
          orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
          take,
        })
      : [],
  ]);
  // A withdrawal names the account it goes to the way a deposit names the payer's: masked.
  const accountNumbers = new Map(
    (
      await db.bankAccount.findMany({
        where: { id: { in: [...new Set(withdrawals.map((w) => w.bankAccountId))] } },
        select: { id: true, accountNumber: true },
      })
    ).map((a) => [a.id, a.accountNumber]),
  );
  const items: FiatHistoryItem[] = [
    ...deposits.map(
      (d): FiatHistoryItem => ({
        id: d.id,
        type: 'DEPOSIT',
        channel: d.channel,
        currency: d.currency,
        amount: d.amount.toFixed(),
        fee: d.fee.toFixed(),
        net: d.credited.toFixed(),
        state: d.state,
        account:
          d.channel === 'CARD'
            ? d.cardLast4
              ? `${d.cardBrand ?? 'CARD'} •••• ${d.cardLast4}`
              : null
            : maskAccount(d.payerAccountNumber),
        reason: d.reason,
        ...(d.state === 'REFUSED' ? { returned: d.returnedAt !== null } : {}),
        createdAt: d.createdAt.toISOString(),
        updatedAt: d.updatedAt.toISOString(),
      }),
    ),
    ...withdrawals.map((w): FiatHistoryItem => {
      const fee = w.actualFee ?? w.estimatedFee;
      return {
        id: w.id,
        type: 'WITHDRAWAL',
        channel: 'BANK',
        currency: w.currency,
        amount: w.amount.toFixed(),
        fee: fee.toFixed(),
        net: w.actualFee ? w.amount.minus(w.actualFee).toFixed() : w.estimatedReceived.toFixed(),
        state: w.status,
        account: maskAccount(accountNumbers.get(w.bankAccountId)) ?? w.accountName,
        reason: w.reason,
        createdAt: w.createdAt.toISOString(),
        updatedAt: w.updatedAt.toISOString(),
      };
    }),
  ];
  items.sort((a, b) => b.createdAt.localeCompare(a.createdAt) || b.id.localeCompare(a.id));
  return items.slice(0, take);
}

/** Fiat deposits and withdrawals of the past 6 months, newest first (paged; Real mode). */
export async function listFiatHistory(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  query: FiatHistoryQuery;
}): Promise<Page<FiatHistoryItem>> {
  await assertFiatDepositor(opts.db, opts.userId, opts.mode);
  const { pageNum, pageSize, ...filters } = opts.query;
  const skip = (pageNum - 1) * pageSize;
  const all = await rows(opts.db, opts.userId, opts.clock, filters, skip + pageSize);
  return { pageNum, pageSize, result: all.slice(skip, skip + pageSize) };
}

const CSV_HEADER = [
  'Time (UTC)',
  'Type',
  'Channel',
  'Currency',
  'Amount',
  'Fee',
  'Net',
  'State',
  'Account',
  'Reason',
  'Id',
];

/** The same rows as CSV (RFC 4180, UTF-8 with BOM so spreadsheets read the names right). */
export async function fiatHistoryCsv(opts: {
  db: Db;
  clock: Clock;
  userId: string;
  mode: RuntimeMode;
  filters: Filters;
}): Promise<string> {
  await assertFiatDepositor(opts.db, opts.userId, opts.mode);
  const items = await rows(opts.db, opts.userId, opts.clock, opts.filters, FIAT_HISTORY_EXPORT_MAX);
  return (
    '\uFEFF' +
    csvRow(CSV_HEADER) +
    items
      .map((i) =>
        csvRow([
          i.createdAt,
          i.type,
          i.channel,
          i.currency,
          i.amount,
          i.fee,
          i.net,
          i.state,
          i.account,
          i.reason,
          i.id,
        ]),
      )
      .join('')
  );
}
