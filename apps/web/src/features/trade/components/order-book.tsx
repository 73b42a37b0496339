import { memo, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../../lib/format';
import { stepDecimals } from '@exchange/contracts/decimal';
import {
  changedPrices,
  groupingSteps,
  groupLevels,
  ownLevelPrices,
  spreadOf,
  type BookState,
  type GroupedLevel,
  type OwnOrder,
} from '../lib/order-book';

const NONE: readonly OwnOrder[] = [];

interface Props {
  book: BookState | null;
  tickSize: string;
  stepSize: string;
  lastPrice: string | null;
  onPickPrice: (price: string) => void;
  /** The user's orders in this market: levels where one rests are marked. */
  ownOrders?: readonly OwnOrder[];
  depth?: number;
}

/** Asks above, bids below, grouped onto a chosen price step; changed levels flash briefly. */
function OrderBookView({
  book,
  tickSize,
  stepSize,
  lastPrice,
  onPickPrice,
  ownOrders = NONE,
  depth = 14,
}: Props) {
  const { t } = useTranslation();
  const steps = useMemo(() => groupingSteps(tickSize), [tickSize]);
  const [chosen, setChosen] = useState<string | null>(null);
  const step = chosen && steps.includes(chosen) ? chosen : (steps[0] ?? tickSize);
  const bids = useMemo(
    () => groupLevels(book?.bids ?? new Map(), 'bids', step, depth),
    [book, step, depth],
  );
  const asks = useMemo(
    () => groupLevels(book?.asks ?? new Map(), 'asks', step, depth),
    [book, step, depth],
  );
  const flashes = useFlashes(bids, asks, `${book?.symbol ?? ''}|${step}`);
  const ownBids = useMemo(() => ownLevelPrices(ownOrders, 'bids', step), [ownOrders, step]);
  const ownAsks = useMemo(() => ownLevelPrices(ownOrders, 'asks', step), [ownOrders, step]);
  const spread = useMemo(() => spreadOf(book), [book]);
  const priceDecimals = stepDecimals(step);
  const amountDecimals = stepDecimals(stepSize);
  const maxCum = Math.max(
    Number(bids[bids.length - 1]?.cumulative ?? 0),
    Number(asks[asks.length - 1]?.cumulative ?? 0),
    1e-12,
  );

  return (
    <section className="trade-panel order-book" aria-labelledby="order-book-title">
      <header className="trade-panel__head">
        <h2 id="order-book-title">{t('trade.book.title')}</h2>
        <label className="order-book__group">
          <span className="visually-hidden">{t('trade.book.grouping')}</span>
          <select
            aria-label={t('trade.book.grouping')}
            value={step}
            onChange={(e) => setChosen(e.target.value)}
          >
            {steps.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
      </header>
      <div className="order-book__cols muted" aria-hidden="true">
        <span>{t('trade.book.price')}</span>
        <span>{t('trade.book.amount')}</span>
        <span>{t('trade.book.total')}</span>
      </div>
      {!book ? (
        <p className="muted order-book__empty">{t('common.loading')}</p>
      ) : (
        <>
          <ol className="order-book__side order-book__side--asks" aria-label={t('trade.book.asks')}>
            {[...asks].reverse().map((l) => (
              <Row
                key={flashes.set.has(`a${l.price}`) ? `${l.price}-${flashes.version}` : l.price}
                level={l}
                side="asks"
                flash={flashes.set.has(`a${l.price}`)}
                own={ownAsks.has(l.price)}
                maxCum={maxCum}
                priceDecimals={priceDecimals}
                amountDecimals={amountDecimals}
                onPick={onPickPrice}
              />
            ))}
          </ol>
          <div className="order-book__mid">
            <span className="order-book__last" data-testid="book-last">
              {formatNumber(lastPrice, { decimals: priceDecimals })}
            </span>
            {spread && (
              <dl className="order-book__spread muted" data-testid="book-spread">
                <div>
                  <dt>{t('trade.book.spread')}</dt>
                  <dd>
                    {formatNumber(spread.spread, { decimals: stepDecimals(tickSize) })} (
                    {formatNumber(spread.percent, { decimals: 3 })}%)
                  </dd>
                </div>
                <div>
                  <dt>{t('trade.book.mid')}</dt>
                  <dd data-testid="book-mid">
                    {formatNumber(spread.mid, { decimals: stepDecimals(tickSize) + 1 })}
                  </dd>
                </div>
              </dl>
            )}
          </div>
          <ol className="order-book__side order-book__side--bids" aria-label={t('trade.book.bids')}>
            {bids.map((l) => (
              <Row
                key={flashes.set.has(`b${l.price}`) ? `${l.price}-${flashes.version}` : l.price}
                level={l}
                side="bids"
                flash={flashes.set.has(`b${l.price}`)}
                own={ownBids.has(l.price)}
                maxCum={maxCum}
                priceDecimals={priceDecimals}
                amountDecimals={amountDecimals}
                onPick={onPickPrice}
              />
            ))}
          </ol>
        </>
      )}
    </section>
  );
}

/** Which rows changed since the previous rendering; a new version restarts their animation. */
function useFlashes(bids: GroupedLevel[], asks: GroupedLevel[], scope: string) {
  const prev = useRef<{ scope: string; bids: Map<string, string>; asks: Map<string, string> }>({
    scope: '',
    bids: new Map(),
    asks: new Map(),
  });
  const version = useRef(0);
  return useMemo(() => {
    const sameScope = prev.current.scope === scope;
    const set = new Set<string>();
    if (sameScope) {
      for (const p of changedPrices(prev.current.bids, bids)) set.add(`b${p}`);
      for (const p of changedPrices(prev.current.asks, asks)) set.add(`a${p}`);
    }
    prev.current = {
      scope,
      bids: new Map(bids.map((l) => [l.price, l.amount])),
      asks: new Map(asks.map((l) => [l.price, l.amount])),
    };
    if (set.size > 0) version.current += 1;
    return { set, version: set.size > 0 ? version.current : 'stable' };
  }, [bids, asks, scope]);
}

interface RowProps {
  level: GroupedLevel;
  side: 'bids' | 'asks';
  flash: boolean;
  own: boolean;
  maxCum: number;
  priceDecimals: number;
  amountDecimals: number;
  onPick: (price: string) => void;
}

const Row = memo(function Row({
  level,
  side,
  flash,
  own,
  maxCum,
  priceDecimals,
  amountDecimals,
  onPick,
}: RowProps) {
  const { t } = useTranslation();
  const width = Math.min(100, (Number(level.cumulative) / maxCum) * 100);
  return (
    <li
      className={`order-book__row order-book__row--${side}${flash ? ' order-book__row--flash' : ''}${own ? ' order-book__row--own' : ''}`}
      data-price={level.price}
      data-own={own ? 'true' : undefined}
    >
      <button type="button" className="order-book__price" onClick={() => onPick(level.price)}>
        {own && (
          <span className="order-book__own" title={t('trade.book.own')}>
            <span className="visually-hidden">{t('trade.book.own')}</span>
          </span>
        )}
        {formatNumber(level.price, { decimals: priceDecimals })}
      </button>
      <span className="order-book__amount">
        {formatNumber(level.amount, { decimals: amountDecimals })}
      </span>
      <span>{formatNumber(level.cumulative, { decimals: amountDecimals })}</span>
      <span className="order-book__bar" style={{ width: `${width}%` }} aria-hidden="true" />
    </li>
  );
});

export const OrderBook = memo(OrderBookView);
