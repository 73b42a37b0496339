import {
  DEPOSIT_RETRY_AFTER_MS,
  type CryptoDeposit,
  type CryptoDepositState,
} from '@exchange/contracts';
import type { CryptoDeposit as CryptoDepositRow } from '../../../db/generated/client.js';

/**
 * When a review counts as delayed: 10 minutes after it started (spec section 4: "Possible
 * delay: retry after 10 minutes"). The overdue job marks the row; the view and the retry rule
 * also read an overdue UNAVAILABLE row as DELAYED, so a lost job never strands a deposit.
 */
export function retryAt(row: Pick<CryptoDepositRow, 'reviewStartedAt'>): Date | null {
  return row.reviewStartedAt
    ? new Date(row.reviewStartedAt.getTime() + DEPOSIT_RETRY_AFTER_MS)
    : null;
}

export function effectiveState(
  row: Pick<CryptoDepositRow, 'state' | 'reviewStartedAt'>,
  now: number,
): CryptoDepositState {
  if (row.state === 'UNAVAILABLE') {
    const at = retryAt(row);
    if (at && at.getTime() <= now) return 'DELAYED';
  }
  return row.state;
}

export function toCryptoDeposit(row: CryptoDepositRow, now: number): CryptoDeposit {
  const state = effectiveState(row, now);
  return {
    id: row.id,
    asset: row.asset,
    network: row.network,
    address: row.address,
    txId: row.txId,
    outputIndex: row.outputIndex,
    amount: row.amount.toFixed(),
    state,
    confirmations: Math.min(row.confirmations, row.confirmationsRequired),
    confirmationsRequired: row.confirmationsRequired,
    reviewStartedAt: row.reviewStartedAt?.toISOString() ?? null,
    creditedAt: row.creditedAt?.toISOString() ?? null,
    withdrawableAt: row.withdrawableAt?.toISOString() ?? null,
    retryAt: state === 'DELAYED' ? (retryAt(row)?.toISOString() ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
