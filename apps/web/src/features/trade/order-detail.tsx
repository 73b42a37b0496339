import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states';
import { tradePath } from '../../config/paths';
import { formatNumber, formatTime } from '../../lib/format';
import { useOrderDetail } from './api/order-detail';
import { pairName } from './components/order-tables';
import './wallet/wallet.css';

/** The order a transaction history line links to (`?orderId=`), above the order lists. */
export function OrderDetail({ id, onClose }: { id: string; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useOrderDetail(id);
  const o = detail.data;
  return (
    <section className="order-detail" aria-label={t('account.orderDetail.title', { id })}>
      <div className="order-detail__head">
        <h2>{t('account.orderDetail.title', { id })}</h2>
        <button type="button" className="button button--small" onClick={onClose}>
          {t('account.orderDetail.close')}
        </button>
      </div>
      {detail.isPending ? (
        <LoadingState />
      ) : detail.isError || !o ? (
        <ErrorState title={t('account.orderDetail.notFound')} error={detail.error} />
      ) : (
        <dl className="order-detail__grid">
          <div>
            <dt>{t('trade.orders.cols.pair')}</dt>
            <dd>
              <Link to={tradePath(o.symbol)}>{pairName(o.symbol)}</Link>
            </dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.side')}</dt>
            <dd className={o.side === 'BUY' ? 'is-buy' : 'is-sell'}>
              {t(`trade.sides.${o.side}`)}
            </dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.type')}</dt>
            <dd>{t(`trade.types.${o.type}`)}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.status')}</dt>
            <dd>{t(`trade.status.${o.status}`)}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.price')}</dt>
            <dd>{o.price === null ? t('trade.orders.market') : formatNumber(o.price)}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.amount')}</dt>
            <dd>
              {o.amount === null
                ? `${formatNumber(o.total)} (${t('trade.orders.cols.total')})`
                : formatNumber(o.amount)}
            </dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.filled')}</dt>
            <dd>{formatNumber(o.filled)}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.avgPrice')}</dt>
            <dd>{formatNumber(o.averagePrice)}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.fee')}</dt>
            <dd>{o.feeAsset ? `${formatNumber(o.fee)} ${o.feeAsset}` : '-'}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.role')}</dt>
            <dd>{o.liquidity ? t(`trade.liquidity.${o.liquidity}`) : '-'}</dd>
          </div>
          <div>
            <dt>{t('trade.orders.cols.time')}</dt>
            <dd>{formatTime(o.createdAt)}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
