import {
  FLOW_GROUPS,
  FlowType,
  flowLabel,
  hasNextPage,
  hongKongTime,
  RuntimeMode,
  type FlowGroup,
} from '@exchange/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { useAssets } from '../../../lib/catalogue';
import { formatNumber } from '../../../lib/format';
import { supportedLanguage } from '../../../lib/language';
import {
  FLOW_PAGE_SIZE,
  flowsCsvUrl,
  useFlowTypes,
  useFundFlows,
  type FlowFilters,
} from '../api/reports';
import { ModeSelect, ReportNav } from './report-nav';
import '../reports.css';

const GROUPS = Object.keys(FLOW_GROUPS) as FlowGroup[];
const CODES = Object.values(FlowType) as number[];

/** The earliest start the gateway accepts: 6 months back, as its rule counts them. */
function sixMonthsAgo(now = Date.now()): number {
  const d = new Date(now);
  d.setUTCMonth(d.getUTCMonth() - 6);
  return d.getTime() + 60_000; // a minute of slack for the clock between here and the gateway
}

const dayStartHk = (day: string) => Date.parse(`${day}T00:00:00+08:00`);
const dayEndHk = (day: string) => Date.parse(`${day}T23:59:59.999+08:00`);

/**
 * /accountCenter/fundFlow (asset history): every change to the user's balances, one line per
 * posting, asset and flow type, filtered by mode, asset, category, flow type and Hong Kong days,
 * paged, with a CSV export of the whole filtered range.
 */
export function FundFlowPage() {
  const { t, i18n } = useTranslation();
  const language = supportedLanguage(i18n.language) ?? 'en';
  const assets = useAssets();
  const earliest = useMemo(() => sixMonthsAgo(), []);
  const [draft, setDraft] = useState({ asset: '', group: '', flowType: '', from: '', to: '' });
  const [mode, setMode] = useState<RuntimeMode>(RuntimeMode.REAL);
  const [pageNum, setPageNum] = useState(1);
  const change = (patch: Partial<typeof draft>) => {
    setDraft({ ...draft, ...patch });
    setPageNum(1);
  };
  const filters: FlowFilters = {
    mode,
    asset: draft.asset || undefined,
    group: (draft.group || undefined) as FlowGroup | undefined,
    flowType: draft.flowType ? Number(draft.flowType) : undefined,
    startTime: draft.from ? Math.max(dayStartHk(draft.from), earliest) : earliest,
    endTime: draft.to ? dayEndHk(draft.to) : undefined,
  };
  const list = useFundFlows(filters, pageNum);
  // Only the types (and groups) that occur in the user's flows of the mode: no choice that can
  // only answer an empty list (the spec's option flows, products not offered here).
  const occurring = useFlowTypes(mode).data;
  const occurs = (c: number) => !occurring || occurring.includes(c);
  const groups = GROUPS.filter((g) => FLOW_GROUPS[g].some(occurs) || g === draft.group);
  const codes = (draft.group ? [...FLOW_GROUPS[draft.group as FlowGroup]] : CODES).filter(
    (c) => occurs(c) || String(c) === draft.flowType,
  );
  const rows = list.data?.result ?? [];
  const minDay = new Date(earliest + 8 * 3600_000).toISOString().slice(0, 10);

  return (
    <div className="reports-page">
      <ReportNav />
      <h1>{t('report.flows.title')}</h1>
      <p className="muted">{t('report.flows.subtitle')}</p>
      <div className="filters reports-filters" role="group" aria-label={t('report.flows.title')}>
        <ModeSelect
          value={mode}
          onChange={(m) => {
            setMode(m);
            setPageNum(1);
          }}
          label={t('report.flows.mode')}
        />
        <label>
          {t('report.flows.asset')}
          <select value={draft.asset} onChange={(e) => change({ asset: e.target.value })}>
            <option value="">{t('report.flows.all')}</option>
            {(assets.data ?? []).map((a) => (
              <option key={a.code} value={a.code}>
                {a.code}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('report.flows.group')}
          <select
            value={draft.group}
            onChange={(e) => change({ group: e.target.value, flowType: '' })}
          >
            <option value="">{t('report.flows.all')}</option>
            {groups.map((g) => (
              <option key={g} value={g}>
                {t(`report.flows.groups.${g}`)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('report.flows.type')}
          <select
            aria-label={t('report.flows.type')}
            value={draft.flowType}
            onChange={(e) => change({ flowType: e.target.value })}
          >
            <option value="">{t('report.flows.all')}</option>
            {codes.map((c) => (
              <option key={c} value={c}>
                {c} · {flowLabel(c, language)}
              </option>
            ))}
          </select>
        </label>
        <label>
          {t('report.flows.from')}
          <input
            type="date"
            value={draft.from}
            min={minDay}
            onChange={(e) => change({ from: e.target.value })}
          />
        </label>
        <label>
          {t('report.flows.to')}
          <input type="date" value={draft.to} onChange={(e) => change({ to: e.target.value })} />
        </label>
        <a
          className="button"
          href={flowsCsvUrl(filters, language)}
          download
          data-testid="flows-csv"
        >
          {t('report.flows.export')}
        </a>
      </div>
      <p className="muted reports-note">{t('report.flows.sixMonths')}</p>
      {list.isPending ? (
        <LoadingState />
      ) : list.isError ? (
        <ErrorState
          title={t('report.flows.loadFailed')}
          error={list.error}
          onRetry={() => void list.refetch()}
        />
      ) : rows.length === 0 ? (
        <EmptyState title={t('report.flows.empty')} />
      ) : (
        <div className="reports-scroll">
          <table className="data-table flows-table" data-testid="fund-flow">
            <thead>
              <tr>
                <th scope="col">{t('report.flows.time')}</th>
                <th scope="col">{t('report.flows.type')}</th>
                <th scope="col">{t('report.flows.asset')}</th>
                <th scope="col" className="num">
                  {t('report.flows.available')}
                </th>
                <th scope="col" className="num">
                  {t('report.flows.frozen')}
                </th>
                <th scope="col" className="num">
                  {t('report.flows.total')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((f) => (
                <tr key={f.id} data-flow={f.flowType}>
                  <td className="muted">{hongKongTime(f.time)}</td>
                  <td>
                    <span className="flows-table__name">{flowLabel(f.flowType, language)}</span>
                    <span className="muted flows-table__code">{f.flowType}</span>
                  </td>
                  <td>{f.asset}</td>
                  <td className="num">{signed(f.available)}</td>
                  <td className="num">{signed(f.frozen)}</td>
                  <td className={`num ${f.total.startsWith('-') ? 'is-sell' : 'is-buy'}`}>
                    {signed(f.total)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <nav className="reports-pager" aria-label={t('trade.orders.paging')}>
        <button
          type="button"
          className="button"
          disabled={pageNum <= 1}
          onClick={() => setPageNum(pageNum - 1)}
        >
          {t('trade.orders.prev')}
        </button>
        <span>{t('trade.orders.page', { page: pageNum })}</span>
        <button
          type="button"
          className="button"
          disabled={!list.data || !hasNextPage({ pageSize: FLOW_PAGE_SIZE, result: rows })}
          onClick={() => setPageNum(pageNum + 1)}
        >
          {t('trade.orders.next')}
        </button>
      </nav>
    </div>
  );
}

function signed(v: string): string {
  if (/^-?0(\.0*)?$/.test(v)) return '0';
  return v.startsWith('-') ? formatNumber(v) : `+${formatNumber(v)}`;
}
