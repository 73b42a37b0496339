import type { Order, SpotTrade } from '@exchange/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { tradePath } from '../../../config/paths';
import { Pager } from '../../../components/pager';
import { errorText } from '../../../lib/error-text';
import { formatNumber, formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import {
  useCancelAllOrders,
  useCancelOrder,
  useOrderList,
  type OrderFilters,
  type OrderListKind,
} from '../api';

export function pairName(symbol: string): string {
  return symbol.replace('_', '/');
}

/** A pair wherever an order or a trade shows it: a link to its market. */
export function PairLink({ symbol }: { symbol: string }) {
  return (
    <Link className="pair-link" to={tradePath(symbol)}>
      {pairName(symbol)}
    </Link>
  );
}

/** Cancelling one order or a symbol's: the user is told how it went. */
export function useCancelOrders() {
  const { t } = useTranslation();
  const onError = (e: unknown) => showToast(errorText(e, t));
  const cancel = useCancelOrder();
  const cancelAll = useCancelAllOrders();
  return {
    cancel: {
      isPending: cancel.isPending,
      mutate: (orderId: string) =>
        cancel.mutate(orderId, {
          onSuccess: () => showToast(t('trade.orders.cancelled'), 'success'),
          onError,
        }),
    },
    cancelAll: {
      isPending: cancelAll.isPending,
      mutate: (symbol: string) =>
        cancelAll.mutate(symbol, {
          onSuccess: () => showToast(t('trade.orders.allCancelled'), 'success'),
          onError,
        }),
    },
  };
}

interface TableProps {
  kind: OrderListKind;
  filters: OrderFilters;
  pageNum: number;
  pageSize?: number;
  onPage?: (page: number) => void;
}

/** One list (open orders, order history or my trades) as a table with its paging. */
export function OrderListTable({ kind, filters, pageNum, pageSize = 10, onPage }: TableProps) {
  const { t } = useTranslation();
  const query = useOrderList(kind, filters, pageNum, pageSize);
  const { cancel } = useCancelOrders();
  if (query.isPending) return <LoadingState />;
  if (query.isError)
    return (
      <ErrorState
        title={t('trade.orders.loadFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  const rows = query.data.result;
  const pager = onPage && (pageNum > 1 || rows.length >= pageSize) && (
    <Pager pageNum={pageNum} hasNext={rows.length >= pageSize} onPage={onPage} />
  );
  if (rows.length === 0) {
    return (
      <>
        <EmptyState title={t(`trade.orders.empty.${kind}`)} />
        {pager}
      </>
    );
  }
  if (kind === 'trades') {
    return (
      <div className="table-scroll">
        <table className="data-table data-table--stack" aria-label={t('trade.orders.tabs.trades')}>
          <thead>
            <tr>
              <th>{t('trade.orders.cols.time')}</th>
              <th>{t('trade.orders.cols.pair')}</th>
              <th>{t('trade.orders.cols.side')}</th>
              <th>{t('trade.orders.cols.price')}</th>
              <th>{t('trade.orders.cols.amount')}</th>
              <th>{t('trade.orders.cols.total')}</th>
              <th>{t('trade.orders.cols.fee')}</th>
              <th>{t('trade.orders.cols.role')}</th>
            </tr>
          </thead>
          <tbody>
            {(rows as SpotTrade[]).map((r) => (
              <tr key={r.id}>
                <td data-label={t('trade.orders.cols.time')}>{formatTime(r.createdAt)}</td>
                <td data-label={t('trade.orders.cols.pair')}>
                  <PairLink symbol={r.symbol} />
                </td>
                <td
                  data-label={t('trade.orders.cols.side')}
                  className={`side side--${r.side.toLowerCase()}`}
                >
                  {t(`trade.sides.${r.side}`)}
                </td>
                <td data-label={t('trade.orders.cols.price')}>{formatNumber(r.price)}</td>
                <td data-label={t('trade.orders.cols.amount')}>{formatNumber(r.amount)}</td>
                <td data-label={t('trade.orders.cols.total')}>{formatNumber(r.total)}</td>
                <td data-label={t('trade.orders.cols.fee')}>
                  {formatNumber(r.fee)} {r.feeAsset}
                </td>
                <td data-label={t('trade.orders.cols.role')}>
                  {t(`trade.liquidity.${r.liquidity}`, { defaultValue: r.liquidity })}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {pager}
      </div>
    );
  }
  return (
    <div className="table-scroll">
      <table className="data-table data-table--stack" aria-label={t(`trade.orders.tabs.${kind}`)}>
        <thead>
          <tr>
            <th>{t('trade.orders.cols.time')}</th>
            <th>{t('trade.orders.cols.pair')}</th>
            <th>{t('trade.orders.cols.type')}</th>
            <th>{t('trade.orders.cols.side')}</th>
            <th>{t('trade.orders.cols.price')}</th>
            <th>{t('trade.orders.cols.amount')}</th>
            <th>{t('trade.orders.cols.filled')}</th>
            <th>{t('trade.orders.cols.avgPrice')}</th>
            <th>{t('trade.orders.cols.trigger')}</th>
            <th>{t('trade.orders.cols.status')}</th>
            {kind === 'open' && <th>{t('trade.orders.cols.action')}</th>}
          </tr>
        </thead>
        <tbody>
          {(rows as Order[]).map((o) => (
            <tr key={o.id} data-order-id={o.id}>
              <td data-label={t('trade.orders.cols.time')}>{formatTime(o.createdAt)}</td>
              <td data-label={t('trade.orders.cols.pair')}>
                <PairLink symbol={o.symbol} />
              </td>
              <td data-label={t('trade.orders.cols.type')}>
                {t(`trade.types.${o.type}`, { defaultValue: o.type })}
              </td>
              <td
                data-label={t('trade.orders.cols.side')}
                className={`side side--${o.side.toLowerCase()}`}
              >
                {t(`trade.sides.${o.side}`)}
              </td>
              <td data-label={t('trade.orders.cols.price')}>
                {o.price ? formatNumber(o.price) : t('trade.orders.market')}
              </td>
              <td data-label={t('trade.orders.cols.amount')}>
                {o.amount
                  ? formatNumber(o.amount)
                  : `${formatNumber(o.total)} (${t('trade.form.fields.total')})`}
              </td>
              <td data-label={t('trade.orders.cols.filled')}>{formatNumber(o.filled)}</td>
              <td data-label={t('trade.orders.cols.avgPrice')}>{formatNumber(o.averagePrice)}</td>
              <td data-label={t('trade.orders.cols.trigger')}>
                {o.triggerPrice
                  ? `${o.triggerDirection === 'BELOW' ? '≤' : o.triggerDirection === 'ABOVE' ? '≥' : ''} ${formatNumber(o.triggerPrice)}`.trim()
                  : o.trailingDelta
                    ? `Δ ${formatNumber(o.trailingDelta)}`
                    : o.icebergSize
                      ? `${t('trade.form.fields.icebergSize')} ${formatNumber(o.icebergSize)}`
                      : '-'}
              </td>
              <td data-label={t('trade.orders.cols.status')}>
                {t(`trade.status.${o.status}`, { defaultValue: o.status })}
              </td>
              {kind === 'open' && (
                <td className="data-table__action">
                  <button
                    type="button"
                    className="link-button"
                    disabled={cancel.isPending}
                    onClick={() => cancel.mutate(o.id)}
                    aria-label={t('trade.orders.cancelOne', { id: o.id })}
                  >
                    {t('common.cancel')}
                  </button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
      {pager}
    </div>
  );
}
