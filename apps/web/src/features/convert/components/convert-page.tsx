import {
  KycPermission,
  type ConvertOrder,
  type ConvertPair,
  type ConvertQuote,
} from '@exchange/contracts';
import { cmp, dec, div, toText } from '@exchange/contracts/decimal';
import { useEffect, useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { OptedOutLimitNote } from '../../../components/opted-out-limit-note';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { errorText } from '../../../lib/error-text';
import { formatNumber, formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { useBalances } from '../../../lib/wallet-balances';
import {
  CONVERT_PAGE_SIZE,
  useConfirmConvert,
  useConvertPairs,
  useConvertQuote,
  useConverts,
} from '../api/convert';
import '../convert.css';

const newRequestId = () =>
  `convert-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** Every asset of the pairs, and the ones each converts into (a pair converts both ways). */
function partners(pairs: ConvertPair[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  const add = (a: string, b: string) => out.set(a, [...(out.get(a) ?? []), b]);
  for (const p of pairs) {
    add(p.base, p.counter);
    add(p.counter, p.base);
  }
  return out;
}

/**
 * The quote's rate the way traders read the pair: one unit of the dearer asset in the other
 * (1 BTC ≈ 95,238.09 USDT, whichever way the conversion goes).
 */
function rateText(q: ConvertQuote): string {
  const price = dec(q.price);
  if (price && cmp(price, { n: 1n, scale: 0 }) >= 0)
    return `1 ${q.from} ≈ ${formatNumber(q.price)} ${q.to}`;
  const from = dec(q.fromAmount);
  const to = dec(q.toAmount);
  const inverse = from && to && to.n > 0n ? div(from, to, 8) : null;
  return inverse ? `1 ${q.to} ≈ ${formatNumber(toText(inverse))} ${q.from}` : '-';
}

/** Whole seconds left until `expiresAt`, ticking every second (0 once it has passed). */
function useSecondsLeft(expiresAt: string | null): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    if (!expiresAt) return undefined;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [expiresAt]);
  return expiresAt ? Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 1000)) : 0;
}

/**
 * /trade/swap, Convert as Binance and OKX offer it: pick two assets, get a firm quote held for a
 * few seconds, confirm; the exchange executes it against the book at the quoted price or better.
 */
export function ConvertPage() {
  const { t } = useTranslation();
  const pairs = useConvertPairs();
  return (
    <div className="account-page convert-page" data-testid="convert-page">
      <h1>{t('convert.title')}</h1>
      <p className="muted">{t('convert.subtitle')}</p>
      <OptedOutLimitNote permission={KycPermission.SPOT_TRADE} />
      {pairs.isPending ? (
        <LoadingState />
      ) : pairs.isError ? (
        <ErrorState
          title={t('convert.loadFailed')}
          error={pairs.error}
          onRetry={() => void pairs.refetch()}
        />
      ) : pairs.data.length === 0 ? (
        <EmptyState title={t('convert.noPairs')} />
      ) : (
        <ConvertForm pairs={pairs.data} />
      )}
      <ConvertHistory />
    </div>
  );
}

function ConvertForm({ pairs }: { pairs: ConvertPair[] }) {
  const { t } = useTranslation();
  const id = useId();
  const links = useMemo(() => partners(pairs), [pairs]);
  const assets = useMemo(() => [...links.keys()].sort(), [links]);
  const [from, setFrom] = useState(links.has('USDT') ? 'USDT' : (assets[0] ?? ''));
  const [to, setTo] = useState(() => links.get(from)?.[0] ?? '');
  const [amount, setAmount] = useState('');
  const [quote, setQuote] = useState<ConvertQuote | null>(null);
  const [error, setError] = useState<string | null>(null);
  const balances = useBalances();
  const available = balances.data?.find((b) => b.asset === from)?.available ?? '0';
  const asking = useConvertQuote();
  const confirming = useConfirmConvert();
  const secondsLeft = useSecondsLeft(quote?.expiresAt ?? null);
  const expired = quote !== null && secondsLeft === 0;

  const reset = () => {
    setQuote(null);
    setError(null);
  };
  const chooseFrom = (asset: string) => {
    setFrom(asset);
    if (!links.get(asset)?.includes(to)) setTo(links.get(asset)?.[0] ?? '');
    reset();
  };
  const flip = () => {
    setFrom(to);
    setTo(from);
    setAmount('');
    reset();
  };
  const ask = (e?: FormEvent) => {
    e?.preventDefault();
    setError(null);
    asking.mutate(
      { from, to, amount: amount.trim() },
      { onSuccess: setQuote, onError: (err) => setError(errorText(err, t)) },
    );
  };
  const confirm = () => {
    if (!quote) return;
    confirming.mutate(
      { quoteId: quote.quoteId, clientRequestId: newRequestId() },
      {
        onSuccess: (done) => {
          showToast(t('convert.done', { from: done.from, to: done.to }), 'success');
          setQuote(null);
          setAmount('');
        },
        onError: (err) => setError(errorText(err, t)),
      },
    );
  };

  return (
    <form className="panel convert-form" onSubmit={ask} noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('convert.title')}
      </h2>
      <div className="convert-row">
        <label className="field">
          <span className="field__label">{t('convert.from')}</span>
          <select
            className="field__input"
            value={from}
            onChange={(e) => chooseFrom(e.target.value)}
            name="from"
          >
            {assets.map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          className="convert-flip"
          onClick={flip}
          aria-label={t('convert.flip')}
          title={t('convert.flip')}
        >
          ⇄
        </button>
        <label className="field">
          <span className="field__label">{t('convert.to')}</span>
          <select
            className="field__input"
            value={to}
            onChange={(e) => {
              setTo(e.target.value);
              reset();
            }}
            name="to"
          >
            {(links.get(from) ?? []).map((a) => (
              <option key={a} value={a}>
                {a}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="field">
        <label className="field__label" htmlFor={`${id}-amount`}>
          {t('convert.amount', { asset: from })}
        </label>
        <span className="convert-input">
          <input
            id={`${id}-amount`}
            className="field__input"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            value={amount}
            aria-describedby={`${id}-available`}
            onChange={(e) => {
              setAmount(e.target.value.replace(',', '.'));
              reset();
            }}
          />
          <button
            type="button"
            className="link-button"
            onClick={() => {
              setAmount(available);
              reset();
            }}
          >
            {t('convert.max')}
          </button>
        </span>
        <span id={`${id}-available`} className="muted convert-available">
          {t('convert.available', { amount: formatNumber(available), asset: from })}
        </span>
      </div>
      {quote && (
        <dl className="convert-quote" data-testid="convert-quote" aria-live="polite">
          <div>
            <dt>{t('convert.youPay')}</dt>
            <dd>
              {formatNumber(quote.fromAmount)} {quote.from}
            </dd>
          </div>
          <div>
            <dt>{t('convert.youReceive')}</dt>
            <dd className="convert-receive" data-testid="convert-receive">
              {formatNumber(quote.toAmount)} {quote.to}
            </dd>
          </div>
          <div>
            <dt>{t('convert.rate')}</dt>
            <dd>{rateText(quote)}</dd>
          </div>
          <div>
            <dt>{t('convert.fee')}</dt>
            <dd>
              {formatNumber(quote.fee)} {quote.to}
            </dd>
          </div>
          <div>
            <dt>{t('convert.validity')}</dt>
            <dd data-testid="convert-countdown">
              {expired ? t('convert.expired') : t('convert.validFor', { seconds: secondsLeft })}
            </dd>
          </div>
        </dl>
      )}
      {quote && <p className="muted convert-note">{t('convert.protection')}</p>}
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="convert-actions">
        {quote && !expired ? (
          <button
            type="button"
            className="button button--primary"
            onClick={confirm}
            disabled={confirming.isPending}
          >
            {t('convert.confirm')}
          </button>
        ) : (
          <button
            type="submit"
            className="button button--primary"
            disabled={asking.isPending || amount.trim() === '' || !to}
          >
            {t(expired ? 'convert.refresh' : 'convert.preview')}
          </button>
        )}
      </div>
    </form>
  );
}

function ConvertHistory() {
  const { t } = useTranslation();
  const [pageNum, setPageNum] = useState(1);
  const list = useConverts(pageNum);
  const rows: ConvertOrder[] = list.data?.result ?? [];
  return (
    <section className="panel convert-history" aria-labelledby="convert-history-title">
      <h2 id="convert-history-title">{t('convert.history')}</h2>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('convert.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('convert.empty')} />
      ) : (
        <div className="table-scroll">
          <table className="data-table data-table--stack" aria-label={t('convert.history')}>
            <thead>
              <tr>
                <th>{t('convert.cols.time')}</th>
                <th>{t('convert.cols.pair')}</th>
                <th>{t('convert.cols.paid')}</th>
                <th>{t('convert.cols.received')}</th>
                <th>{t('convert.cols.state')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id} data-convert-id={c.id}>
                  <td data-label={t('convert.cols.time')}>{formatTime(c.createdAt)}</td>
                  <td data-label={t('convert.cols.pair')}>
                    {c.from} → {c.to}
                  </td>
                  <td data-label={t('convert.cols.paid')}>
                    {formatNumber(c.fromSpent)} {c.from}
                  </td>
                  <td data-label={t('convert.cols.received')}>
                    {formatNumber(c.toReceived)} {c.to}
                  </td>
                  <td data-label={t('convert.cols.state')}>
                    <span className={`convert-state convert-state--${c.state.toLowerCase()}`}>
                      {t(`convert.states.${c.state}`)}
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {(pageNum > 1 || rows.length >= CONVERT_PAGE_SIZE) && (
        <Pager pageNum={pageNum} hasNext={rows.length >= CONVERT_PAGE_SIZE} onPage={setPageNum} />
      )}
    </section>
  );
}
