import { RuntimeMode, type NotifyInput } from '@exchange/contracts';
import type { StagedNotice } from '../../platform/notifications/notify.js';
import type { CryptoDeposit as CryptoDepositRow } from '../../../db/generated/client.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import type { ChainDeps } from '../chain/chain-callbacks.js';
import { toCryptoDeposit } from './deposit-view.js';

/**
 * After a deposit's change has committed: its new state on the account's private
 * `cryptoDeposit` channel (Real mode). Best effort: a Redis failure is logged, and the page's
 * next read of the list shows the state anyway.
 */
export async function announceDeposit(deps: ChainDeps, row: CryptoDepositRow): Promise<void> {
  try {
    await deps.fanout.publish(
      privateTopic('cryptoDeposit', row.userId, RuntimeMode.REAL),
      toCryptoDeposit(row, deps.clock.now()),
    );
  } catch (err) {
    deps.log.warn({ err, depositId: row.id }, 'deposit state not pushed');
  }
}

/**
 * A credited deposit: its state, the balances to refetch, and the notice the credit's
 * transaction stored, delivered (a crash before this point leaves it to the outbox sweep).
 */
export async function announceCredit(
  deps: ChainDeps,
  row: CryptoDepositRow,
  staged: readonly (StagedNotice | null)[],
): Promise<void> {
  await announceDeposit(deps, row);
  try {
    await deps.fanout.publish(privateTopic('refreshAsset', row.userId, RuntimeMode.REAL), {
      assets: [row.asset],
    });
  } catch (err) {
    deps.log.warn({ err, depositId: row.id }, 'balance refresh not pushed');
  }
  await deps.deliverNotices(staged);
}

/**
 * The one notice of a credited crypto deposit: DEPOSIT_CREDITED (stored with the credit's
 * transaction, then pushed, and mailed in the user's language unless they opted out). Its key
 * is the deposit's, so it is stored once whatever repeats.
 */
export function depositCreditedNotice(row: CryptoDepositRow): NotifyInput {
  return {
    userId: row.userId,
    type: 'DEPOSIT_CREDITED',
    params: {
      mode: RuntimeMode.REAL,
      asset: row.asset,
      amount: row.amount.toFixed(),
      channel: 'CRYPTO',
      reference: row.txId,
    },
    dedupeKey: `crypto-deposit:${row.id}`,
  };
}
