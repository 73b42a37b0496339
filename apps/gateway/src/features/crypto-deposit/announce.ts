import { RuntimeMode } from '@exchange/contracts';
import type { CryptoDeposit as CryptoDepositRow } from '../../db/generated/client.js';
import { privateTopic } from '../socket/fanout.js';
import type { ChainDeps } from '../wallet/chain-callbacks.js';
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
 * The one place a credited crypto deposit tells the user (the notification and its e-mail).
 * Safe to run again for the same deposit: the mail job's id is the deposit's.
 */
export async function onDepositCredited(deps: ChainDeps, row: CryptoDepositRow): Promise<void> {
  const user = await deps.db.user.findUnique({
    where: { id: row.userId },
    select: { email: true },
  });
  if (!user) return;
  const network = await deps.db.assetNetwork.findUnique({
    where: { asset_network: { asset: row.asset, network: row.network } },
    select: { name: true },
  });
  const amount = `${row.amount.toFixed()} ${row.asset}`;
  await deps.sendMail(
    {
      to: user.email,
      subject: `Deposit credited: ${amount}`,
      text: [
        `Your deposit of ${amount} on ${network?.name ?? row.network} has been credited to your Real account.`,
        `Transaction: ${row.txId} (output ${row.outputIndex})`,
        `As a safety measure, crypto deposits can be withdrawn 24 hours after they are credited` +
          (row.withdrawableAt ? ` (from ${row.withdrawableAt.toISOString()} UTC).` : '.'),
        'If you do not recognise this deposit, contact support.',
      ].join('\n\n'),
    },
    `deposit-credited-${row.id}`,
  );
}
