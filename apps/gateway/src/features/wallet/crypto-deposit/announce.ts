import { RuntimeMode } from '@exchange/contracts';
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

/** A credited deposit: its state, the balances to refetch, and the user told. */
export async function announceCredit(deps: ChainDeps, row: CryptoDepositRow): Promise<void> {
  await announceDeposit(deps, row);
  try {
    await deps.fanout.publish(privateTopic('refreshAsset', row.userId, RuntimeMode.REAL), {
      assets: [row.asset],
    });
  } catch (err) {
    deps.log.warn({ err, depositId: row.id }, 'balance refresh not pushed');
  }
  await onDepositCredited(deps, row);
}

/**
 * The one place a credited crypto deposit tells the user: the DEPOSIT_CREDITED notification
 * (stored, pushed, and mailed in the user's language unless they opted out). Safe to run again
 * for the same deposit: the notification's key is the deposit's.
 */
export async function onDepositCredited(deps: ChainDeps, row: CryptoDepositRow): Promise<void> {
  try {
    await deps.notify({
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
    });
  } catch (err) {
    // The credit has committed; a notification lost to a database hiccup must not fail the job
    // (its retry would find the deposit credited and stop before this point).
    deps.log.warn({ err, depositId: row.id }, 'deposit credited but not notified');
  }
}
