import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { useMarketRows } from './api';
import { useFavourites } from './hooks/use-favourites';
import { useQuotes } from '../../lib/use-tickers';
import { filterMarketRows } from './market-rows';
import { useTradeVolumes } from './trade-volumes';
import { MarketsTable } from './markets-table';
import { nextSort, sortRows, type SortState } from './sort';
import './markets.css';

function SearchIcon() {
  return (
    <svg className="search__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

type Tab = 'all' | 'favourites';

export function MarketsPage() {
  const { t } = useTranslation();
  const state = useMarketRows();
  const pairs = useMemo(() => (state.status === 'success' ? state.rows : []), [state]);
  const { tickers, live } = useQuotes(pairs);
  const codes = useMemo(() => pairs.map((p) => p.code), [pairs]);
  const volumes = useTradeVolumes(codes);
  const { favourites, toggle } = useFavourites();
  const [query, setQuery] = useState('');
  const [tab, setTab] = useState<Tab>('all');
  const [sort, setSort] = useState<SortState | null>(null);
  const searchId = useId();
  const titleId = useId();

  const rows = state.status === 'success' ? state.rows : undefined;
  const visible = useMemo(() => {
    if (!rows) return [];
    const inTab = tab === 'favourites' ? rows.filter((r) => favourites.includes(r.code)) : rows;
    return sortRows(filterMarketRows(inTab, query), tickers, sort, volumes);
  }, [rows, query, tab, favourites, tickers, sort, volumes]);

  let body;
  if (state.status === 'pending') {
    body = <LoadingState label={t('markets.loading')} />;
  } else if (state.status === 'error') {
    body = <ErrorState title={t('markets.loadFailed')} error={state.error} onRetry={state.retry} />;
  } else if (state.rows.length === 0) {
    body = <EmptyState title={t('markets.empty')} />;
  } else if (visible.length === 0 && query.trim() === '' && tab === 'favourites') {
    body = <EmptyState title={t('markets.noFavourites')} />;
  } else if (visible.length === 0) {
    body = (
      <div className="state">
        <p>{t('markets.noMatch', { query: query.trim() })}</p>
        <button type="button" className="button" onClick={() => setQuery('')}>
          {t('markets.clearSearch')}
        </button>
      </div>
    );
  } else {
    body = (
      <MarketsTable
        rows={visible}
        tickers={tickers}
        volumes={volumes}
        favourites={favourites}
        onToggleFavourite={toggle}
        sort={sort}
        onSort={(key) => setSort((s) => nextSort(s, key))}
      />
    );
  }

  return (
    <section className="markets" aria-labelledby={titleId}>
      <div className="page-head">
        <div>
          <h1 id={titleId}>{t('markets.title')}</h1>
          <p className="muted">{t('markets.subtitle')}</p>
        </div>
        <div className="search">
          <label htmlFor={searchId} className="visually-hidden">
            {t('markets.searchLabel')}
          </label>
          <SearchIcon />
          <input
            id={searchId}
            className="search__input"
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('markets.searchPlaceholder')}
            autoComplete="off"
            spellCheck={false}
            enterKeyHint="search"
          />
        </div>
      </div>
      <div className="markets__bar">
        <div className="tabs" role="tablist" aria-label={t('markets.tabs.label')}>
          {(['all', 'favourites'] as const).map((key) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className="tab"
              onClick={() => setTab(key)}
            >
              {t(`markets.tabs.${key}`)}
            </button>
          ))}
        </div>
        <div className="markets__meta">
          {state.status === 'success' && state.rows.length > 0 && (
            <span className="muted" aria-live="polite">
              {t('markets.count', { count: visible.length })}
            </span>
          )}
          <span className={`live-dot${live ? ' live-dot--on' : ''}`} data-live={live}>
            {live ? t('markets.live') : t('markets.offline')}
          </span>
        </div>
      </div>
      <div className="panel">{body}</div>
    </section>
  );
}
