import {
  CANDLE_INTERVALS,
  STORAGE_KEYS,
  type CandleInterval,
  type TradingSymbol,
} from '@exchange/contracts';
import {
  Component,
  lazy,
  memo,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useState,
  type ComponentProps,
  type ReactNode,
} from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { ErrorState, LoadingState } from '../../components/states';
import { PATHS } from '../../config/paths';
import { useAssets, useSymbols } from '../../lib/catalogue';
import { formatNumber, formatPercent, formatTime, abbreviateNumber } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useSettings } from '../../lib/settings';
import { useSocketStatus } from '../../lib/socket/socket-context';
import { retryImport } from '../../lib/retry-import';
import { readJson, writeJson } from '../../lib/storage';
import { useBalances, useChartHistory, useOrderList, type OrderListKind } from './api';
import { CoinInfoCard } from './components/coin-info-card';
import { OrderBook } from './components/order-book';
import { OrderForm } from './components/order-form';
import { OrderListTable, pairName, useCancelOrders } from './components/order-tables';
import { usePrivateUpdates } from '../../lib/private-updates';
import {
  useBook,
  useBookSelector,
  useLiveBars,
  useLiveTrades,
  useOrderBook,
  useTicker,
} from './hooks';
import { CHART_TYPES, DEFAULT_INTERVAL, type ChartType } from './lib/candles';
import {
  BOLL_PERIOD,
  BOLL_WIDTH,
  EMA_PERIOD,
  INDICATOR_COLORS,
  INDICATORS,
  MA_PERIOD,
  readIndicators,
  toggleIndicator,
  type Indicator,
} from './lib/indicators';
import { stepDecimals } from '@exchange/contracts/decimal';
import type { MarketContext } from './lib/validate';
import { bestPrice, groupLevels, type BookState, type GroupedLevel } from './lib/order-book';
import './trade.css';

const loadChartPanel = () => retryImport(() => import('./components/chart-panel'));
const ChartPanel = lazy(loadChartPanel);

/** A chart that could not be loaded leaves the rest of the screen working, with a retry. */
class ChartBoundary extends Component<
  { title: string; onRetry: () => void; children: ReactNode },
  { error: unknown }
> {
  override state: { error: unknown } = { error: null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  override render() {
    if (this.state.error === null) return this.props.children;
    const retry = () => {
      this.setState({ error: null });
      this.props.onRetry();
    };
    return <ErrorState title={this.props.title} error={this.state.error} onRetry={retry} />;
  }
}

export const DEFAULT_SYMBOL = 'BTC_USDT';

const NO_LEVELS: readonly GroupedLevel[] = [];

interface SpotLayout {
  symbol?: string;
  chartType?: ChartType;
  indicators?: Indicator[];
}

function readLayout(): SpotLayout {
  const raw = readJson(STORAGE_KEYS.spotLayout);
  return typeof raw === 'object' && raw !== null ? raw : {};
}

function readInterval(): CandleInterval {
  const raw = readJson(STORAGE_KEYS.spotInterval);
  return typeof raw === 'string' && (CANDLE_INTERVALS as readonly string[]).includes(raw)
    ? (raw as CandleInterval)
    : DEFAULT_INTERVAL;
}

/** Symbol from the path, else `?symbol=`, else the remembered one, else BTC_USDT. */
export function useSpotSymbol(): string {
  const params = useParams();
  const [search] = useSearchParams();
  const fromUrl = params.symbol ?? search.get('symbol');
  return (fromUrl ?? readLayout().symbol ?? DEFAULT_SYMBOL).toUpperCase().replace('/', '_');
}

const COLORS = { up: '#2ebd85', down: '#f6465d' };

export function TradePage() {
  const { t } = useTranslation();
  const symbol = useSpotSymbol();
  const symbols = useSymbols();
  const info = symbols.data?.find((s) => s.code === symbol);

  useEffect(() => {
    writeJson(STORAGE_KEYS.spotLayout, { ...readLayout(), symbol });
  }, [symbol]);

  if (symbols.isPending) return <LoadingState />;
  if (symbols.isError)
    return (
      <ErrorState
        title={t('trade.loadFailed')}
        error={symbols.error}
        onRetry={() => void symbols.refetch()}
      />
    );
  if (!info) {
    return (
      <div className="trade trade--missing">
        <ErrorState title={t('trade.unknownSymbol', { symbol: pairName(symbol) })} error={null} />
        <SymbolPicker symbols={symbols.data} current={symbol} />
      </div>
    );
  }
  return <TradeScreen info={info} symbols={symbols.data} />;
}

function SymbolPicker({ symbols, current }: { symbols: TradingSymbol[]; current: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <label className="trade-symbol">
      <span className="visually-hidden">{t('trade.symbol')}</span>
      <select
        aria-label={t('trade.symbol')}
        value={current}
        onChange={(e) => void navigate(`${PATHS.tradeSpot}/${e.target.value}`)}
      >
        {!symbols.some((s) => s.code === current) && (
          <option value={current}>{pairName(current)}</option>
        )}
        {symbols.map((s) => (
          <option key={s.code} value={s.code}>
            {pairName(s.code)}
          </option>
        ))}
      </select>
    </label>
  );
}

function ConnectionBadge() {
  const { t } = useTranslation();
  const status = useSocketStatus();
  if (status === 'open') return <span className="conn conn--open">{t('trade.conn.live')}</span>;
  if (status === 'connecting')
    return (
      <span className="conn conn--connecting" role="status">
        {t('trade.conn.connecting')}
      </span>
    );
  return (
    <span className="conn conn--closed" role="status">
      {t('trade.conn.disconnected')}
    </span>
  );
}

function TradeScreen({ info, symbols }: { info: TradingSymbol; symbols: TradingSymbol[] }) {
  const { t } = useTranslation();
  const symbol = info.code;
  const { redUp, theme } = useSettings();
  const { token } = useSession();
  usePrivateUpdates();
  const { store: bookStore } = useOrderBook(symbol);
  const trades = useLiveTrades(symbol);
  const { ticker } = useTicker(symbol);
  const balances = useBalances();
  const assets = useAssets();
  const open = useOrderList('open', { symbol }, 1, OPEN_ORDERS_SHOWN);
  const ownOrders = useMemo(() => open.data?.result ?? [], [open.data]);
  const [picked, setPicked] = useState<{ price: string; n: number } | null>(null);
  const pick = useCallback(
    (price: string) => setPicked((p) => ({ price, n: (p?.n ?? 0) + 1 })),
    [],
  );
  const [chartType, setChartType] = useState<ChartType>(() => readLayout().chartType ?? 'candles');
  const [indicators, setIndicators] = useState<Indicator[]>(() =>
    readIndicators(readLayout().indicators),
  );
  const indicatorName = (which: Indicator, short = false) =>
    t(`trade.chart.${short ? 'legend' : 'indicator'}.${which}`, {
      period: which === 'ema' ? EMA_PERIOD : which === 'boll' ? BOLL_PERIOD : MA_PERIOD,
      width: BOLL_WIDTH,
    });
  const [interval, setInterval] = useState<CandleInterval>(readInterval);
  const { bars, loading } = useLiveBars(symbol, interval);
  const simulatedUntil = useChartHistory(symbol).data?.simulatedUntil ?? null;
  // A failed chunk stays failed inside lazy(): a retry needs a new one.
  const [Chart, setChart] = useState(() => ChartPanel);

  useEffect(
    () => writeJson(STORAGE_KEYS.spotLayout, { ...readLayout(), symbol, chartType, indicators }),
    [chartType, symbol, indicators],
  );
  useEffect(() => writeJson(STORAGE_KEYS.spotInterval, interval), [interval]);

  const buy = redUp ? COLORS.down : COLORS.up;
  const sell = redUp ? COLORS.up : COLORS.down;
  const colors = useMemo(
    () => ({
      buy,
      sell,
      text: theme === 'light' ? '#474d57' : '#b7bdc6',
      grid: theme === 'light' ? '#eef0f3' : '#1f2630',
    }),
    [buy, sell, theme],
  );
  const lastPrice = ticker?.last ?? trades[0]?.price ?? null;
  const availableOf = (asset: string) =>
    balances.data?.find((b) => b.asset === asset)?.available ?? (token ? '0' : null);
  const availableBase = availableOf(info.baseAsset);
  const availableQuote = availableOf(info.counterAsset);
  const rules = useMemo(
    () => ({
      symbol,
      tickSize: info.tickSize,
      stepSize: info.stepSize,
      minQty: info.minQty,
      minNotional: info.minNotional,
      maxQty: info.maxQty,
      maxNotional: info.maxNotional,
      counterDecimals: info.counterDecimals,
    }),
    [
      symbol,
      info.tickSize,
      info.stepSize,
      info.minQty,
      info.minNotional,
      info.maxQty,
      info.maxNotional,
      info.counterDecimals,
    ],
  );
  const priceDecimals = stepDecimals(info.tickSize);
  const change = Number(ticker?.changePercent ?? 0);

  return (
    <div
      className={`trade${redUp ? ' trade--red-up' : ''}`}
      style={{ '--buy': buy, '--sell': sell } as React.CSSProperties}
    >
      <h1 className="visually-hidden">{t('trade.title', { pair: pairName(symbol) })}</h1>
      <section className="trade-ticker" aria-label={t('trade.ticker.label')}>
        <SymbolPicker symbols={symbols} current={symbol} />
        <div
          className={`trade-ticker__last ${change >= 0 ? 'is-buy' : 'is-sell'}`}
          data-testid="ticker-last"
        >
          {formatNumber(lastPrice, { decimals: priceDecimals })}
        </div>
        <dl className="trade-ticker__stats">
          <div>
            <dt>{t('trade.ticker.change')}</dt>
            <dd className={change >= 0 ? 'is-buy' : 'is-sell'}>
              {formatPercent(ticker?.changePercent)}
            </dd>
          </div>
          <div>
            <dt>{t('trade.ticker.high')}</dt>
            <dd>{formatNumber(ticker?.high, { decimals: priceDecimals })}</dd>
          </div>
          <div>
            <dt>{t('trade.ticker.low')}</dt>
            <dd>{formatNumber(ticker?.low, { decimals: priceDecimals })}</dd>
          </div>
          <div>
            <dt>{t('trade.ticker.volume', { asset: info.baseAsset })}</dt>
            <dd>{abbreviateNumber(ticker?.volume, stepDecimals(info.stepSize))}</dd>
          </div>
          <div>
            <dt>{t('trade.ticker.quoteVolume', { asset: info.counterAsset })}</dt>
            <dd>{abbreviateNumber(ticker?.quoteVolume)}</dd>
          </div>
        </dl>
        <ConnectionBadge />
      </section>

      <section className="trade-panel trade-chart" aria-label={t('trade.chart.label')}>
        <div className="trade-chart__bar">
          <div
            className="trade-chart__intervals"
            role="group"
            aria-label={t('trade.chart.interval')}
          >
            {CANDLE_INTERVALS.map((iv) => (
              <button
                key={iv}
                type="button"
                className={`chip${iv === interval ? ' is-active' : ''}`}
                aria-pressed={iv === interval}
                onClick={() => setInterval(iv)}
              >
                {iv}
              </button>
            ))}
          </div>
          <label className="trade-chart__type">
            <span className="visually-hidden">{t('trade.chart.type')}</span>
            <select
              aria-label={t('trade.chart.type')}
              value={chartType}
              onChange={(e) => setChartType(e.target.value as ChartType)}
            >
              {CHART_TYPES.map((ct) => (
                <option key={ct} value={ct}>
                  {t(`trade.chart.types.${ct}`)}
                </option>
              ))}
            </select>
          </label>
          {chartType !== 'depth' && (
            <details className="trade-chart__indicators">
              <summary>{t('trade.chart.indicators')}</summary>
              <fieldset>
                <legend className="visually-hidden">{t('trade.chart.indicators')}</legend>
                {INDICATORS.map((which) => (
                  <label key={which} className="trade-chart__indicator">
                    <input
                      type="checkbox"
                      checked={indicators.includes(which)}
                      onChange={() => setIndicators((on) => toggleIndicator(on, which))}
                    />
                    {indicatorName(which)}
                  </label>
                ))}
              </fieldset>
            </details>
          )}
        </div>
        {chartType !== 'depth' && indicators.some((i) => i !== 'volume') && (
          <ul className="trade-chart__legend" data-testid="chart-legend">
            {indicators
              .filter((i): i is Exclude<Indicator, 'volume'> => i !== 'volume')
              .map((which) => (
                <li key={which} style={{ color: INDICATOR_COLORS[which] }}>
                  {indicatorName(which, true)}
                </li>
              ))}
          </ul>
        )}
        {simulatedUntil !== null && chartType !== 'depth' && (
          <p className="chart-panel__simulated muted" data-testid="chart-simulated">
            {t('trade.chart.simulated', { date: formatTime(simulatedUntil) })}
          </p>
        )}
        <div className="chart-panel">
          {!loading && chartType !== 'depth' && bars.length === 0 && (
            <p className="chart-panel__empty muted">{t('trade.chart.empty')}</p>
          )}
          {loading && chartType !== 'depth' ? (
            <LoadingState />
          ) : (
            <ChartBoundary
              title={t('trade.chart.loadFailed')}
              onRetry={() => setChart(() => lazy(loadChartPanel))}
            >
              <Suspense fallback={<LoadingState />}>
                <LiveChart
                  Chart={Chart}
                  store={bookStore}
                  tickSize={info.tickSize}
                  type={chartType}
                  bars={bars}
                  colors={colors}
                  indicators={indicators}
                />
              </Suspense>
            </ChartBoundary>
          )}
        </div>
      </section>

      <LiveOrderBook
        store={bookStore}
        tickSize={info.tickSize}
        stepSize={info.stepSize}
        lastPrice={lastPrice}
        onPickPrice={pick}
        ownOrders={ownOrders}
      />

      <section className="trade-panel market-trades" aria-labelledby="market-trades-title">
        <header className="trade-panel__head">
          <h2 id="market-trades-title">{t('trade.trades.title')}</h2>
        </header>
        <div className="order-book__cols muted" aria-hidden="true">
          <span>{t('trade.book.price')}</span>
          <span>{t('trade.book.amount')}</span>
          <span>{t('trade.trades.time')}</span>
        </div>
        <ol className="market-trades__list">
          {trades.map((tr) => (
            <li
              key={tr.id}
              className={`market-trades__row market-trades__row--${tr.side === 'BUY' ? 'buy' : 'sell'}`}
            >
              <button type="button" className="order-book__price" onClick={() => pick(tr.price)}>
                {formatNumber(tr.price, { decimals: priceDecimals })}
              </button>
              <span>{formatNumber(tr.amount, { decimals: stepDecimals(info.stepSize) })}</span>
              <span className="muted">
                {new Date(tr.ts).toLocaleTimeString('en-GB', { hour12: false })}
              </span>
            </li>
          ))}
        </ol>
      </section>

      <LiveOrderForm
        store={bookStore}
        rules={rules}
        baseAsset={info.baseAsset}
        counterAsset={info.counterAsset}
        maintenance={info.maintenance ?? null}
        availableBase={availableBase}
        availableQuote={availableQuote}
        lastPrice={lastPrice}
        picked={picked}
      />

      <MyOrders symbol={symbol} />

      <CoinInfoCard
        asset={assets.data?.find((a) => a.code === info.baseAsset)}
        quote={info.counterAsset}
        lastPrice={lastPrice}
      />
    </div>
  );
}

/*
 * The book changes many times a second. Only these three read it, each through the store: the
 * book itself on every change, the order form when a best price changes, the chart only while
 * it draws depth. The rest of the screen does not re-render with the book.
 */

type BookStore = ReturnType<typeof useOrderBook>['store'];

function LiveOrderBook({
  store,
  ...props
}: { store: BookStore } & Omit<ComponentProps<typeof OrderBook>, 'book'>) {
  return <OrderBook book={useBook(store)} {...props} />;
}

const bestBidOf = (book: BookState | null) => bestPrice(book, 'bids');
const bestAskOf = (book: BookState | null) => bestPrice(book, 'asks');

function LiveOrderForm({
  store,
  availableBase,
  availableQuote,
  lastPrice,
  ...props
}: { store: BookStore } & Omit<ComponentProps<typeof OrderForm>, 'ctx'> &
  Pick<MarketContext, 'availableBase' | 'availableQuote' | 'lastPrice'>) {
  const bestBid = useBookSelector(store, bestBidOf);
  const bestAsk = useBookSelector(store, bestAskOf);
  const ctx = useMemo(
    () => ({ availableBase, availableQuote, bestBid, bestAsk, lastPrice }),
    [availableBase, availableQuote, bestBid, bestAsk, lastPrice],
  );
  return <OrderForm ctx={ctx} {...props} />;
}

const noBook = () => null;

function LiveChart({
  Chart,
  store,
  tickSize,
  ...props
}: {
  Chart: typeof ChartPanel;
  store: BookStore;
  tickSize: string;
} & Omit<ComponentProps<typeof ChartPanel>, 'bids' | 'asks'>) {
  // Only the depth chart draws the book: the other charts get the same empty levels whatever
  // the book does, and do not subscribe to it at all.
  const depth = props.type === 'depth';
  const book = useBookSelector(store, depth ? (b) => b : noBook);
  const bids = useMemo(
    () => (depth ? groupLevels(book?.bids ?? new Map(), 'bids', tickSize, 100) : NO_LEVELS),
    [depth, book, tickSize],
  );
  const asks = useMemo(
    () => (depth ? groupLevels(book?.asks ?? new Map(), 'asks', tickSize, 100) : NO_LEVELS),
    [depth, book, tickSize],
  );
  return <Chart bids={bids} asks={asks} {...props} />;
}

/** The account's open orders of the symbol the trade page loads (the book marks their levels). */
const OPEN_ORDERS_SHOWN = 100;

const MyOrders = memo(function MyOrders({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const [tab, setTab] = useState<OrderListKind>('open');
  const { cancelAll } = useCancelOrders();
  return (
    <section className="trade-panel trade-orders" aria-label={t('trade.orders.label')}>
      <div className="trade-orders__bar">
        <div className="tabs" role="tablist">
          {(['open', 'history', 'trades'] as const).map((k) => (
            <button
              key={k}
              type="button"
              role="tab"
              aria-selected={tab === k}
              className={`tab${tab === k ? ' is-active' : ''}`}
              onClick={() => setTab(k)}
            >
              {t(`trade.orders.tabs.${k}`)}
            </button>
          ))}
        </div>
        {token && tab === 'open' && (
          <button
            type="button"
            className="button"
            disabled={cancelAll.isPending}
            onClick={() => cancelAll.mutate(symbol)}
          >
            {t('trade.orders.cancelAll')}
          </button>
        )}
      </div>
      {token ? (
        <OrderListTable
          kind={tab}
          filters={{ symbol }}
          pageNum={1}
          // The open orders are the list the book marks its levels from: one query serves both.
          pageSize={tab === 'open' ? OPEN_ORDERS_SHOWN : 20}
        />
      ) : (
        <p className="muted">{t('trade.orders.loginToSee')}</p>
      )}
    </section>
  );
});
