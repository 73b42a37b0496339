import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAssets } from '../../../lib/catalogue';
import { formatNumber } from '../../../lib/format';
import { useSocketStatus } from '../../../lib/socket/socket-context';
import { useExchangeRates } from '../../../lib/exchange-rates';
import { rateTables, type RateRow } from '../api/exchange-rates';
import '../info.css';

function RateTable({
  id,
  caption,
  column,
  rows,
}: {
  id: string;
  caption: string;
  column: string;
  rows: readonly RateRow[];
}) {
  const { t } = useTranslation();
  if (rows.length === 0) return null;
  return (
    <div className="panel rates__panel">
      <h2 className="rates__caption" id={id}>
        {caption}
      </h2>
      <table className="data-table" aria-labelledby={id}>
        <thead>
          <tr>
            <th scope="col">{column}</th>
            <th scope="col" className="num">
              {t('rates.per100')}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.code} data-code={r.code}>
              <th scope="row">
                <span className="rates__code">{r.code}</span>{' '}
                <span className="muted rates__name">{r.name}</span>
              </th>
              <td className="num" data-testid="rate">
                {formatNumber(r.per100, { decimals: r.decimals })}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function RatesPage() {
  const { t, i18n } = useTranslation();
  const live = useSocketStatus() === 'open';
  const rates = useExchangeRates(live);
  const assets = useAssets();
  const tables = rates.data ? rateTables(rates.data, assets.data) : null;
  return (
    <section className="page info">
      <div className="page-head">
        <div>
          <h1>{t('rates.title')}</h1>
          <p className="muted">{t('rates.subtitle')}</p>
        </div>
        {rates.data && (
          <span className={`live-dot${live ? ' live-dot--on' : ''}`} data-live={live}>
            {live ? t('rates.live') : t('rates.offline')}
          </span>
        )}
      </div>
      {rates.isPending ? (
        <div className="panel">
          <LoadingState />
        </div>
      ) : rates.isError ? (
        <div className="panel">
          <ErrorState
            title={t('rates.title')}
            error={rates.error}
            onRetry={() => void rates.refetch()}
          />
        </div>
      ) : tables && tables.fiat.length + tables.assets.length > 0 ? (
        <>
          <RateTable
            id="rates-fiat"
            caption={t('rates.fiat')}
            column={t('rates.currency')}
            rows={tables.fiat}
          />
          <RateTable
            id="rates-assets"
            caption={t('rates.assets')}
            column={t('rates.asset')}
            rows={tables.assets}
          />
        </>
      ) : (
        <div className="panel">
          <EmptyState title={t('rates.empty')} />
        </div>
      )}
      {rates.data && (
        <p className="muted info__foot">
          {t('rates.updated', { time: new Date(rates.data.ts).toLocaleString(i18n.language) })}{' '}
          {t('rates.source')}
        </p>
      )}
    </section>
  );
}
