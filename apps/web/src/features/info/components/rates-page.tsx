import { useTranslation } from 'react-i18next';
import { ErrorState, LoadingState } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { useExchangeRates } from '../api/exchange-rates';
import '../info.css';

export function RatesPage() {
  const { t, i18n } = useTranslation();
  const rates = useExchangeRates();
  return (
    <section className="page info">
      <div className="page-head">
        <div>
          <h1>{t('rates.title')}</h1>
          <p className="muted">{t('rates.subtitle')}</p>
        </div>
      </div>
      <div className="panel">
        {rates.isPending ? (
          <LoadingState />
        ) : rates.isError ? (
          <ErrorState title={t('rates.title')} error={rates.error} onRetry={() => void rates.refetch()} />
        ) : (
          <table className="data-table">
            <thead>
              <tr>
                <th scope="col">{t('rates.currency')}</th>
                <th scope="col" className="num">
                  {t('rates.buy')}
                </th>
                <th scope="col" className="num">
                  {t('rates.sell')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rates.data.rates.map((r) => (
                <tr key={r.currency}>
                  <th scope="row">{r.currency}</th>
                  <td className="num">{formatNumber(r.buy, { decimals: 2 })}</td>
                  <td className="num">{formatNumber(r.sell, { decimals: 2 })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
      {rates.data && (
        <p className="muted info__foot">
          {t('rates.updated', { time: new Date(rates.data.updatedAt).toLocaleString(i18n.language) })} {t('rates.source')}
        </p>
      )}
    </section>
  );
}
