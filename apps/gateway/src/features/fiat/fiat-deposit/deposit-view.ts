import { maskAccount, type FiatDeposit, type FiatDepositState } from '@exchange/contracts';
import type { FiatDeposit as FiatDepositRow } from '../../../db/generated/client.js';

/** A deposit as the API answers it; a charge waiting for the cardholder carries its page. */
export function toFiatDeposit(row: FiatDepositRow): FiatDeposit {
  return {
    id: row.id,
    channel: row.channel as FiatDeposit['channel'],
    currency: row.currency,
    amount: row.amount.toFixed(),
    fee: row.fee.toFixed(),
    credited: row.credited.toFixed(),
    state: row.state as FiatDepositState,
    reason: row.reason,
    cardBrand: row.cardBrand,
    cardLast4: row.cardLast4,
    payerName: row.payerName,
    payerAccountMasked: maskAccount(row.payerAccountNumber),
    actionUrl: row.state === 'REQUIRES_ACTION' ? row.actionUrl : null,
    reviewDueAt: row.reviewDueAt?.toISOString() ?? null,
    creditedAt: row.creditedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
