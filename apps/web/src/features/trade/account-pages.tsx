import { FlowType, RuntimeMode, flowTypeName, type FlowTypeName } from '@exchange/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../components/states';
import { anyData } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { errorText } from '../../lib/error-text';
import { formatNumber } from '../../lib/format';
import { useRuntimeMode } from '../../lib/settings';
import { showToast } from '../../lib/toast';
import {
  fetchAllFlows,
  flowsToCsv,
  PATHS_API,
  sixMonthsAgo,
  tradeKeys,
  useBalances,
  useFlows,
  useTickerList,
  valueInUsdt,
  type OrderFilters,
  type OrderListKind,
} from './api';
import { formatTime, OrderListTable } from './components/order-tables';
import { usePrivateUpdates } from './hooks';
import './trade.css';

const KINDS: OrderListKind[] = ['open', 'history', 'trades'];

/** /accountCenter/orders: open orders, history and trades with filters and paging (`?tab=`). */
export function OrdersPage() {
  const { t } = useTranslation();
  usePrivateUpdates();
  const [search, setSearch] = useSearchParams();
  const tab = (KINDS as string[]).includes(search.get('tab') ?? '') ? (search.get('tab') as OrderListKind) : 'open';
  const [draft, setDraft] = useState<{ symbol: string; side: string; type: string; from: string; to: string }>({ symbol: '', side: '', type: '', from: '', to: '' });
  const [filters, setFilters] = useState<OrderFilters>({});
  const [pageNum, setPageNum] = useState(1);

  const apply = (e: FormEvent) => {
    e.preventDefault();
    setFilters({
      symbol: draft.symbol.trim().toUpperCase().replace('/', '_') || undefined,
      side: draft.side || undefined,
      type: tab === 'trades' ? undefined : draft.type || undefined,
      startTime: draft.from ? Math.max(new Date(`${draft.from}T00:00:00`).getTime(), sixMonthsAgo()) : undefined,
      endTime: draft.to ? new Date(`${draft.to}T23:59:59`).getTime() : undefined,
    });
    setPageNum(1);
  };

  return (
    <div className="account-page">
      <h1>{t('pages.orders')}</h1>
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
          <input value={draft.symbol} placeholder="BTC_USDT" onChange={(e) => setDraft({ ...draft, symbol: e.target.value })} />
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
            <select value={draft.type} onChange={(e) => setDraft({ ...draft, type: e.target.value })}>
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
              <input type="date" value={draft.from} min={new Date(sixMonthsAgo()).toISOString().slice(0, 10)} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
            </label>
            <label>
              {t('account.to')}
              <input type="date" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
            </label>
          </>
        )}
        <button type="submit" className="button button--primary">
          {t('account.search')}
        </button>
      </form>
      {tab !== 'open' && <p className="muted">{t('account.sixMonths')}</p>}
      <OrderListTable kind={tab} filters={filters} pageNum={pageNum} pageSize={10} onPage={setPageNum} />
    </div>
  );
}

/** /accountCenter/wallet?type=wallet: balances of the current mode with a USDT valuation. */
export function WalletPage() {
  const { t } = useTranslation();
  usePrivateUpdates();
  const client = useApiClient();
  const queryClient = useQueryClient();
  const mode = useRuntimeMode();
  const balances = useBalances();
  const tickers = useTickerList();
  const [hideZero, setHideZero] = useState(false);
  const reset = useMutation({
    mutationFn: () => client.request(PATHS_API.demoReset, anyData, { method: 'POST', body: {}, silent: true }),
    onSuccess: () => {
      showToast(t('account.wallet.resetDone'), 'success');
      void queryClient.invalidateQueries({ queryKey: tradeKeys.balances(mode) });
      void queryClient.invalidateQueries({ queryKey: tradeKeys.flows(mode) });
    },
    onError: (e) => showToast(errorText(e, t)),
  });
  const rows = useMemo(() => {
    const list = (balances.data ?? []).map((b) => ({ ...b, value: valueInUsdt(b.asset, b.total, tickers.data ?? []) }));
    return hideZero ? list.filter((b) => Number(b.total) > 0) : list;
  }, [balances.data, tickers.data, hideZero]);
  const totalValue = rows.reduce((sum, r) => sum + (r.value ?? 0), 0);

  return (
    <div className="account-page">
      <h1>{t('pages.wallet')}</h1>
      <div className="wallet-summary">
        <div>
          <p className="muted">{t('account.wallet.estimated')}</p>
          <p className="wallet-summary__value" data-testid="wallet-total">
            {formatNumber(totalValue.toFixed(2), { decimals: 2 })} USDT
          </p>
        </div>
        {mode !== RuntimeMode.REAL && (
          <button type="button" className="button" disabled={reset.isPending} onClick={() => reset.mutate()}>
            {t('account.wallet.reset')}
          </button>
        )}
      </div>
      <label className="checkbox">
        <input type="checkbox" checked={hideZero} onChange={(e) => setHideZero(e.target.checked)} /> {t('account.wallet.hideZero')}
      </label>
      {balances.isPending ? (
        <LoadingState />
      ) : balances.isError ? (
        <ErrorState title={t('account.wallet.loadFailed')} error={balances.error} onRetry={() => void balances.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('account.wallet.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--stack" aria-label={t('pages.wallet')}>
            <thead>
              <tr>
                <th>{t('account.wallet.asset')}</th>
                <th>{t('account.wallet.total')}</th>
                <th>{t('account.wallet.available')}</th>
                <th>{t('account.wallet.frozen')}</th>
                <th>{t('account.wallet.value')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((b) => (
                <tr key={b.asset}>
                  <th scope="row">{b.asset}</th>
                  <td data-label={t('account.wallet.total')}>{formatNumber(b.total)}</td>
                  <td data-label={t('account.wallet.available')}>{formatNumber(b.available)}</td>
                  <td data-label={t('account.wallet.frozen')}>{formatNumber(b.frozen)}</td>
                  <td data-label={t('account.wallet.value')}>{b.value === null ? '-' : `${formatNumber(b.value.toFixed(2), { decimals: 2 })} USDT`}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

const FLOW_NAMES = Object.keys(FlowType) as FlowTypeName[];

/** /accountCenter/transactionHistory: ledger flows of the past 6 months, with CSV export. */
export function TransactionHistoryPage() {
  const { t } = useTranslation();
  const client = useApiClient();
  const [asset, setAsset] = useState('');
  const [flowType, setFlowType] = useState('');
  const [pageNum, setPageNum] = useState(1);
  const startTime = useMemo(() => sixMonthsAgo(), []);
  const filters = { asset: asset.trim().toUpperCase(), flowType, startTime };
  const flows = useFlows(filters, pageNum);
  const [exporting, setExporting] = useState(false);
  const name = (code: number | string, fallback?: string | null) => {
    const key = flowTypeName(Number(code));
    return key ? t(`account.flows.types.${key}` as 'account.flows.types.DEMO_FUNDING', { defaultValue: fallback ?? key }) : (fallback ?? String(code));
  };

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllFlows(client, { asset: filters.asset, flowType });
      const named = rows.map((r) => ({ ...r, flowName: name(r.flowType, r.flowName) }));
      const csv = flowsToCsv(named, ['time', 'asset', 'amount', 'flowType', 'flowName', 'bucket', 'refType', 'refId', 'txId']);
      const url = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `transactions-${new Date().toISOString().slice(0, 10)}.csv`;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (e) {
      showToast(errorText(e, t));
    } finally {
      setExporting(false);
    }
  };

  const rows = flows.data?.result ?? [];
  return (
    <div className="account-page">
      <h1>{t('pages.transactionHistory')}</h1>
      <div className="filters">
        <label>
          {t('account.wallet.asset')}
          <input
            value={asset}
            placeholder="USDT"
            onChange={(e) => {
              setAsset(e.target.value);
              setPageNum(1);
            }}
          />
        </label>
        <label>
          {t('account.flows.type')}
          <select
            value={flowType}
            onChange={(e) => {
              setFlowType(e.target.value);
              setPageNum(1);
            }}
          >
            <option value="">{t('account.all')}</option>
            {FLOW_NAMES.map((n) => (
              <option key={n} value={FlowType[n]}>
                {t(`account.flows.types.${n}` as 'account.flows.types.DEMO_FUNDING', { defaultValue: n })}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? t('common.loading') : t('account.flows.export')}
        </button>
      </div>
      <p className="muted">{t('account.sixMonths')}</p>
      {flows.isPending ? (
        <LoadingState />
      ) : flows.isError ? (
        <ErrorState title={t('account.flows.loadFailed')} error={flows.error} onRetry={() => void flows.refetch()} />
      ) : rows.length === 0 ? (
        <EmptyState title={t('account.flows.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--stack" aria-label={t('pages.transactionHistory')}>
            <thead>
              <tr>
                <th>{t('trade.orders.cols.time')}</th>
                <th>{t('account.wallet.asset')}</th>
                <th>{t('account.flows.type')}</th>
                <th>{t('account.flows.amount')}</th>
                <th>{t('account.flows.ref')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id}>
                  <td data-label={t('trade.orders.cols.time')}>{formatTime(f.createdAt)}</td>
                  <td data-label={t('account.wallet.asset')}>{f.asset}</td>
                  <td data-label={t('account.flows.type')}>{name(f.flowType, f.flowName)}</td>
                  <td data-label={t('account.flows.amount')} className={Number(f.amount) >= 0 ? 'is-buy' : 'is-sell'}>
                    {Number(f.amount) > 0 ? '+' : ''}
                    {formatNumber(f.amount)}
                    {f.bucket === 'FROZEN' ? ` (${t('account.wallet.frozen')})` : ''}
                  </td>
                  <td data-label={t('account.flows.ref')} className="muted">{f.refType ? `${f.refType} ${f.refId ?? ''}` : '-'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="pager" aria-label={t('trade.orders.paging')}>
        <button type="button" className="button" disabled={pageNum <= 1} onClick={() => setPageNum(pageNum - 1)}>
          {t('trade.orders.prev')}
        </button>
        <span>{t('trade.orders.page', { page: pageNum })}</span>
        <button type="button" className="button" disabled={rows.length < 20} onClick={() => setPageNum(pageNum + 1)}>
          {t('trade.orders.next')}
        </button>
      </nav>
    </div>
  );
}
