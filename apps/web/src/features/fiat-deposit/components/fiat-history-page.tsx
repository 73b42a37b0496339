import {
  FIAT_DEPOSIT_CURRENCIES,
  FIAT_HISTORY_STATES,
  QUERY_HISTORY_MONTHS,
  RuntimeMode,
  hasNextPage,
  type FiatDepositState,
  type FiatHistoryType,
  type FiatWithdrawalState,
} from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS } from '../../../config/paths';
import { formatTime } from '../../../lib/format';
import { useRuntimeMode } from '../../../lib/settings';
import { historyCsvUrl, useFiatHistory } from '../api/fiat';
import { useFiatLive } from './live';
import '../fiat.css';
import {
  DateField,
  earliestDay,
  FilterSelect,
  rangeTimes,
  today,
} from '../../../components/history-filters';

const stateKey = (s: string) =>
  `fiat.states.${s as FiatDepositState | FiatWithdrawalState}` as const;

/**
 * /accountCenter/orders/fiatHistory: fiat deposits (card and bank) and withdrawals together,
 * filtered by type, currency, state and dates within the past 6 months, exported as CSV, and
 * moving live as their states change.
 */
export function FiatHistoryPage() {
  const { t } = useTranslation();
  const mode = useRuntimeMode();
  const [type, setType] = useState<FiatHistoryType | ''>('');
  const [currency, setCurrency] = useState('');
  const [state, setState] = useState('');
  const [from, setFrom] = useState(earliestDay);
  const [to, setTo] = useState(today);
  const [pageNum, setPageNum] = useState(1);
  const filters = useMemo(
    () => ({
      type: type || undefined,
      currency: currency || undefined,
      state: state || undefined,
      ...rangeTimes(from, to),
    }),
    [type, currency, state, from, to],
  );
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNum(1);
    };

  return (
    <div className="account-page fiat-page">
      <div className="fiat-head">
        <div>
          <h1>{t('fiat.history.title')}</h1>
          <p className="muted">{t('fiat.history.subtitle', { months: QUERY_HISTORY_MONTHS })}</p>
        </div>
        <div className="fiat-actions">
          <Link className="button button--small" to={PATHS.fiatChannel}>
            {t('fiat.history.deposit')}
          </Link>
          <Link className="button button--small" to={PATHS.withdrawAssets}>
            {t('fiat.history.withdraw')}
          </Link>
          <Link className="button button--small" to={PATHS.foreignExchange}>
            {t('fx.title')}
          </Link>
        </div>
      </div>
      {mode !== RuntimeMode.REAL ? (
        <div className="panel fiat-gate" data-testid="real-only">
          <h2>{t('fiat.realOnly.title')}</h2>
          <p className="muted">{t('fiat.realOnly.body')}</p>
        </div>
      ) : (
        <section className="panel">
          <div className="fiat-filters" data-testid="fiat-filters">
            <FilterSelect
              label={t('fiat.history.type')}
              value={type}
              onChange={reset((v: string) => setType(v as FiatHistoryType | ''))}
              options={[
                ['', t('fiat.history.all')],
                ['DEPOSIT', t('fiat.history.types.DEPOSIT')],
                ['WITHDRAWAL', t('fiat.history.types.WITHDRAWAL')],
              ]}
            />
            <FilterSelect
              label={t('fiat.history.currency')}
              value={currency}
              onChange={reset(setCurrency)}
              options={[
                ['', t('fiat.history.all')],
                ...FIAT_DEPOSIT_CURRENCIES.map((c): [string, string] => [c, c]),
              ]}
            />
            <FilterSelect
              label={t('fiat.history.state')}
              value={state}
              onChange={reset(setState)}
              options={[
                ['', t('fiat.history.all')],
                ...FIAT_HISTORY_STATES.map((s): [string, string] => [s, t(stateKey(s))]),
              ]}
            />
            <DateField
              label={t('fiat.history.from')}
              value={from}
              min={earliestDay()}
              max={to}
              onChange={reset(setFrom)}
            />
            <DateField
              label={t('fiat.history.to')}
              value={to}
              min={from}
              max={today()}
              onChange={reset(setTo)}
            />
            <a
              className="button"
              href={historyCsvUrl(filters)}
              download
              data-testid="fiat-history-csv"
            >
              {t('fiat.history.csv')}
            </a>
          </div>
          <HistoryTable filters={{ ...filters, pageNum }} onPage={setPageNum} />
        </section>
      )}
    </div>
  );
}

function HistoryTable({
  filters,
  onPage,
}: {
  filters: Parameters<typeof useFiatHistory>[0];
  onPage: (n: number) => void;
}) {
  const { t } = useTranslation();
  useFiatLive();
  const q = useFiatHistory(filters);
  if (q.isPending) return <LoadingState />;
  if (q.isError)
    return (
      <ErrorState title={t('fiat.loadFailed')} error={q.error} onRetry={() => void q.refetch()} />
    );
  const rows = q.data.result;
  if (rows.length === 0 && filters.pageNum === 1)
    return (
      <EmptyState title={t('fiat.history.empty')}>
        <p className="muted">{t('fiat.history.emptyBody')}</p>
      </EmptyState>
    );
  return (
    <>
      <div className="fiat-table-wrap">
        <table className="fiat-table" data-testid="fiat-history">
          <thead>
            <tr>
              <th>{t('fiat.history.time')}</th>
              <th>{t('fiat.history.type')}</th>
              <th>{t('fiat.history.channel')}</th>
              <th>{t('fiat.history.currency')}</th>
              <th>{t('fiat.history.amount')}</th>
              <th>{t('fiat.history.fee')}</th>
              <th>{t('fiat.history.net')}</th>
              <th>{t('fiat.history.account')}</th>
              <th>{t('fiat.history.state')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.id} data-testid="fiat-history-row">
                <td>{formatTime(r.createdAt)}</td>
                <td>{t(`fiat.history.types.${r.type}`)}</td>
                <td>{t(`fiat.history.channels.${r.channel === 'CARD' ? 'CARD' : 'BANK'}`)}</td>
                <td>{r.currency}</td>
                <td>{r.amount}</td>
                <td>{r.fee}</td>
                <td>{r.net}</td>
                <td>{r.account ?? '—'}</td>
                <td className={`fiat-state--${r.state}`} title={r.reason ?? undefined}>
                  {r.returned ? t('fiat.states.RETURNED') : t(stateKey(r.state))}
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
