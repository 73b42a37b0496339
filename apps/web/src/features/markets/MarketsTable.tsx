import { useTranslation } from 'react-i18next';
import type { MarketCategory, MarketRow } from './market-rows';

function CategoryBadge({ category }: { category: MarketCategory | null }) {
  const { t } = useTranslation();
  if (!category) return <span className="muted">-</span>;
  return (
    <span className={`badge badge--${category.toLowerCase()}`}>
      {t(`markets.category.${category}`)}
    </span>
  );
}

export function MarketsTable({ rows }: { rows: readonly MarketRow[] }) {
  const { t } = useTranslation();
  const columns = {
    pair: t('markets.columns.pair'),
    name: t('markets.columns.name'),
    category: t('markets.columns.category'),
    tickSize: t('markets.columns.tickSize'),
  };
  return (
    <table className="markets-table">
      <thead>
        <tr>
          <th scope="col">{columns.pair}</th>
          <th scope="col">{columns.name}</th>
          <th scope="col">{columns.category}</th>
          <th scope="col" className="num">
            {columns.tickSize}
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.code} data-code={row.code}>
            <th scope="row" className="cell-pair" data-label={columns.pair}>
              <span className="pair">
                <span className="pair__base">{row.base}</span>
                <span className="pair__counter">/{row.counter}</span>
              </span>
              {row.halted && <span className="badge badge--halted">{t('markets.halted')}</span>}
            </th>
            <td data-label={columns.name}>{row.baseName}</td>
            <td data-label={columns.category}>
              <CategoryBadge category={row.category} />
            </td>
            <td className="num" data-label={columns.tickSize}>
              {row.tickSize}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
