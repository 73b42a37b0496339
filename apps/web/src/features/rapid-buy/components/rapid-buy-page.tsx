import { OptedOutLimitNote } from '../../../components/opted-out-limit-note';
import {
  QUERY_HISTORY_MONTHS,
  RAPID_BUY_PAIR,
  KycPermission,
  RAPID_BUY_QUOTE_DEBOUNCE_MS,
  RAPID_BUY_STATES,
  RAPID_BUY_SYMBOL,
  hasNextPage,
  type RapidBuy,
  type RapidBuyInfo,
  type RapidBuyQuote,
  type RapidBuyState,
} from '@exchange/contracts';
import { ZERO, cmp, dec, toFixed, toText, type Dec } from '@exchange/contracts/decimal';
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Modal } from '../../../components/modal';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { tradePath } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useBalances } from '../../../lib/wallet-balances';
import {
  useConfirmRapidBuy,
  useRapidBuyCsv,
  useRapidBuyInfo,
  useRapidBuyQuote,
  useRapidBuys,
  type RapidBuyFilters,
} from '../api/rapid-buy';
import { useRapidBuyLive } from './live';
import '../rapid-buy.css';

const USD = RAPID_BUY_PAIR.from;
const USDT = RAPID_BUY_PAIR.to;
const AMOUNT_RE = /^\d{1,15}(\.\d{1,2})?$/;
const DAY = 86_400_000;

const newRequestId = () =>
  `rapid-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The amount typed, read for the quote only after the typing pauses. */
function useSettled(value: string, ms: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/** Exact decimals of the API's strings (never floats); anything unreadable counts as 0. */
const num = (v: string | null | undefined): Dec => dec(v ?? '0') ?? ZERO;
/** Dollars shown to the cent, truncated (what may still be spent). */
const cents = (v: string | null | undefined) => toFixed(num(v), 2);
const canonical = (v: string) => toText(num(v));

/**
 * /rapidBuy: spend US dollars, receive USDT at the live book's best asks in one protected market
 * order; the estimate follows the typing, the result and the history move live.
 */
export function RapidBuyPage() {
  const { t } = useTranslation();
  const info = useRapidBuyInfo();
  return (
    <div className="account-page rapid-page" data-testid="rapid-buy-page">
      <div className="rapid-head">
        <div>
          <h1>{t('rapid.title')}</h1>
          <p className="muted">{t('rapid.subtitle')}</p>
        </div>
        <span className="rapid-free" data-testid="rapid-free">
          {t('rapid.freeBadge')}
        </span>
      </div>
      {info.isPending ? (
        <LoadingState />
      ) : info.isError ? (
        <ErrorState
          title={t('rapid.title')}
          error={info.error}
          onRetry={() => void info.refetch()}
        />
      ) : !info.data.available ? (
        <div className="panel rapid-gate" data-testid="rapid-unavailable">
          <h2>{t('rapid.unavailable.title')}</h2>
          <p className="muted">
            {info.data.maintenance
              ? t('rapid.unavailable.maintenance', { message: info.data.maintenance })
              : t('rapid.unavailable.body')}
          </p>
        </div>
      ) : (
        <>
          <BuyPanel info={info.data} />
          <History />
        </>
      )}
    </div>
  );
}

function BuyPanel({ info }: { info: RapidBuyInfo }) {
  const { t } = useTranslation();
  useRapidBuyLive();
  const balances = useBalances();
  const available = balances.data?.find((b) => b.asset === USD)?.available ?? '0';
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<RapidBuy | null>(null);
  const requestId = useRef(newRequestId());
  const settled = useSettled(amount.trim(), RAPID_BUY_QUOTE_DEBOUNCE_MS);
  const valid = AMOUNT_RE.test(settled) && cmp(num(settled), num(info.minSpend)) >= 0;
  const quote = useRapidBuyQuote(valid ? settled : null);
  const confirm = useConfirmRapidBuy();
  const q = valid && quote.data && quote.data.usdAmount === canonical(settled) ? quote.data : null;

  const check = (): string | null => {
    const v = amount.trim();
    if (!AMOUNT_RE.test(v) || cmp(num(v), ZERO) <= 0) return t('rapid.errors.amount');
    if (cmp(num(v), num(info.minSpend)) < 0)
      return t('rapid.errors.minimum', { min: info.minSpend });
    if (cmp(num(v), num(available)) > 0) return t('rapid.errors.balance');
    return null;
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = check();
    setError(problem);
    if (problem || !q || q.noCounterparty) return;
    confirm.reset();
    setConfirming(true);
  };
  const run = () => {
    confirm.mutate(
      { clientRequestId: requestId.current, usdAmount: canonical(amount.trim()) },
      {
        onSuccess: (bought) => {
          setConfirming(false);
          setResult(bought);
          setAmount('');
          requestId.current = newRequestId();
          showToast(
            t(`rapid.toast.${bought.state}`),
            bought.state === 'FILLED' ? 'success' : 'info',
          );
        },
        // A refused request may be sent again as a new one.
        onError: () => {
          requestId.current = newRequestId();
        },
      },
    );
  };

  return (
    <div className="rapid-grid">
      <form className="panel rapid-form" onSubmit={submit} noValidate data-testid="rapid-form">
        <OptedOutLimitNote permission={KycPermission.RAPID_BUY} />
        <label className="field">
          <span className="field__label">{t('rapid.spend')}</span>
          <span className="rapid-input">
            <input
              className="field__input"
              inputMode="decimal"
              autoComplete="off"
              placeholder={t('rapid.spendPlaceholder', { min: info.minSpend })}
              value={amount}
              onChange={(e) => {
                setAmount(e.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              data-testid="rapid-amount"
            />
            <span className="rapid-input__unit">{USD}</span>
          </span>
        </label>
        <div className="rapid-available">
          <span className="muted" data-testid="rapid-available">
            {t('rapid.available', { amount: cents(available), asset: USD })}
          </span>
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setAmount(cents(available));
              setError(null);
            }}
            data-testid="rapid-max"
          >
            {t('rapid.max')}
          </button>
        </div>
        {error && (
          <p className="field__error" role="alert" data-testid="rapid-error">
            {error}
          </p>
        )}
        <div className="rapid-arrow" aria-hidden="true">
          ↓
        </div>
        <div className="field">
          <span className="field__label">{t('rapid.receive')}</span>
          <div className="rapid-receive" data-testid="rapid-receive" aria-live="polite">
            <strong>{q ? q.usdtReceived : '0.00'}</strong> <span>{USDT}</span>
            {quote.isFetching && valid && <span className="muted rapid-updating">…</span>}
          </div>
        </div>
        <QuoteDetails quote={q} info={info} />
        {quote.isError && valid && (
          <p className="notice notice--error" role="alert">
            {errorText(quote.error, t)}
          </p>
        )}
        <button
          type="submit"
          className="button button--primary"
          disabled={!q || q.noCounterparty}
          data-testid="rapid-buy"
        >
          {t('rapid.buy', { asset: USDT })}
        </button>
        <p className="muted rapid-note">{t('rapid.how')}</p>
      </form>
      <ResultPanel result={result} />
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('rapid.confirm.title')}
        size="small"
        footer={
          <>
            <button type="button" className="button" onClick={() => setConfirming(false)}>
              {t('common.cancel')}
            </button>
            <button
              type="button"
              className="button button--primary"
              onClick={run}
              disabled={confirm.isPending}
              data-testid="rapid-confirm"
            >
              {confirm.isPending ? t('common.loading') : t('common.confirm')}
            </button>
          </>
        }
      >
        {q && (
          <dl className="rapid-summary" data-testid="rapid-confirm-summary">
            <dt>{t('rapid.spend')}</dt>
            <dd>
              {cents(amount.trim())} {USD}
            </dd>
            <dt>{t('rapid.receive')}</dt>
            <dd>
              ≈ {q.usdtReceived} {USDT}
            </dd>
            <dt>{t('rapid.price')}</dt>
            <dd>{t('rapid.priceValue', { price: q.averagePrice ?? '-' })}</dd>
            <dt>{t('rapid.protection')}</dt>
            <dd>{t('rapid.protectionValue', { price: q.limitPrice ?? '-' })}</dd>
            <dt>{t('rapid.serviceFee')}</dt>
            <dd>{t('rapid.free')}</dd>
          </dl>
        )}
        {q && !q.covered && (
          <p className="rapid-warn" role="note">
            {t('rapid.partial', {
              usd: cents(q.usdFilled),
              usdt: q.usdtReceived,
              rest: cents(q.usdUnspent),
            })}
          </p>
        )}
        <p className="muted rapid-note">{t('rapid.confirm.note')}</p>
        {confirm.error && (
          <p className="notice notice--error" role="alert" data-testid="rapid-confirm-error">
            {errorText(confirm.error, t)}
          </p>
        )}
      </Modal>
    </div>
  );
}

function QuoteDetails({ quote, info }: { quote: RapidBuyQuote | null; info: RapidBuyInfo }) {
  const { t } = useTranslation();
  if (quote?.noCounterparty)
    return (
      <div className="notice notice--error" role="alert" data-testid="rapid-no-counterparty">
        <p>{t('rapid.noCounterparty')}</p>
        <Link className="link" to={tradePath(RAPID_BUY_SYMBOL)}>
          {t('rapid.limitOrder')}
        </Link>
      </div>
    );
  return (
    <>
      <dl className="rapid-summary rapid-summary--terms" data-testid="rapid-quote">
        <dt>{t('rapid.price')}</dt>
        <dd data-testid="rapid-price">
          {quote?.averagePrice ? t('rapid.priceValue', { price: quote.averagePrice }) : '-'}
        </dd>
        <dt>{t('rapid.matching')}</dt>
        <dd data-testid="rapid-levels">
          {quote ? t('rapid.matched', { levels: quote.levels }) : '-'}
        </dd>
        <dt>{t('rapid.protection')}</dt>
        <dd>{quote?.limitPrice ? t('rapid.protectionValue', { price: quote.limitPrice }) : '-'}</dd>
        <dt>{t('rapid.serviceFee')}</dt>
        <dd className="rapid-free-text">{t('rapid.free')}</dd>
        {cmp(num(info.feeRate), ZERO) > 0 && (
          <>
            <dt>{t('rapid.tradingFee')}</dt>
            <dd>
              {quote?.fee ?? '0'} {USDT}
            </dd>
          </>
        )}
      </dl>
      {quote && !quote.covered && (
        <p className="rapid-warn" role="note" data-testid="rapid-partial">
          {t('rapid.partial', {
            usd: cents(quote.usdFilled),
            usdt: quote.usdtReceived,
            rest: cents(quote.usdUnspent),
          })}
        </p>
      )}
    </>
  );
}

function ResultPanel({ result }: { result: RapidBuy | null }) {
  const { t } = useTranslation();
  // The purchase as the history now shows it (a PROCESSING answer ends there, live).
  const list = useRapidBuys({ pageNum: 1, startTime: Date.now() - DAY, endTime: Date.now() + DAY });
  const latest = result ? (list.data?.result.find((b) => b.id === result.id) ?? result) : null;
  return (
    <aside className="panel rapid-result" data-testid="rapid-result" aria-live="polite">
      <h2>{t('rapid.result.title')}</h2>
      {!latest ? (
        <p className="muted">{t('rapid.result.none')}</p>
      ) : (
        <>
          <p>
            <span
              className={`rapid-state rapid-state--${latest.state.toLowerCase()}`}
              data-state={latest.state}
            >
              {t(`rapid.states.${latest.state}`)}
            </span>
          </p>
          {latest.state === 'PROCESSING' ? (
            <p className="muted">{t('rapid.result.processing')}</p>
          ) : (
            <dl className="rapid-summary">
              <dt>{t('rapid.result.received')}</dt>
              <dd data-testid="rapid-result-received">
                {latest.usdtReceived} {USDT}
              </dd>
              <dt>{t('rapid.result.spent')}</dt>
              <dd>
                {latest.usdFilled} {USD}
              </dd>
              <dt>{t('rapid.price')}</dt>
              <dd>
                {latest.averagePrice ? t('rapid.priceValue', { price: latest.averagePrice }) : '-'}
              </dd>
              {cmp(num(latest.usdReturned), ZERO) > 0 && (
                <>
                  <dt>{t('rapid.result.returned')}</dt>
                  <dd data-testid="rapid-result-returned">
                    {latest.usdReturned} {USD}
                  </dd>
                </>
              )}
            </dl>
          )}
          {latest.state === 'PARTIALLY_FILLED' && (
            <p className="rapid-warn">{t('rapid.result.partial')}</p>
          )}
          {latest.state === 'NO_COUNTERPARTY' && (
            <p className="rapid-warn">
              {t('rapid.noCounterparty')}{' '}
              <Link className="link" to={tradePath(RAPID_BUY_SYMBOL)}>
                {t('rapid.limitOrder')}
              </Link>
            </p>
          )}
        </>
      )}
    </aside>
  );
}

/** The earliest day the history reaches: QUERY_HISTORY_MONTHS back, the next local day. */
function earliestDay(): string {
  const d = new Date();
  d.setMonth(d.getMonth() - QUERY_HISTORY_MONTHS);
  d.setDate(d.getDate() + 1);
  return d.toISOString().slice(0, 10);
}
const today = () => new Date().toISOString().slice(0, 10);

function History() {
  const { t } = useTranslation();
  const [state, setState] = useState<RapidBuyState | ''>('');
  const [from, setFrom] = useState(earliestDay);
  const [to, setTo] = useState(today);
  const [pageNum, setPageNum] = useState(1);
  const filters = useMemo(
    () => ({
      state: state || undefined,
      startTime: Math.max(new Date(`${from}T00:00:00`).getTime(), Date.parse(earliestDay())),
      endTime: new Date(`${to}T00:00:00`).getTime() + DAY - 1,
    }),
    [state, from, to],
  );
  const list = useRapidBuys({ ...filters, pageNum } satisfies RapidBuyFilters);
  const csv = useRapidBuyCsv();
  const rows = list.data?.result ?? [];
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNum(1);
    };
  return (
    <section className="panel rapid-history" data-testid="rapid-history">
      <h2>{t('rapid.history.title')}</h2>
      <p className="muted">{t('rapid.history.subtitle', { months: QUERY_HISTORY_MONTHS })}</p>
      <div className="rapid-filters">
        <label className="field">
          <span className="field__label">{t('rapid.history.state')}</span>
          <select
            className="field__input"
            value={state}
            onChange={(e) => reset(setState)(e.target.value as RapidBuyState | '')}
            data-testid="rapid-filter-state"
          >
            <option value="">{t('rapid.history.all')}</option>
            {RAPID_BUY_STATES.map((s) => (
              <option key={s} value={s}>
                {t(`rapid.states.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="field">
          <span className="field__label">{t('rapid.history.from')}</span>
          <input
            className="field__input"
            type="date"
            value={from}
            min={earliestDay()}
            max={to}
            onChange={(e) => e.target.value && reset(setFrom)(e.target.value)}
          />
        </label>
        <label className="field">
          <span className="field__label">{t('rapid.history.to')}</span>
          <input
            className="field__input"
            type="date"
            value={to}
            min={from}
            max={today()}
            onChange={(e) => e.target.value && reset(setTo)(e.target.value)}
          />
        </label>
        <button
          type="button"
          className="button"
          onClick={() =>
            void csv(filters).catch((err: unknown) => showToast(errorText(err, t), 'error'))
          }
          data-testid="rapid-csv"
        >
          {t('rapid.history.csv')}
        </button>
      </div>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('rapid.history.title')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 && pageNum === 1 ? (
        <EmptyState title={t('rapid.history.empty')} />
      ) : (
        <>
          <div className="table-scroll">
            <table className="data-table data-table--stack">
              <thead>
                <tr>
                  <th scope="col">{t('rapid.history.time')}</th>
                  <th scope="col">{t('rapid.history.spent')}</th>
                  <th scope="col">{t('rapid.history.received')}</th>
                  <th scope="col">{t('rapid.history.price')}</th>
                  <th scope="col">{t('rapid.history.returned')}</th>
                  <th scope="col">{t('rapid.history.state')}</th>
                </tr>
              </thead>
              <tbody>
                {rows.map((b) => (
                  <tr key={b.id} data-rapid-buy={b.id} data-state={b.state}>
                    <td data-label={t('rapid.history.time')}>{formatTime(b.createdAt)}</td>
                    <td data-label={t('rapid.history.spent')}>
                      {b.usdFilled} / {b.usdRequested} {USD}
                    </td>
                    <td data-label={t('rapid.history.received')}>
                      {b.usdtReceived} {USDT}
                    </td>
                    <td data-label={t('rapid.history.price')}>{b.averagePrice ?? '-'}</td>
                    <td data-label={t('rapid.history.returned')}>
                      {b.usdReturned} {USD}
                    </td>
                    <td data-label={t('rapid.history.state')}>
                      <span className={`rapid-state rapid-state--${b.state.toLowerCase()}`}>
                        {t(`rapid.states.${b.state}`)}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager pageNum={pageNum} hasNext={hasNextPage(list.data)} onPage={setPageNum} />
        </>
      )}
    </section>
  );
}
