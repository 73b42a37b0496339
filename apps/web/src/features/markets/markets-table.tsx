import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { VolumeStats } from '@exchange/contracts';
import { StarIcon } from '../../components/icons';
import { Sparkline } from '../../components/sparkline';
import { useSparkline } from '../../lib/sparkline';
import { tradePath } from '../../config/paths';
import { abbreviateNumber, formatNumber, formatPercent } from '../../lib/format';
import { useSettings } from '../../lib/settings';
import type { MarketCategory, MarketRow } from './market-rows';
import { marketCapOfRow, quoteVolumeOf, type SortKey, type SortState } from './sort';
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
  /** statsTradeVolume figures by symbol. */
  volumes?: Readonly<Record<string, VolumeStats>>;
}

/** The last day's hourly closes of a market; an empty cell until it has traded twice. */
function RowSparkline({
  symbol,
  direction,
  redUp,
}: {
  symbol: string;
  direction: 'up' | 'down' | 'flat';
  redUp: boolean;
}) {
  const closes = useSparkline(symbol).data ?? [];
  return <Sparkline values={closes} direction={direction} redUp={redUp} />;
}

export function MarketsTable({
  rows,
  tickers,
  favourites,
  onToggleFavourite,
  sort,
  onSort,
  volumes = {},
}: MarketsTableProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { redUp } = useSettings();
  const columns = {
    pair: t('markets.columns.pair'),
    category: t('markets.columns.category'),
    lastPrice: t('markets.columns.lastPrice'),
    change: t('markets.columns.change'),
    volume: t('screen.markets.volume24h'),
    marketCap: t('screen.markets.marketCap'),
  };
  const sortable = (key: SortKey, { numeric = true, hideMobile = false } = {}) => {
    const active = sort?.key === key;
    const classes = [numeric ? 'num' : '', hideMobile ? 'hide-mobile' : ''].filter(Boolean);
    return (
      <th
        scope="col"
        className={classes.length ? classes.join(' ') : undefined}
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
          {sortable('pair', { numeric: false })}
          <th scope="col" className="hide-mobile">
            {columns.category}
          </th>
          {sortable('lastPrice')}
          {sortable('change')}
          {sortable('volume', { hideMobile: true })}
          {sortable('marketCap', { hideMobile: true })}
          <th scope="col" className="num hide-mobile">
            {t('screen.markets.trend')}
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
              <td className="num hide-mobile" data-testid="volume-24h">
                {abbreviateNumber(quoteVolumeOf(row, tickers, volumes))}
              </td>
              <td className="num hide-mobile" data-testid="market-cap">
                {abbreviateNumber(marketCapOfRow(row, tickers))}
              </td>
              <td className="num hide-mobile cell-trend">
                <RowSparkline
                  symbol={row.code}
                  direction={changeDirection(ticker?.changePercent)}
                  redUp={redUp}
                />
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
