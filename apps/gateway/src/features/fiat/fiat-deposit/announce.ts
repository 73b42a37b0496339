import { RuntimeMode, type NotifyInput } from '@exchange/contracts';
import type { FiatDeposit as FiatDepositRow } from '../../../db/generated/client.js';
import { deliverNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import { privateTopic } from '../../platform/socket/fanout.js';
import type { FiatDepositDeps } from './fiat-deposit-deps.js';
import { toFiatDeposit } from './deposit-view.js';

/** After a change has committed: the deposit's new state on the private `fiatDeposit` channel. */
export async function announceFiatDeposit(
  deps: FiatDepositDeps,
  row: FiatDepositRow,
): Promise<void> {
  try {
    await deps.fanout.publish(
      privateTopic('fiatDeposit', row.userId, RuntimeMode.REAL),
      toFiatDeposit(row),
    );
  } catch (err) {
    deps.log.warn({ err, depositId: row.id }, 'fiat deposit state not pushed');
  }
}

/** The notice of a credited deposit: DEPOSIT_CREDITED, once per deposit (its key). */
export function fiatCreditedNotice(row: FiatDepositRow): NotifyInput {
  return {
    userId: row.userId,
    type: 'DEPOSIT_CREDITED',
    params: {
      mode: RuntimeMode.REAL,
      asset: row.currency,
      amount: row.credited.toFixed(),
      channel: row.channel === 'CARD' ? 'CARD' : 'FIAT',
      reference: row.externalId,
    },
    dedupeKey: `fiat-deposit:${row.id}`,
  };
}

/**
 * A credited deposit: its state, the balance to refetch, and the DEPOSIT_CREDITED notice the
 * credit's transaction stored, delivered (pushed, and mailed in the user's language).
 */
export async function announceFiatCredit(
  deps: FiatDepositDeps,
  row: FiatDepositRow,
  staged: readonly (StagedNotice | null)[],
): Promise<void> {
  await announceFiatDeposit(deps, row);
  try {
    await deps.fanout.publish(privateTopic('refreshAsset', row.userId, RuntimeMode.REAL), {
      assets: [row.currency],
    });
  } catch (err) {
    deps.log.warn({ err, depositId: row.id }, 'balance refresh not pushed');
  }
  await deliverNotices(deps.notifyDeps, staged);
}
