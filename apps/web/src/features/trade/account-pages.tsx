import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { PATHS } from '../../config/paths';
import { sixMonthsAgo, type OrderFilters, type OrderListKind } from './api';
import { OrderListTable } from './components/order-tables';
import { usePrivateUpdates } from '../../lib/private-updates';
import { OrderDetail } from './order-detail';
import './trade.css';

// The wallet and its transaction history have their own folder; the routes load them from here.
export { TransactionHistoryPage } from './wallet/transaction-history-page';
export { WalletPage } from './wallet/wallet-page';

const KINDS: OrderListKind[] = ['open', 'history', 'trades'];

/**
 * /accountCenter/orders: open orders, history and trades with filters and paging (`?tab=`);
 * `?orderId=` shows that order above the lists (transaction history links there).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  usePrivateUpdates();
  const [search, setSearch] = useSearchParams();
  const tab = (KINDS as string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as OrderListKind)
    : 'open';
  const orderId = search.get('orderId');
  const [draft, setDraft] = useState<{
    symbol: string;
    side: string;
    type: string;
    from: string;
    to: string;
  }>({ symbol: '', side: '', type: '', from: '', to: '' });
  const [filters, setFilters] = useState<OrderFilters>({});
  const [pageNum, setPageNum] = useState(1);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({
      symbol: draft.symbol.trim().toUpperCase().replace('/', '_') || undefined,
      side: draft.side || undefined,
      type: tab === 'trades' ? undefined : draft.type || undefined,
      startTime: draft.from
        ? Math.max(new Date(`${draft.from}T00:00:00`).getTime(), sixMonthsAgo())
        : undefined,
      endTime: draft.to ? new Date(`${draft.to}T23:59:59`).getTime() : undefined,
    });
    setPageNum(1);
  };

  return (
    <div className="account-page">
      <div className="orders-head">
        <h1>{t('pages.orders')}</h1>
        <Link className="button button--small" to={`${PATHS.foreignExchange}?tab=history`}>
          {t('fx.history.ordersLink')}
        </Link>
      </div>
      {orderId && <OrderDetail id={orderId} onClose={() => setSearch({ tab })} />}
      <div className="tabs" role="tablist">
        {KINDS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' is-active' : ''}`}
            onClick={() => {
              setSearch({ tab: k });
              setPageNum(1);
            }}
          >
            {t(`trade.orders.tabs.${k}`)}
          </button>
        ))}
      </div>
      <form className="filters" onSubmit={apply} aria-label={t('account.filters')}>
        <label>
          {t('trade.orders.cols.pair')}
          <input
            value={draft.symbol}
            placeholder="BTC_USDT"
            onChange={(e) => setDraft({ ...draft, symbol: e.target.value })}
          />
        </label>
        <label>
          {t('trade.orders.cols.side')}
          <select value={draft.side} onChange={(e) => setDraft({ ...draft, side: e.target.value })}>
            <option value="">{t('account.all')}</option>
            <option value="BUY">{t('trade.sides.BUY')}</option>
            <option value="SELL">{t('trade.sides.SELL')}</option>
          </select>
        </label>
        {tab !== 'trades' && (
          <label>
            {t('trade.orders.cols.type')}
            <select
              value={draft.type}
              onChange={(e) => setDraft({ ...draft, type: e.target.value })}
            >
              <option value="">{t('account.all')}</option>
              {(['LIMIT', 'MARKET', 'ICEBERG', 'TRAILING', 'TRIGGER'] as const).map((ty) => (
                <option key={ty} value={ty}>
                  {t(`trade.types.${ty}`)}
                </option>
              ))}
            </select>
          </label>
        )}
        {tab !== 'open' && (
          <>
            <label>
              {t('account.from')}
              <input
                type="date"
                value={draft.from}
                min={new Date(sixMonthsAgo()).toISOString().slice(0, 10)}
                onChange={(e) => setDraft({ ...draft, from: e.target.value })}
              />
            </label>
            <label>
              {t('account.to')}
              <input
                type="date"
                value={draft.to}
                onChange={(e) => setDraft({ ...draft, to: e.target.value })}
              />
            </label>
          </>
        )}
        <button type="submit" className="button button--primary">
          {t('account.search')}
        </button>
      </form>
      {tab !== 'open' && <p className="muted">{t('account.sixMonths')}</p>}
      <OrderListTable
        kind={tab}
        filters={filters}
        pageNum={pageNum}
        pageSize={10}
        onPage={setPageNum}
      />
    </div>
  );
}
