import type { Notification } from '@exchange/contracts';
import type { TFunction } from 'i18next';

const MODE_KEYS = ['real', 'demo', 'trial'] as const;

/** A date and time in the reader's language. */
export const formatWhen = (iso: string, language: string) =>
  new Date(iso).toLocaleString(language, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * A notification's title and body in the reader's language, from its type and params: the
 * gateway stores no text, so a language change re-renders every notice.
 */
export function notificationText(
  t: TFunction,
  n: Notification,
  language: string,
): { title: string; body: string } {
  const mode = (m: number) => t(`notifications.modes.${MODE_KEYS[m] ?? 'real'}`);
  switch (n.type) {
    case 'ORDER_FILLED': {
      const p = n.params;
      return {
        title: t(
          p.status === 'FILLED'
            ? `notifications.types.ORDER_FILLED.title`
            : `notifications.types.ORDER_FILLED.titlePartial`,
        ),
        body: t(`notifications.types.ORDER_FILLED.body`, {
          side: t(`notifications.sides.${p.side}`),
          symbol: p.symbol.replace('_', '/'),
          mode: mode(p.mode),
          filled: p.filledQuantity,
          quantity: p.quantity,
          price: p.averagePrice ?? '-',
        }),
      };
    }
    case 'DEPOSIT_CREDITED':
      return {
        title: t('notifications.types.DEPOSIT_CREDITED.title'),
        body: t('notifications.types.DEPOSIT_CREDITED.body', {
          amount: n.params.amount,
          asset: n.params.asset,
          mode: mode(n.params.mode),
        }),
      };
    case 'TRANSFER_RECEIVED':
      return {
        title: t('notifications.types.TRANSFER_RECEIVED.title'),
        body: t('notifications.types.TRANSFER_RECEIVED.body', {
          amount: n.params.amount,
          asset: n.params.asset,
          fromUid: n.params.fromUid,
          mode: mode(n.params.mode),
        }),
      };
    case 'WITHDRAWAL_SENT':
      return {
        title: t('notifications.types.WITHDRAWAL_SENT.title'),
        body: t(`notifications.types.WITHDRAWAL_SENT.body`, { ...n.params }),
      };
    case 'FLASH_REMITTANCE_REQUEST':
      return {
        title: t('notifications.types.FLASH_REMITTANCE_REQUEST.title'),
        body: t(`notifications.types.FLASH_REMITTANCE_REQUEST.body`, {
          ...n.params,
          expiresAt: formatWhen(n.params.expiresAt, language),
        }),
      };
    case 'KYC_RESULT':
      return {
        title: t('notifications.types.KYC_RESULT.title'),
        body: t(`notifications.types.KYC_RESULT.${n.params.status}`, {
          reason: n.params.reason ?? '-',
        }),
      };
    case 'SECURITY_CHANGE': {
      const lines = [t(`notifications.types.SECURITY_CHANGE.${n.params.change}`)];
      if (n.params.lockedUntil)
        lines.push(
          t(`notifications.types.SECURITY_CHANGE.locked`, {
            until: formatWhen(n.params.lockedUntil, language),
          }),
        );
      if (n.params.change !== 'AUTHENTICATOR_LINKED')
        lines.push(t(`notifications.types.SECURITY_CHANGE.notYou`));
      return { title: t('notifications.types.SECURITY_CHANGE.title'), body: lines.join(' ') };
    }
    case 'NEW_DEVICE_LOGIN':
      return {
        title: t('notifications.types.NEW_DEVICE_LOGIN.title'),
        body: t(`notifications.types.NEW_DEVICE_LOGIN.body`, {
          ...n.params,
          at: formatWhen(n.params.at, language),
        }),
      };
    case 'ANNOUNCEMENT':
      return {
        title: t('notifications.types.ANNOUNCEMENT.title'),
        body: t(`notifications.types.ANNOUNCEMENT.body`, { title: n.params.title }),
      };
    case 'ACCOUNT_CANCELLATION':
      return {
        title: t('notifications.types.ACCOUNT_CANCELLATION.title'),
        body: t(`notifications.types.ACCOUNT_CANCELLATION.${n.params.status}`),
      };
    case 'STATEMENT_READY':
      return {
        title: t('notifications.types.STATEMENT_READY.title'),
        body: t(`notifications.types.STATEMENT_READY.body`, { month: n.params.month }),
      };
    case 'BANK_ACCOUNT':
      return {
        title: t('notifications.types.BANK_ACCOUNT.title'),
        body: t(`notifications.types.BANK_ACCOUNT.${n.params.event}`, {
          accountNumber: n.params.accountNumber ?? '',
          reason: n.params.reason ?? '-',
        }),
      };
    case 'FIAT_WITHDRAWAL_RETURNED':
      return {
        title: t('notifications.types.FIAT_WITHDRAWAL_RETURNED.title'),
        body: t(`notifications.types.FIAT_WITHDRAWAL_RETURNED.${n.params.status}`, {
          ...n.params,
        }),
      };
    case 'FOREIGN_EXCHANGE_SETTLED':
      return {
        title: t('notifications.types.FOREIGN_EXCHANGE_SETTLED.title'),
        body: t(`notifications.types.FOREIGN_EXCHANGE_SETTLED.${n.params.status}`, {
          ...n.params,
        }),
      };
    case 'COMPETITION_RESULT': {
      const { reward, ...p } = n.params;
      const variant = reward === null ? 'RANKED' : reward.paid ? 'WON_PAID' : 'WON_PENDING';
      return {
        title: t('notifications.types.COMPETITION_RESULT.title'),
        body: t(`notifications.types.COMPETITION_RESULT.${variant}`, {
          name: p.name,
          rank: p.rank,
          returnPct: p.returnPct,
          amount: reward?.amount ?? '',
          asset: reward?.asset ?? '',
        }),
      };
    }
  }
}
