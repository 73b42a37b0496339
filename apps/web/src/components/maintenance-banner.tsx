import { isAssetAvailable, isSymbolAvailable } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { useAssets, useSymbols } from '../lib/catalogue';
import { useRuntimeMode } from '../lib/settings';
import { dismissSystemNotice, useSystemNotices } from '../lib/system-notices';
import '../styles/maintenance.css';

interface Line {
  key: string;
  title: string;
  message: string;
  since: string | null;
  dismiss?: () => void;
}

/**
 * Maintenance an operator announced, under the header of every page: each symbol of the mode
 * whose trading is paused, each asset whose deposits and withdrawals are paused (both read from
 * the catalogue, which the socket keeps current), and exchange-wide notices received live.
 */
export function MaintenanceBanner() {
  const { t, i18n } = useTranslation();
  const mode = useRuntimeMode();
  const symbols = useSymbols();
  const assets = useAssets();
  const notices = useSystemNotices();
  const time = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(iso),
    );
  const lines: Line[] = [
    ...(symbols.data ?? [])
      .filter((s) => s.maintenance && isSymbolAvailable(s, mode))
      .map((s) => ({
        key: `symbol:${s.code}`,
        title: t('maintenance.symbol', { symbol: s.code.replace('_', '/') }),
        message: s.maintenance?.message ?? '',
        since: s.maintenance?.since ?? null,
      })),
    ...(assets.data ?? [])
      .filter((a) => a.maintenance && isAssetAvailable(a, mode))
      .map((a) => ({
        key: `asset:${a.code}`,
        title: t('maintenance.asset', { asset: a.code }),
        message: a.maintenance?.message ?? '',
        since: a.maintenance?.since ?? null,
      })),
    ...notices.map((n) => ({
      key: `notice:${n.ts}`,
      title: t('maintenance.notice'),
      message: n.message,
      since: new Date(n.ts).toISOString(),
      dismiss: () => dismissSystemNotice(n.ts),
    })),
  ];
  if (lines.length === 0) return null;
  return (
    <section className="maintenance-banner" aria-label={t('maintenance.region')} role="status">
      <ul className="container">
        {lines.map((line) => (
          <li key={line.key} data-testid={line.key}>
            <strong>{line.title}</strong> {line.message && <span>{line.message}</span>}{' '}
            {line.since && (
              <span className="muted">{t('maintenance.since', { time: time(line.since) })}</span>
            )}
            {line.dismiss && (
              <button type="button" className="maintenance-banner__close" onClick={line.dismiss}>
                {t('maintenance.dismiss')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
