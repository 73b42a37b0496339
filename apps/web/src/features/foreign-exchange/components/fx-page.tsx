import { OptedOutLimitNote } from '../../../components/opted-out-limit-note';
import {
  FOREIGN_EXCHANGE_STATES,
  FX_SPREAD,
  KycPermission,
  QUERY_HISTORY_MONTHS,
  RuntimeMode,
  hasNextPage,
  kycAccessFor,
  type ForeignExchange,
  type FxCurrency,
  type FxQuote,
} from '@exchange/contracts';
import { useEffect, useMemo, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { TextField } from '../../../components/form';
import { Modal } from '../../../components/modal';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { formatTime } from '../../../lib/format';
import { useProfile } from '../../../lib/profile';
import { updateSettings, useRuntimeMode } from '../../../lib/settings';
import {
  fxCsvUrl,
  useConfirmFx,
  useFxCurrencies,
  useFxExchange,
  useFxHistory,
  useFxQuote,
} from '../api/foreign-exchange';
import { useFxLive } from './live';
import '../foreign-exchange.css';
import {
  DateField,
  earliestDay,
  FilterSelect,
  rangeTimes,
  today,
} from '../../../components/history-filters';

const TABS = ['exchange', 'history'] as const;
type Tab = (typeof TABS)[number];
/** Quote errors that a fresh quote answers (expired, unknown or already used). */
const STALE_QUOTE = new Set(['6405', '6406']);
/** The spread as a percentage for reading (0.003 -> "0.30"). */
const SPREAD_PERCENT = (Number(FX_SPREAD) * 100).toFixed(2);

const newRequestId = () =>
  `fx-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** A rate for reading: 4 decimals from 1 up, else 8 (cut, never rounded up). */
export function displayRate(rate: string): string {
  const [int = '0', frac = ''] = rate.split('.');
  const keep = int !== '0' ? 4 : 8;
  const cut = frac.slice(0, keep).replace(/0+$/, '');
  return cut ? `${int}.${cut}` : int;
}

/** Whether `amount` is a positive decimal with at most `decimals` places. */
function amountOk(amount: string, decimals: number): boolean {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  if (!m) return false;
  if ((m[2] ?? '').length > decimals) return false;
  return /[1-9]/.test(amount);
}

/** a <= b for plain decimal strings (no floats). */
function lte(a: string, b: string): boolean {
  const [ai = '0', af = ''] = a.split('.');
  const [bi = '0', bf = ''] = b.split('.');
  const width = Math.max(af.length, bf.length);
  const x = BigInt(ai + af.padEnd(width, '0'));
  const y = BigInt(bi + bf.padEnd(width, '0'));
  return x <= y;
}

/**
 * /foreignExchange: sell one fiat currency for another at a quoted rate (the feed's cross rate
 * less the spread, no fee), valid for a few seconds and renewed as it runs out; the exchange
 * settles in about 30 minutes. The History tab lists the past 6 months with filters and CSV.
 */
export function ForeignExchangePage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab: Tab = search.get('tab') === 'history' ? 'history' : 'exchange';
  return (
    <div className="account-page fx-page" data-testid="fx-page">
      <div className="fx-head">
        <div>
          <h1>{t('fx.title')}</h1>
          <p className="muted">{t('fx.subtitle')}</p>
        </div>
        <Link className="button button--small" to={PATHS.fiatHistory}>
          {t('fx.fiatHistory')}
        </Link>
      </div>
      <div className="tabs fx-tabs" role="tablist">
        {TABS.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={`tab${tab === k ? ' tab--active' : ''}`}
            data-testid={`fx-tab-${k}`}
            onClick={() => {
              const next = new URLSearchParams(search);
              next.set('tab', k);
              setSearch(next, { replace: true });
            }}
          >
            {t(`fx.tabs.${k}`)}
          </button>
        ))}
      </div>
      <FxGate>
        {tab === 'exchange' ? (
          <ExchangePanel initialFrom={search.get('from') ?? 'USD'} initialTo={search.get('to')} />
        ) : (
          <HistoryPanel />
        )}
      </FxGate>
    </div>
  );
}

/** Real mode and a verified identity (permission FOREIGN_EXCHANGE), with the way there. */
function FxGate({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const profile = useProfile();
  if (mode !== RuntimeMode.REAL)
    return (
      <div className="panel fx-gate" data-testid="real-only">
        <h2>{t('fx.realOnly.title')}</h2>
        <p className="muted">{t('fx.realOnly.body')}</p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => updateSettings({ runtimeMode: RuntimeMode.REAL })}
        >
          {t('fx.realOnly.action')}
        </button>
      </div>
    );
  if (profile.isPending) return <LoadingState />;
  const access = kycAccessFor(
    profile.data?.kycLevel ?? null,
    RuntimeMode.REAL,
    KycPermission.FOREIGN_EXCHANGE,
  );
  if (access === 'FULL') return <>{children}</>;
  if (access === 'LIMITED')
    return (
      <>
        <OptedOutLimitNote permission={KycPermission.FOREIGN_EXCHANGE} />
        {children}
      </>
    );
  return (
    <div className="panel fx-gate" data-testid="kyc-needed">
      <h2>{t('fx.kyc.title')}</h2>
      <p className="muted">{t(access === 'INSUFFICIENT' ? 'fx.kyc.body' : 'fx.kyc.optedOut')}</p>
      {access === 'INSUFFICIENT' && (
        <Link className="button button--primary" to={PATHS.identity}>
          {t('fx.kyc.action')}
        </Link>
      )}
    </div>
  );
}

/** The amount typed, read for the quote only after the typing pauses. */
function useSettled(value: string, ms = 400): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Seconds left of a quote's validity, ticking; 0 when it ran out. */
function useSecondsLeft(quote: FxQuote | undefined, receivedAt: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, []);
  if (!quote) return 0;
  // The tick may be older than the answer: never count from before it arrived.
  const elapsed = Math.max(0, now - receivedAt);
  return Math.max(0, Math.ceil((quote.validForMs - elapsed) / 1000));
}

/** `initialTo`: the currency to get, as the wallet's "Withdraw via USD" names it (`?to=`). */
function ExchangePanel({
  initialFrom,
  initialTo,
}: {
  initialFrom: string;
  initialTo: string | null;
}) {
  const { t } = useTranslation();
  useFxLive();
  const currencies = useFxCurrencies();
  const [from, setFrom] = useState(initialFrom);
  const [to, setTo] = useState(
    initialTo !== null && initialTo !== initialFrom
      ? initialTo
      : initialFrom === 'HKD'
        ? 'USD'
        : 'HKD',
  );
  const [amount, setAmount] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [doneId, setDoneId] = useState<string | null>(null);
  const requestId = useRef(newRequestId());
  const list = currencies.data ?? [];
  const fromC = list.find((c) => c.code === from);
  const typed = amount.trim();
  const settled = useSettled(typed);
  const decimals = fromC?.decimals ?? 2;
  const amountError =
    typed === ''
      ? null
      : !amountOk(typed, decimals)
        ? t('fx.errors.amount', { decimals })
        : fromC && !lte(typed, fromC.available)
          ? t('fx.errors.balance')
          : null;
  const quoteAmount = settled === typed && amountOk(settled, decimals) ? settled : '';
  const quote = useFxQuote(from, to, quoteAmount);
  const q = quote.data;
  const left = useSecondsLeft(q, quote.dataUpdatedAt);
  const confirm = useConfirmFx();

  // A quote that ran out is replaced at once (the page never offers an expired rate).
  const refetch = quote.refetch;
  useEffect(() => {
    if (q && left === 0 && !quote.isFetching) void refetch();
  }, [q, left, quote.isFetching, refetch]);

  // The selectors start on the first currency held (else USD) and another one.
  useEffect(() => {
    if (list.length < 2) return;
    const codes = list.map((c) => c.code);
    if (!codes.includes(from)) setFrom(codes[0] ?? 'USD');
    if (!codes.includes(to) || to === from)
      setTo(codes.find((c) => c !== from && c === 'HKD') ?? codes.find((c) => c !== from) ?? '');
  }, [list, from, to]);

  if (currencies.isPending) return <LoadingState />;
  if (currencies.isError)
    return (
      <ErrorState
        title={t('fx.title')}
        error={currencies.error}
        onRetry={() => void currencies.refetch()}
      />
    );

  const swap = () => {
    setFrom(to);
    setTo(from);
    setAmount('');
  };
  const pick = (side: 'from' | 'to', code: string) => {
    if (side === 'from') {
      if (code === to) setTo(from);
      setFrom(code);
      setAmount('');
    } else {
      if (code === from) setFrom(to);
      setTo(code);
    }
  };
  const quoteError = quote.error instanceof ApiError ? errorText(quote.error, t) : null;
  const ready =
    q &&
    !amountError &&
    amountOk(typed, decimals) &&
    lte(q.amount, typed) &&
    lte(typed, q.amount) &&
    q.from === from &&
    q.to === to;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (!ready) return;
    confirm.reset();
    setConfirming(true);
  };
  const run = () => {
    if (!q) return;
    confirm.mutate(
      { quoteId: q.id, clientRequestId: requestId.current },
      {
        onSuccess: (fx) => {
          setConfirming(false);
          setDoneId(fx.id);
          setAmount('');
          requestId.current = newRequestId();
        },
        onError: (err) => {
          // An expired or used quote: the dialog shows the fresh one to confirm instead.
          if (err instanceof ApiError && STALE_QUOTE.has(err.code)) {
            requestId.current = newRequestId();
            void refetch();
          }
        },
      },
    );
  };

  if (doneId) return <ResultPanel id={doneId} onAgain={() => setDoneId(null)} />;

  return (
    <div className="fx-layout">
      <form className="panel form fx-form" onSubmit={submit} noValidate data-testid="fx-form">
        <div className="fx-pair">
          <CurrencySelect
            label={t('fx.from')}
            name="from"
            value={from}
            list={list}
            onChange={(c) => pick('from', c)}
          />
          <button
            type="button"
            className="icon-button fx-swap"
            aria-label={t('fx.swap')}
            title={t('fx.swap')}
            onClick={swap}
            data-testid="fx-swap"
          >
            ⇄
          </button>
          <CurrencySelect
            label={t('fx.to')}
            name="to"
            value={to}
            list={list}
            onChange={(c) => pick('to', c)}
          />
        </div>
        <TextField
          name="amount"
          label={t('fx.amount', { currency: from })}
          inputMode={decimals > 0 ? 'decimal' : 'numeric'}
          autoComplete="off"
          value={amount}
          onChange={(e) => setAmount(e.target.value)}
          error={amountError}
          hint={
            <span data-testid="fx-available">
              {t('fx.available', { amount: fromC?.available ?? '0', currency: from })}
            </span>
          }
          addon={
            <button
              type="button"
              className="field__action"
              onClick={() => fromC && setAmount(fromC.available)}
            >
              {t('fx.max')}
            </button>
          }
        />
        <QuoteCard
          quote={ready ? q : undefined}
          loading={quote.isFetching && quoteAmount !== ''}
          left={left}
          error={typed && !amountError ? quoteError : null}
        />
        <p className="muted fx-note">{t('fx.timeline')}</p>
        <button
          type="submit"
          className="button button--primary"
          disabled={!ready || left === 0}
          data-testid="fx-submit"
        >
          {t('fx.submit')}
        </button>
      </form>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('fx.confirmTitle')}
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              disabled={confirm.isPending || !q || left === 0}
              onClick={run}
              data-testid="fx-confirm-submit"
            >
              {t('common.confirm')}
            </button>
          </>
        }
      >
        <div data-testid="fx-confirm">
          <p className="fx-confirm__intro">{t('fx.confirmBody')}</p>
          {q && (
            <dl className="fx-summary">
              <dt>{t('fx.youSell')}</dt>
              <dd data-testid="fx-confirm-sell">
                {q.amount} {q.from}
              </dd>
              <dt>{t('fx.youReceive')}</dt>
              <dd data-testid="fx-confirm-receive">
                {q.receive} {q.to}
              </dd>
              <dt>{t('fx.rate')}</dt>
              <dd>
                1 {q.from} = {displayRate(q.rate)} {q.to}
              </dd>
              <dt>{t('fx.fee')}</dt>
              <dd>{t('fx.free')}</dd>
              <dt>{t('fx.validFor')}</dt>
              <dd>{t('fx.seconds', { n: left })}</dd>
            </dl>
          )}
          {confirm.error && (
            <p className="notice notice--error" role="alert" data-testid="fx-confirm-error">
              {errorText(confirm.error, t)}
            </p>
          )}
        </div>
      </Modal>
    </div>
  );
}

function CurrencySelect({
  label,
  name,
  value,
  list,
  onChange,
}: {
  label: string;
  name: string;
  value: string;
  list: FxCurrency[];
  onChange: (code: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <label className="field fx-currency">
      <span className="field__label">{label}</span>
      <select
        className="field__input"
        name={name}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        {list.map((c) => (
          <option key={c.code} value={c.code}>
            {t('fx.option', { code: c.code, amount: c.available })}
          </option>
        ))}
      </select>
    </label>
  );
}

function QuoteCard({
  quote,
  loading,
  left,
  error,
}: {
  quote: FxQuote | undefined;
  loading: boolean;
  left: number;
  error: string | null;
}) {
  const { t } = useTranslation();
  if (error)
    return (
      <p className="notice notice--error fx-quote" role="alert" data-testid="fx-quote-error">
        {error}
      </p>
    );
  return (
    <div className="fx-quote" data-testid="fx-quote" aria-busy={loading}>
      <dl className="fx-summary">
        <dt>{t('fx.rate')}</dt>
        <dd data-testid="fx-rate">
          {quote ? `1 ${quote.from} = ${displayRate(quote.rate)} ${quote.to}` : '-'}
        </dd>
        <dt>{t('fx.youReceive')}</dt>
        <dd className="fx-receive" data-testid="fx-receive">
          {quote ? `${quote.receive} ${quote.to}` : '-'}
        </dd>
        <dt>{t('fx.fee')}</dt>
        <dd>
          <span className="fx-badge fx-badge--free">{t('fx.free')}</span>
        </dd>
        <dt>{t('fx.validFor')}</dt>
        <dd data-testid="fx-countdown" aria-live="off">
          {quote ? (left > 0 ? t('fx.seconds', { n: left }) : t('fx.refreshing')) : '-'}
        </dd>
      </dl>
      <p className="muted fx-note">{t('fx.spreadNote', { spread: SPREAD_PERCENT })}</p>
    </div>
  );
}

function ResultPanel({ id, onAgain }: { id: string; onAgain: () => void }) {
  const { t } = useTranslation();
  const fx = useFxExchange(id);
  const x = fx.data;
  return (
    <section className="panel fx-result" data-testid="fx-result">
      {!x ? (
        <LoadingState />
      ) : (
        <>
          <div className="fx-result__top">
            <h2>{t(`fx.result.titles.${x.status}`)}</h2>
            <StateBadge state={x.status} />
          </div>
          <p className="muted">
            {x.status === 'PROCESSING'
              ? t('fx.result.processing', { when: formatTime(x.settleAt) })
              : x.status === 'COMPLETED'
                ? t('fx.result.completed', { amount: x.receiveAmount, currency: x.to })
                : t('fx.result.refunded', { amount: x.sellAmount, currency: x.from })}
          </p>
          <ExchangeSummary x={x} />
          <div className="fx-actions">
            <button type="button" className="button button--primary" onClick={onAgain}>
              {t('fx.result.again')}
            </button>
            <Link className="button" to={`${PATHS.foreignExchange}?tab=history`}>
              {t('fx.result.history')}
            </Link>
          </div>
        </>
      )}
    </section>
  );
}

function ExchangeSummary({ x }: { x: ForeignExchange }) {
  const { t } = useTranslation();
  return (
    <dl className="fx-summary">
      <dt>{t('fx.youSell')}</dt>
      <dd>
        {x.sellAmount} {x.from}
      </dd>
      <dt>{t('fx.youReceive')}</dt>
      <dd>
        {x.receiveAmount} {x.to}
      </dd>
      <dt>{t('fx.rate')}</dt>
      <dd>
        1 {x.from} = {displayRate(x.rate)} {x.to}
      </dd>
      <dt>{t('fx.fee')}</dt>
      <dd>{t('fx.free')}</dd>
      <dt>{t('fx.table.time')}</dt>
      <dd>{formatTime(x.createdAt)}</dd>
    </dl>
  );
}

function StateBadge({ state }: { state: ForeignExchange['status'] }) {
  const { t } = useTranslation();
  return (
    <span className={`fx-state fx-state--${state.toLowerCase()}`} data-testid="fx-state">
      {t(`fx.states.${state}`)}
    </span>
  );
}

function HistoryPanel() {
  const { t } = useTranslation();
  useFxLive();
  const currencies = useFxCurrencies();
  const codes = (currencies.data ?? []).map((c) => c.code);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [status, setStatus] = useState('');
  const [start, setStart] = useState(earliestDay);
  const [end, setEnd] = useState(today);
  const [pageNum, setPageNum] = useState(1);
  const filters = useMemo(
    () => ({
      from: from || undefined,
      to: to || undefined,
      status: status || undefined,
      ...rangeTimes(start, end),
    }),
    [from, to, status, start, end],
  );
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNum(1);
    };
  const all: [string, string] = ['', t('fx.history.all')];
  const codeOptions = codes.map((c): [string, string] => [c, c]);
  return (
    <section className="panel fx-history" data-testid="fx-history">
      <p className="muted fx-note">{t('fx.history.window', { months: QUERY_HISTORY_MONTHS })}</p>
      <div className="fx-filters" data-testid="fx-filters">
        <FilterSelect
          label={t('fx.from')}
          value={from}
          onChange={reset(setFrom)}
          options={[all, ...codeOptions]}
        />
        <FilterSelect
          label={t('fx.to')}
          value={to}
          onChange={reset(setTo)}
          options={[all, ...codeOptions]}
        />
        <FilterSelect
          label={t('fx.table.state')}
          value={status}
          onChange={reset(setStatus)}
          options={[
            all,
            ...FOREIGN_EXCHANGE_STATES.map((s): [string, string] => [s, t(`fx.states.${s}`)]),
          ]}
        />
        <DateField
          label={t('fx.history.start')}
          value={start}
          min={earliestDay()}
          max={end}
          onChange={reset(setStart)}
        />
        <DateField
          label={t('fx.history.end')}
          value={end}
          min={start}
          max={today()}
          onChange={reset(setEnd)}
        />
        <a className="button" href={fxCsvUrl(filters)} download data-testid="fx-history-csv">
          {t('fx.history.csv')}
        </a>
      </div>
      <HistoryTable filters={{ ...filters, pageNum }} onPage={setPageNum} />
    </section>
  );
}

function HistoryTable({
  filters,
  onPage,
}: {
  filters: Parameters<typeof useFxHistory>[0];
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation();
  const q = useFxHistory(filters);
  if (q.isPending) return <LoadingState />;
  if (q.isError)
    return (
      <ErrorState title={t('fx.tabs.history')} error={q.error} onRetry={() => void q.refetch()} />
    );
  const rows = q.data.result;
  if (rows.length === 0 && filters.pageNum === 1)
    return (
      <EmptyState title={t('fx.history.empty')}>
        <p className="muted">{t('fx.history.emptyBody')}</p>
      </EmptyState>
    );
  return (
    <>
      <div className="table-scroll">
        <table className="data-table data-table--stack fx-table">
          <thead>
            <tr>
              <th scope="col">{t('fx.table.time')}</th>
              <th scope="col">{t('fx.table.pair')}</th>
              <th scope="col">{t('fx.youSell')}</th>
              <th scope="col">{t('fx.youReceive')}</th>
              <th scope="col">{t('fx.rate')}</th>
              <th scope="col">{t('fx.table.state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((x) => (
              <tr key={x.id} data-testid="fx-history-row" data-state={x.status}>
                <td data-label={t('fx.table.time')}>{formatTime(x.createdAt)}</td>
                <td data-label={t('fx.table.pair')}>
                  <bdi>
                    {x.from} → {x.to}
                  </bdi>
                </td>
                <td data-label={t('fx.youSell')}>
                  {x.sellAmount} {x.from}
                </td>
                <td data-label={t('fx.youReceive')}>
                  {x.receiveAmount} {x.to}
                </td>
                <td data-label={t('fx.rate')}>{displayRate(x.rate)}</td>
                <td data-label={t('fx.table.state')} title={x.reason ?? undefined}>
                  <StateBadge state={x.status} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Pager pageNum={filters.pageNum} hasNext={hasNextPage(q.data)} onPage={onPage} />
    </>
  );
}
