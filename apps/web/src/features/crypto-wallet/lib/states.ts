import type { CryptoDeposit, WithdrawalStatus } from '@exchange/contracts';
import type { TFunction } from 'i18next';

/** A deposit's state as the history shows it: "Confirming 3/12", "Under review", "Available". */
export function depositStateText(
  d: Pick<CryptoDeposit, 'state' | 'confirmations' | 'confirmationsRequired'>,
  t: TFunction,
): string {
  if (d.state === 'CONFIRMING')
    return t('crypto.depositStates.CONFIRMING', {
      n: Math.min(d.confirmations, d.confirmationsRequired),
      total: d.confirmationsRequired,
    });
  return t(`crypto.depositStates.${d.state}`);
}

/** The colour of a withdrawal's state: moving, done, or returned. */
export function withdrawalTone(status: WithdrawalStatus): 'moving' | 'done' | 'returned' {
  if (status === 'COMPLETED') return 'done';
  if (status === 'REFUSED' || status === 'FAILED' || status === 'CANCELLED') return 'returned';
  return 'moving';
}

/** A long id or address cut to its ends: "0x12ab34…9f8e7d". */
export function shortTx(id: string, head = 8, tail = 6): string {
  return id.length <= head + tail + 1 ? id : `${id.slice(0, head)}…${id.slice(-tail)}`;
}
