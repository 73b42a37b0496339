import {
  FLASH_REMITTANCE_STATES,
  QUERY_HISTORY_MONTHS,
  hasNextPage,
  type FlashRemittance,
} from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { Pager } from '../../../components/pager';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { flashConfirmPath } from '../../../config/paths';
import { useApiClient } from '../../../lib/api-context';
import { formatTime } from '../../../lib/format';
import { showToast } from '../../../lib/toast';
import { errorText } from '../../../lib/error-text';
import {
  fetchAllFlash,
  useFlashCurrencies,
  useFlashHistory,
  type FlashFilters,
} from '../api/flash';
import { useFlashLive } from './live';
import { FlashShell, StateText } from './shell';
import {
  DateField,
  earliestDay,
  FilterSelect,
  rangeTimes,
  today,
} from '../../../components/history-filters';

/** CSV text of remittances (RFC 4180 quoting). */
export function flashCsv(rows: FlashRemittance[], header: string[]): string {
  const q = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  const lines = rows.map((r) =>
    [
      r.createdAt,
      r.id,
      r.side,
      r.sender.uid,
      r.recipient.uid,
      r.currency,
      r.amount,
      r.fee,
      r.received,
      r.status,
      r.terminationReason ?? '',
      r.message ?? '',
    ]
      .map(q)
      .join(','),
  );
  return [header.map(q).join(','), ...lines].join('\n');
}

/** /flashRemittance/history: sent and received remittances, filtered, paged, exported, live. */
export function FlashHistoryPage() {
  const { t } = useTranslation();
  return (
    <FlashShell
      title={t('flash.history.title')}
      subtitle={t('flash.history.subtitle', { months: QUERY_HISTORY_MONTHS })}
      testId="flash-history-page"
    >
      <History />
    </FlashShell>
  );
}

function History() {
  const { t } = useTranslation();
  const client = useApiClient();
  const currencies = useFlashCurrencies();
  const [side, setSide] = useState<'SENT' | 'RECEIVED'>('SENT');
  const [status, setStatus] = useState('');
  const [currency, setCurrency] = useState('');
  const [from, setFrom] = useState(earliestDay);
  const [to, setTo] = useState(today);
  const [pageNum, setPageNum] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filters = useMemo(
    () => ({
      side,
      status: status || undefined,
      currency: currency || undefined,
      ...rangeTimes(from, to),
    }),
    [side, status, currency, from, to],
  );
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPageNum(1);
    };
  const codes = new Set([
    ...(currencies.data?.currencies.map((c) => c.currency) ?? []),
    'USD',
    'EUR',
  ]);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const rows = await fetchAllFlash(client, filters);
      const csv = flashCsv(rows, [
        t('flash.history.time'),
        'ID',
        t('flash.history.side'),
        t('flash.history.senderUid'),
        t('flash.history.recipientUid'),
        t('flash.fields.currency'),
        t('flash.fields.amount'),
        t('flash.fields.fee'),
        t('flash.fields.received'),
        t('flash.fields.state'),
        t('flash.history.reason'),
        t('flash.fields.message'),
      ]);
      const url = URL.createObjectURL(new Blob([`\uFEFF${csv}`], { type: 'text/csv' }));
      const a = document.createElement('a');
      a.href = url;
      a.download = `flash-remittance-${side.toLowerCase()}-${from}-${to}.csv`;
      a.click();
      URL.revokeObjectURL(url);
    } catch (err) {
      showToast(errorText(err, t), 'error');
    } finally {
      setExporting(false);
    }
  };

  return (
    <section className="panel flash-panel">
      <div className="flash-tabs" role="tablist" aria-label={t('flash.history.side')}>
        {(['SENT', 'RECEIVED'] as const).map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            aria-selected={side === s}
            className={`button button--small${side === s ? ' button--primary' : ''}`}
            onClick={() => reset(setSide)(s)}
            data-testid={`flash-tab-${s}`}
          >
            {t(`flash.history.sides.${s}`)}
          </button>
        ))}
      </div>
      <div className="flash-filters" data-testid="flash-filters">
        <FilterSelect
          label={t('flash.fields.state')}
          value={status}
          onChange={reset(setStatus)}
          options={[
            ['', t('flash.history.all')],
            ...FLASH_REMITTANCE_STATES.map((s): [string, string] => [s, t(`flash.states.${s}`)]),
          ]}
        />
        <FilterSelect
          label={t('flash.fields.currency')}
          value={currency}
          onChange={reset(setCurrency)}
          options={[
            ['', t('flash.history.all')],
            ...[...codes].map((c): [string, string] => [c, c]),
          ]}
        />
        <DateField
          label={t('flash.history.from')}
          value={from}
          min={earliestDay()}
          max={to}
          onChange={reset(setFrom)}
        />
        <DateField
          label={t('flash.history.to')}
          value={to}
          min={from}
          max={today()}
          onChange={reset(setTo)}
        />
        <button
          type="button"
          className="button"
          disabled={exporting}
          onClick={() => void exportCsv()}
          data-testid="flash-csv"
        >
          {t('flash.history.csv')}
        </button>
      </div>
      <Table filters={{ ...filters, pageNum }} onPage={setPageNum} />
    </section>
  );
}

function Table({ filters, onPage }: { filters: FlashFilters; onPage: (n: number) => void }) {
  const { t } = useTranslation();
  useFlashLive();
  const q = useFlashHistory(filters);
  if (q.isPending) return <LoadingState />;
  if (q.isError)
    return (
      <ErrorState
        title={t('flash.history.title')}
        error={q.error}
        onRetry={() => void q.refetch()}
      />
    );
  const rows = q.data.result;
  if (rows.length === 0 && filters.pageNum === 1)
    return <EmptyState title={t('flash.history.empty')} />;
  return (
    <>
      <div className="flash-table-wrap">
        <table className="flash-table" data-testid="flash-history">
          <thead>
            <tr>
              <th>{t('flash.history.time')}</th>
              <th>
                {filters.side === 'SENT' ? t('flash.fields.recipient') : t('flash.history.sender')}
              </th>
              <th>{t('flash.fields.amount')}</th>
              <th>{t('flash.fields.fee')}</th>
              <th>{t('flash.fields.received')}</th>
              <th>{t('flash.fields.state')}</th>
              <th>{t('flash.fields.expiresAt')}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => {
              const other = r.side === 'SENT' ? r.recipient : r.sender;
              return (
                <tr key={r.id} data-testid="flash-history-row">
                  <td>{formatTime(r.createdAt)}</td>
                  <td>
                    {r.note ? `${r.note} · ` : ''}UID {other.uid}
                  </td>
                  <td>
                    {r.amount} {r.currency}
                  </td>
                  <td>{r.fee}</td>
                  <td>{r.received}</td>
                  <td>
                    <StateText status={r.status} reason={r.terminationReason} />
                  </td>
                  <td>{formatTime(r.expiresAt)}</td>
                  <td>
                    <Link className="link" to={flashConfirmPath(r.id)}>
                      {r.status === 'AWAITING_RECIPIENT' && r.side === 'RECEIVED'
                        ? t('flash.history.respond')
                        : t('flash.history.view')}
                    </Link>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pager pageNum={filters.pageNum} hasNext={hasNextPage(q.data)} onPage={onPage} />
    </>
  );
}
