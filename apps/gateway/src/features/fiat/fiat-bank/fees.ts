import { Decimal } from 'decimal.js';
import {
  FlowType,
  PARTNER_BANK_FEE_CURRENCY,
  PARTNER_BANK_MONTHLY_FEE_USD,
  PARTNER_BANK_OPENING_FEE_USD,
  RuntimeMode,
  hkDate,
  hkInstant,
} from '@exchange/contracts';
import type { Db, Prisma } from '../../../db/client.js';
import { SYSTEM, post } from '../../wallet/ledger/ledger-service.js';

type Tx = Prisma.TransactionClient;
export type FeeKind = 'OPENING' | 'MONTHLY';

/**
 * The partner-bank account's fees as ledger flows (spec 917001-917004):
 * - 917001 BANK_ACCOUNT_OPENING_FEE and 917002 VIRTUAL_ACCOUNT_MONTHLY_FEE: the fee charged
 *   from the available USD balance when it fell due (the balance covered it);
 * - 917003 BANK_ACCOUNT_OPENING_FEE_DEDUCTION and 917004 VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION:
 *   a fee that was owed (the balance did not cover it when due, so nothing moved then), deducted
 *   later when USD arrived (`collectOwedFees`, called after each USD credit and by the monthly
 *   job).
 * Balances never go below zero and every posting is user against system:fees, so the ledger
 * stays conserved.
 */
export const FEE_FLOWS: Record<FeeKind, { charge: number; deduction: number }> = {
  OPENING: {
    charge: FlowType.BANK_ACCOUNT_OPENING_FEE,
    deduction: FlowType.BANK_ACCOUNT_OPENING_FEE_DEDUCTION,
  },
  MONTHLY: {
    charge: FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE,
    deduction: FlowType.VIRTUAL_ACCOUNT_MONTHLY_FEE_DEDUCTION,
  },
};
export const FEE_AMOUNTS: Record<FeeKind, string> = {
  OPENING: PARTNER_BANK_OPENING_FEE_USD,
  MONTHLY: PARTNER_BANK_MONTHLY_FEE_USD,
};
const REF_TYPE = 'PARTNER_BANK_FEE';

/** The Hong Kong month (YYYY-MM) of an instant. */
export const hkMonth = (at: Date | number) => hkDate(at).slice(0, 7);

/** The first instant of the Hong Kong month after `month` (YYYY-MM). */
export function nextHkMonthStart(month: string): Date {
  const [y = 0, m = 1] = month.split('-').map(Number);
  const next = m === 12 ? `${y + 1}-01` : `${y}-${String(m + 1).padStart(2, '0')}`;
  return hkInstant(`${next}-01`);
}

/** The Hong Kong months after `from`'s month up to `to`'s month included. */
export function monthsAfter(from: Date, to: Date): string[] {
  const out: string[] = [];
  let start = nextHkMonthStart(hkMonth(from));
  while (start.getTime() <= to.getTime()) {
    out.push(hkMonth(start));
    start = nextHkMonthStart(hkMonth(start));
  }
  return out;
}

/** The available USD balance, locked for the rest of the transaction. */
async function lockedAvailable(tx: Tx, userId: string): Promise<Decimal> {
  const rows = await tx.$queryRaw<{ available: string }[]>`
    SELECT available::text AS available FROM balance
    WHERE "accountId" = ${userId} AND mode = ${RuntimeMode.REAL} AND asset = ${PARTNER_BANK_FEE_CURRENCY}
    FOR UPDATE`;
  return new Decimal(rows[0]?.available ?? '0');
}

function feeLegs(userId: string, amount: Decimal) {
  return [
    {
      accountId: userId,
      asset: PARTNER_BANK_FEE_CURRENCY,
      bucket: 'AVAILABLE' as const,
      amount: amount.neg(),
    },
    {
      accountId: SYSTEM.fees,
      asset: PARTNER_BANK_FEE_CURRENCY,
      bucket: 'AVAILABLE' as const,
      amount,
    },
  ];
}

/**
 * Records a fee once per account, kind and period (a repeat does nothing and answers null):
 * charged from the available balance when it covers the fee, otherwise owed.
 */
export async function levyFee(
  tx: Tx,
  opts: { userId: string; accountId: string; kind: FeeKind; period: string; at: Date },
): Promise<'CHARGED' | 'OWED' | null> {
  const amount = new Decimal(FEE_AMOUNTS[opts.kind]);
  const inserted = await tx.$queryRaw<{ id: string }[]>`
    INSERT INTO partner_bank_fee (id, "userId", "accountId", kind, period, currency, amount, state, "createdAt")
    VALUES (gen_random_uuid(), ${opts.userId}::uuid, ${opts.accountId}::uuid, ${opts.kind}, ${opts.period},
            ${PARTNER_BANK_FEE_CURRENCY}, ${amount.toFixed()}::numeric, 'OWED', ${opts.at})
    ON CONFLICT ("accountId", kind, period) DO NOTHING
    RETURNING id`;
  const id = inserted[0]?.id;
  if (!id) return null;
  const available = await lockedAvailable(tx, opts.userId);
  if (available.lt(amount)) return 'OWED';
  const ledgerTxId = await post(tx, {
    mode: RuntimeMode.REAL,
    flowType: FEE_FLOWS[opts.kind].charge,
    refType: REF_TYPE,
    refId: id,
    at: opts.at,
    legs: feeLegs(opts.userId, amount),
  });
  await tx.partnerBankFee.update({
    where: { id },
    data: { state: 'CHARGED', ledgerTxId, settledAt: opts.at },
  });
  return 'CHARGED';
}

/**
 * Deducts the user's owed fees, oldest first, while the available USD balance covers each (the
 * deduction flows 917003 / 917004). Call it after a USD credit commits (a bank or card deposit);
 * the monthly job calls it too. Answers how many fees were deducted.
 */
export async function collectOwedFees(db: Db, opts: { userId: string; at: Date }): Promise<number> {
  return db.$transaction(async (tx) => {
    const owed = await tx.$queryRaw<{ id: string; kind: FeeKind; amount: string }[]>`
      SELECT id, kind, amount::text AS amount FROM partner_bank_fee
      WHERE "userId" = ${opts.userId}::uuid AND state = 'OWED'
      ORDER BY "createdAt", period FOR UPDATE`;
    if (!owed.length) return 0;
    let available = await lockedAvailable(tx, opts.userId);
    let done = 0;
    for (const fee of owed) {
      const amount = new Decimal(fee.amount);
      if (available.lt(amount)) break;
      const ledgerTxId = await post(tx, {
        mode: RuntimeMode.REAL,
        flowType: FEE_FLOWS[fee.kind].deduction,
        refType: REF_TYPE,
        refId: fee.id,
        at: opts.at,
        legs: feeLegs(opts.userId, amount),
      });
      await tx.partnerBankFee.update({
        where: { id: fee.id },
        data: { state: 'DEDUCTED', ledgerTxId, settledAt: opts.at },
      });
      available = available.minus(amount);
      done += 1;
    }
    return done;
  });
}

/**
 * Levies the virtual-account fee of every Hong Kong month after each open account's opening
 * month up to the month of `at` (catching up months a stopped job missed), once per account and
 * month, then collects what is owed. Answers the fees levied.
 */
export async function levyMonthlyFees(db: Db, at: Date): Promise<number> {
  const accounts = await db.partnerBankAccount.findMany({
    where: { openedAt: { not: null } },
    select: { id: true, userId: true, openedAt: true },
  });
  let levied = 0;
  for (const account of accounts) {
    if (!account.openedAt) continue;
    const months = monthsAfter(account.openedAt, at);
    if (!months.length) continue;
    levied += await db.$transaction(async (tx) => {
      let n = 0;
      for (const period of months) {
        const state = await levyFee(tx, {
          userId: account.userId,
          accountId: account.id,
          kind: 'MONTHLY',
          period,
          at,
        });
        if (state) n += 1;
      }
      const last = months.at(-1);
      if (n && last)
        await tx.partnerBankAccount.update({
          where: { id: account.id },
          data: { monthlyFeeChargedFor: hkInstant(`${last}-01`), updatedAt: at },
        });
      return n;
    });
    await collectOwedFees(db, { userId: account.userId, at });
  }
  return levied;
}
