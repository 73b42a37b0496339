import { Decimal } from 'decimal.js';
import {
  CANCELLATION_DUST,
  OPEN_ORDER_STATUSES,
  RuntimeMode,
  WITHDRAWAL_FINAL,
  FIAT_WITHDRAWAL_FINAL,
  type CancellationCondition,
  type CancellationConditionKey,
} from '@exchange/contracts';
import type { Db } from '../../../db/client.js';
import type { Clock } from '../../../lib/clock.js';
import { AppError } from '../../../lib/app-error.js';
import { lockView } from '../security/security-lock.js';

type Reader = Db;

/**
 * One kind of money in flight for an account: a deposit not credited yet, a withdrawal not sent
 * yet. A cancellation waits until every probe answers zero.
 */
export interface PendingMoneyProbe {
  kind: string;
  count(db: Reader, userId: string): Promise<number>;
}

/**
 * Real balances frozen beyond what the account's open Real orders hold: funds held by anything
 * else (a withdrawal under review or in its freeze, a transfer awaiting approval). Covers every
 * kind of outgoing money that freezes funds, including those added after this was written.
 */
const frozenBeyondOrders: PendingMoneyProbe = {
  kind: 'FROZEN_BALANCE',
  async count(db, userId) {
    const rows = await db.$queryRaw<{ n: bigint }[]>`
      SELECT count(*) AS n FROM balance b
      WHERE b."accountId" = ${userId} AND b.mode = ${RuntimeMode.REAL} AND b.frozen > COALESCE((
        SELECT sum(o."frozenRemaining") FROM spot_order o
        WHERE o."userId" = ${userId}::uuid AND o.mode = ${RuntimeMode.REAL}
          AND o."frozenAsset" = b.asset AND o.status = ANY(${[...OPEN_ORDER_STATUSES]})
      ), 0)`;
    return Number(rows[0]?.n ?? 0);
  },
};

/**
 * Every kind of pending money the exchange has. MERGE POINT: the crypto deposit (i18-chain) and
 * crypto withdrawal (i18-out) features add one probe each here, counting the account's
 * deposits not yet credited and available, and withdrawals not yet sent or failed. Fiat deposits,
 * withdrawals and flash remittances add theirs when they land. With those branches' tables:
 *
 *   { kind: 'CRYPTO_DEPOSIT', count: (db, userId) => db.cryptoDeposit.count({
 *       where: { userId, state: { in: ['CONFIRMING', 'UNAVAILABLE', 'DELAYED'] } } }) },
 *   { kind: 'CRYPTO_WITHDRAWAL', count: (db, userId) => db.cryptoWithdrawal.count({
 *       where: { userId, status: { notIn: [...WITHDRAWAL_FINAL] } } }) },
 *
 * (the page names both kinds in every language already: cancellation.pending.*).
 */
export const PENDING_MONEY_PROBES: PendingMoneyProbe[] = [
  frozenBeyondOrders,
  {
    kind: 'CRYPTO_DEPOSIT',
    count: (db, userId) =>
      db.cryptoDeposit.count({
        where: { userId, state: { in: ['CONFIRMING', 'UNAVAILABLE', 'DELAYED'] } },
      }),
  },
  {
    kind: 'CRYPTO_WITHDRAWAL',
    count: (db, userId) =>
      db.cryptoWithdrawal.count({
        where: { userId, status: { notIn: [...WITHDRAWAL_FINAL] } },
      }),
  },
  {
    kind: 'FIAT_WITHDRAWAL',
    count: (db, userId) =>
      db.fiatWithdrawal.count({
        where: { userId, status: { notIn: [...FIAT_WITHDRAWAL_FINAL] } },
      }),
  },
  {
    kind: 'FIAT_DEPOSIT',
    count: (db, userId) =>
      db.fiatDeposit.count({ where: { userId, state: { in: ['REQUIRES_ACTION', 'REVIEW'] } } }),
  },
];

/** The conditions that money decides: checked on the page, at the request and at the review's end. */
export const MONEY_CONDITIONS: readonly CancellationConditionKey[] = [
  'NO_OPEN_ORDERS',
  'NO_PENDING_MONEY',
  'BALANCES_WITHDRAWN',
];

export async function openOrders(db: Reader, userId: string) {
  const groups = await db.spotOrder.groupBy({
    by: ['mode'],
    where: { userId, status: { in: [...OPEN_ORDER_STATUSES] } },
    _count: { _all: true },
  });
  return groups
    .map((g) => ({ mode: g.mode, count: g._count._all }))
    .sort((a, b) => a.mode - b.mode);
}

export async function pendingMoney(db: Reader, userId: string, probes = PENDING_MONEY_PROBES) {
  const counts = await Promise.all(
    probes.map(async (p) => ({ kind: p.kind, count: await p.count(db, userId) })),
  );
  return counts.filter((c) => c.count > 0);
}

/** Real balances (available + frozen) above their asset's dust threshold (none: must be zero). */
export async function balancesAboveDust(db: Reader, userId: string) {
  const rows = await db.balance.findMany({
    where: { accountId: userId, mode: RuntimeMode.REAL },
    orderBy: { asset: 'asc' },
  });
  return rows.flatMap((r) => {
    const amount = new Decimal(r.available.toString()).plus(r.frozen.toString());
    const dust = new Decimal(CANCELLATION_DUST[r.asset] ?? 0);
    return amount.gt(dust)
      ? [{ asset: r.asset, amount: amount.toFixed(), dust: dust.toFixed() }]
      : [];
  });
}

/** Every condition with its state and what the page needs to explain it. */
export async function checkConditions(
  deps: { db: Reader; clock: Clock },
  userId: string,
): Promise<CancellationCondition[]> {
  const user = await deps.db.user.findUnique({
    where: { id: userId },
    select: { totpSecret: true, securityLockedUntil: true },
  });
  if (!user) throw new AppError('UNAUTHORIZED');
  const [orders, pending, balances] = await Promise.all([
    openOrders(deps.db, userId),
    pendingMoney(deps.db, userId),
    balancesAboveDust(deps.db, userId),
  ]);
  const lock = lockView(user.securityLockedUntil, deps.clock);
  return [
    { key: 'NO_OPEN_ORDERS', met: orders.length === 0, openOrders: orders },
    { key: 'NO_PENDING_MONEY', met: pending.length === 0, pending },
    { key: 'BALANCES_WITHDRAWN', met: balances.length === 0, balances },
    { key: 'AUTHENTICATOR_LINKED', met: Boolean(user.totpSecret) },
    { key: 'NO_SECURITY_LOCK', met: lock === null, lockedUntil: lock?.lockedUntil ?? null },
  ];
}

/**
 * Throws the catalogue error of the first unmet money condition (2100, 2101, 2102), its data
 * naming every unmet one, so the message says which condition and the page can show them all.
 */
export function assertMoneyConditions(conditions: CancellationCondition[]): void {
  const unmet = conditions.filter((c) => !c.met && MONEY_CONDITIONS.includes(c.key));
  const first = unmet[0];
  if (!first) return;
  const keys = unmet.map((c) => c.key);
  if (first.key === 'NO_OPEN_ORDERS') {
    const count = (first.openOrders ?? []).reduce((n, g) => n + g.count, 0);
    throw new AppError('CANCELLATION_OPEN_ORDERS', { count, conditions: keys });
  }
  if (first.key === 'NO_PENDING_MONEY')
    throw new AppError('CANCELLATION_PENDING_MONEY', { conditions: keys });
  const assets = (first.balances ?? []).map((b) => `${b.amount} ${b.asset}`).join(', ');
  throw new AppError('CANCELLATION_BALANCE_ABOVE_DUST', { assets, conditions: keys });
}
