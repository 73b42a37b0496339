import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../lib/error-text';
import { useMarketRows } from './api';
import { filterMarketRows } from './market-rows';
import { MarketsTable } from './MarketsTable';
import './markets.css';

function SearchIcon() {
  return (
    <svg className="search__icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <circle cx="11" cy="11" r="7" />
      <path d="M20 20l-3.5-3.5" />
    </svg>
  );
}

export function MarketsPage() {
  const { t } = useTranslation();
  const state = useMarketRows();
  const [query, setQuery] = useState('');
  const searchId = useId();
  const titleId = useId();

  const rows = state.status === 'success' ? state.rows : undefined;
  const visible = useMemo(() => (rows ? filterMarketRows(rows, query) : []), [rows, query]);

  let body;
  if (state.status === 'pending') {
    body = (
      <div className="state" role="status">
        <span className="spinner" aria-hidden="true" />
        {t('markets.loading')}
      </div>
    );
  } else if (state.status === 'error') {
    body = (
      <div className="state state--error" role="alert">
        <p className="state__title">{t('markets.loadFailed')}</p>
        <p className="state__message">{errorText(state.error, t)}</p>
        <button type="button" className="button" onClick={state.retry}>
          {t('common.retry')}
        </button>
      </div>
    );
  } else if (state.rows.length === 0) {
    body = <div className="state">{t('markets.empty')}</div>;
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
    body = <MarketsTable rows={visible} />;
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
      {state.status === 'success' && state.rows.length > 0 && (
        <p className="markets__count muted" aria-live="polite">
          {t('markets.count', { count: visible.length })}
        </p>
      )}
      <div className="panel">{body}</div>
    </section>
  );
}
