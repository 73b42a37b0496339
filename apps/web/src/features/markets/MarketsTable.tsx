import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { StarIcon } from '../../components/icons';
import { tradePath } from '../../config/paths';
import { abbreviateNumber, formatNumber, formatPercent } from '../../lib/format';
import { useSettings } from '../../lib/settings';
import type { MarketCategory, MarketRow } from './market-rows';
import type { SortKey, SortState } from './sort';
import { changeDirection, type Quote as Ticker } from '../../lib/ticker';

function CategoryBadge({ category }: { category: MarketCategory | null }) {
  const { t } = useTranslation();
  if (!category) return <span className="muted">-</span>;
  return (
    <span className={`badge badge--${category.toLowerCase()}`}>
      {t(`markets.category.${category}`)}
    </span>
  );
}

export interface MarketsTableProps {
  rows: readonly MarketRow[];
  tickers: Readonly<Record<string, Ticker>>;
  favourites: readonly string[];
  onToggleFavourite: (code: string) => void;
  sort: SortState | null;
  onSort: (key: SortKey) => void;
}

export function MarketsTable({
  rows,
  tickers,
  favourites,
  onToggleFavourite,
  sort,
  onSort,
}: MarketsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redUp } = useSettings();
  const columns = {
    pair: t('markets.columns.pair'),
    category: t('markets.columns.category'),
    lastPrice: t('markets.columns.lastPrice'),
    change: t('markets.columns.change'),
    volume: t('markets.columns.volume'),
  };
  const sortable = (key: SortKey, numeric = true) => {
    const active = sort?.key === key;
    return (
      <th
        scope="col"
        className={numeric ? 'num' : undefined}
        aria-sort={active ? (sort.direction === 'asc' ? 'ascending' : 'descending') : 'none'}
      >
        <button
          type="button"
          className="sort-button"
          onClick={() => onSort(key)}
          aria-label={t('markets.sortBy', { column: columns[key] })}
        >
          {columns[key]}
          <span
            className={`sort-arrow${active ? ` sort-arrow--${sort.direction}` : ''}`}
            aria-hidden="true"
          />
        </button>
      </th>
    );
  };
  return (
    <table className={`markets-table${redUp ? ' markets-table--red-up' : ''}`}>
      <thead>
        <tr>
          {sortable('pair', false)}
          <th scope="col" className="hide-mobile">
            {columns.category}
          </th>
          {sortable('lastPrice')}
          {sortable('change')}
          <th
            scope="col"
            className="num hide-mobile"
            aria-sort={
              sort?.key === 'volume'
                ? sort.direction === 'asc'
                  ? 'ascending'
                  : 'descending'
                : 'none'
            }
          >
            <button
              type="button"
              className="sort-button"
              onClick={() => onSort('volume')}
              aria-label={t('markets.sortBy', { column: columns.volume })}
            >
              {columns.volume}
              <span
                className={`sort-arrow${sort?.key === 'volume' ? ` sort-arrow--${sort.direction}` : ''}`}
                aria-hidden="true"
              />
            </button>
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => {
          const ticker = tickers[row.code];
          const fav = favourites.includes(row.code);
          const pair = `${row.base}/${row.counter}`;
          return (
            <tr
              key={row.code}
              data-code={row.code}
              className="market-row"
              onClick={(e) => {
                // The whole row opens the market; the star and the link keep their own clicks.
                if (!(e.target as HTMLElement).closest('a, button'))
                  void navigate(tradePath(row.code));
              }}
            >
              <th scope="row" className="cell-pair">
                <button
                  type="button"
                  className="fav-button"
                  aria-pressed={fav}
                  aria-label={
                    fav
                      ? t('markets.removeFavourite', { pair })
                      : t('markets.addFavourite', { pair })
                  }
                  onClick={() => onToggleFavourite(row.code)}
                >
                  <StarIcon filled={fav} />
                </button>
                <Link
                  to={tradePath(row.code)}
                  className="pair-cell pair-link"
                  aria-label={t('markets.tradePair', { pair })}
                >
                  <span className="pair">
                    <span className="pair__base">{row.base}</span>
                    <span className="pair__counter">/{row.counter}</span>
                  </span>
                  <span className="pair__name muted">{row.baseName}</span>
                </Link>
                {row.halted && <span className="badge badge--halted">{t('markets.halted')}</span>}
              </th>
              <td className="hide-mobile">
                <CategoryBadge category={row.category} />
              </td>
              <td
                className={`num price${ticker?.reference ? ' price--reference' : ''}`}
                data-testid="last-price"
                data-reference={ticker?.reference ? 'true' : undefined}
              >
                {formatNumber(ticker?.last, { decimals: row.priceDecimals })}
                {ticker?.reference && (
                  <span className="reference-tag" title={t('markets.referenceHint')}>
                    {t('markets.reference')}
                  </span>
                )}
              </td>
              <td className={`num change change--${changeDirection(ticker?.changePercent)}`}>
                {formatPercent(ticker?.changePercent)}
              </td>
              <td className="num hide-mobile">{abbreviateNumber(ticker?.volume)}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
