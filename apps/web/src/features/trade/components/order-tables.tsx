import {
  ErrorCode,
  orderRuleViolations,
  type Order,
  type PlaceOrderRequest,
  type SpotTrade,
} from '@exchange/contracts';
import { dec, sub, toText } from '@exchange/contracts/decimal';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { tradePath } from '../../../config/paths';
import { Pager } from '../../../components/pager';
import { ApiError } from '../../../lib/api-client';
import { useSymbols } from '../../../lib/catalogue';
import { errorText } from '../../../lib/error-text';
import { formatNumber, formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import {
  useCancelAllOrders,
  useCancelOrder,
  useModifyOrder,
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

/** Orders that can be modified in place: a resting limit order, by cancel-place. */
export const isModifiable = (o: Order) =>
  o.type === 'LIMIT' && (o.status === 'NEW' || o.status === 'PARTIALLY_FILLED');

/**
 * Modifies a resting limit order's price and amount in place: the new values are checked with
 * the symbol's rules as the order form checks them, then cancel-place replaces the order in one
 * step. The amount starts at what is still open.
 */
export function ModifyOrderDialog({ order: o, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const symbols = useSymbols();
  const modify = useModifyOrder();
  const rules = symbols.data?.find((s) => s.code === o.symbol);
  const ordered = dec(o.amount);
  const done = dec(o.filled);
  const open = ordered && done ? toText(sub(ordered, done)) : '';
  const [price, setPrice] = useState(o.price ?? '');
  const [amount, setAmount] = useState(open);
  const [error, setError] = useState<{ field: 'price' | 'amount' | 'form'; text: string } | null>(
    null,
  );
  const [base = '', quote = ''] = o.symbol.split('_');
  const text = (code: string, params: Record<string, string> = {}, fallback?: string) =>
    t(`error_${code}`, {
      ns: 'errors',
      ...params,
      defaultValue: fallback ?? t('common.unexpectedError'),
    });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!rules) return;
    const request: PlaceOrderRequest = {
      symbol: o.symbol,
      side: o.side,
      type: 'LIMIT',
      timeInForce: o.timeInForce ?? 'GTC',
      price: price.trim(),
      amount: amount.trim(),
    };
    const [first] = orderRuleViolations(request, rules);
    if (first) {
      setError({
        field: first.field === 'price' ? 'price' : first.field === 'amount' ? 'amount' : 'form',
        text: text(String(ErrorCode[first.error].code), first.params),
      });
      return;
    }
    setError(null);
    modify.mutate(
      { cancelOrderId: o.id, order: request },
      {
        onSuccess: () => {
          showToast(t('trade.orders.modified'), 'success');
          onClose();
        },
        onError: (err) =>
          setError({
            field: 'form',
            text:
              err instanceof ApiError
                ? text(err.code, (err.data ?? {}) as Record<string, string>, err.message)
                : errorText(err, t),
          }),
      },
    );
  };
  const field = (name: 'price' | 'amount', value: string, set: (v: string) => void) => (
    <div className={`order-form__field${error?.field === name ? ' has-error' : ''}`}>
      <label htmlFor={`${id}-${name}`}>{t(`trade.form.fields.${name}`)}</label>
      <div className="order-form__input">
        <input
          id={`${id}-${name}`}
          name={name}
          inputMode="decimal"
          autoComplete="off"
          value={value}
          aria-invalid={error?.field === name ? true : undefined}
          onChange={(e) => {
            set(e.target.value.replace(',', '.'));
            setError(null);
          }}
        />
        <span className="order-form__unit">{name === 'price' ? quote : base}</span>
      </div>
      {error?.field === name && (
        <p className="field-error" role="alert">
          {error.text}
        </p>
      )}
    </div>
  );
  return (
    <Modal
      open
      onClose={onClose}
      size="small"
      title={t('trade.orders.modifyTitle', { id: o.id })}
      footer={
        <>
          <button type="button" className="button" onClick={onClose}>
            {t('trade.orders.keep')}
          </button>
          <button
            type="submit"
            form={`${id}-form`}
            className="button button--primary"
            disabled={modify.isPending || !rules}
          >
            {t('trade.orders.save')}
          </button>
        </>
      }
    >
      <form id={`${id}-form`} className="order-form modify-order" onSubmit={submit} noValidate>
        <p className="muted">
          <span className={`side side--${o.side.toLowerCase()}`}>{t(`trade.sides.${o.side}`)}</span>{' '}
          {pairName(o.symbol)} · {t(`trade.types.${o.type}`)}
        </p>
        {field('price', price, setPrice)}
        {field('amount', amount, setAmount)}
        {rules && (
          <p className="order-form__range">
            {t('trade.form.range', {
              min: formatNumber(rules.minQty),
              max: formatNumber(rules.maxQty),
              asset: base,
            })}
          </p>
        )}
        <p className="muted order-form__hint">{t('trade.orders.modifyNote')}</p>
        {error?.field === 'form' && (
          <p className="field-error" role="alert">
            {error.text}
          </p>
        )}
      </form>
    </Modal>
  );
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
  const [modifying, setModifying] = useState<Order | null>(null);
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
                  {isModifiable(o) && (
                    <button
                      type="button"
                      className="link-button"
                      onClick={() => setModifying(o)}
                      aria-label={t('trade.orders.modifyOne', { id: o.id })}
                    >
                      {t('trade.orders.modify')}
                    </button>
                  )}
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
      {modifying && <ModifyOrderDialog order={modifying} onClose={() => setModifying(null)} />}
    </div>
  );
}
