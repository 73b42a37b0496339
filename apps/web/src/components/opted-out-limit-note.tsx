import type { KycPermission } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../lib/format';
import { useOptedOutLimit } from '../lib/opted-out-limits';

/**
 * What an opted-out account may still do with a limited feature, shown above its form before
 * anything is typed: the 24-hour limit in USD and what remains of it. Nothing for other accounts.
 */
export function OptedOutLimitNote({ permission }: { permission: KycPermission }) {
  const { t } = useTranslation();
  const { limited, budget } = useOptedOutLimit(permission);
  if (!limited) return null;
  return (
    <p className="notice opted-out-limit" role="note" data-testid="opted-out-limit">
      {t('limits.note', {
        feature: t(`limits.features.${permission}` as 'limits.features.SPOT_TRADE'),
        limit: formatNumber(budget?.limitUsd ?? null),
      })}{' '}
      {budget && t('limits.remaining', { remaining: formatNumber(budget.remainingUsd) })}
    </p>
  );
}
