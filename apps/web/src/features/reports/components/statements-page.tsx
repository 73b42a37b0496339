import { hongKongTime, RuntimeMode } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { formatNumber } from '../../../lib/format';
import { useStatement, useStatementMonths, statementUrl } from '../api/reports';
import { ModeSelect, ReportNav } from './report-nav';
import '../reports.css';

/**
 * /accountCenter/statements: choose a month (Hong Kong time, the current one and the 6 before)
 * and a mode (Real first), see each asset's opening, credits, debits and closing, and download
 * the statement as CSV or PDF.
 */
export function StatementsPage() {
  const { t, i18n } = useTranslation();
  const months = useStatementMonths();
  const [mode, setMode] = useState<RuntimeMode>(RuntimeMode.REAL);
  const [picked, setPicked] = useState<string | undefined>();
  const month = picked ?? months.data?.months[0];
  const statement = useStatement(mode, month);
  const current = month !== undefined && month === months.data?.months[0];
  const lang = i18n.language;

  return (
    <div className="reports-page">
      <ReportNav />
      <h1>{t('report.statements.title')}</h1>
      <p className="muted">{t('report.statements.subtitle')}</p>
      <div className="filters reports-filters">
        <label>
          {t('report.statements.month')}
          <select
            aria-label={t('report.statements.month')}
            value={month ?? ''}
            onChange={(e) => setPicked(e.target.value)}
            disabled={!months.data}
          >
            {(months.data?.months ?? []).map((m, i) => (
              <option key={m} value={m}>
                {i === 0 ? `${m} · ${t('report.statements.toDate')}` : m}
              </option>
            ))}
          </select>
        </label>
        <ModeSelect value={mode} onChange={setMode} label={t('report.statements.mode')} />
        {month && (
          <div className="reports-downloads">
            <a
              className="button"
              href={statementUrl('csv', { month, mode, lang })}
              download
              data-testid="download-csv"
            >
              {t('report.statements.csv')}
            </a>
            <a
              className="button button--primary"
              href={statementUrl('pdf', { month, mode, lang })}
              download
              data-testid="download-pdf"
            >
              {t('report.statements.pdf')}
            </a>
          </div>
        )}
      </div>
      {months.isError ? (
        <ErrorState
          title={t('report.statements.loadFailed')}
          error={months.error}
          onRetry={() => void months.refetch()}
        />
      ) : statement.isPending ? (
        <LoadingState />
      ) : statement.isError ? (
        <ErrorState
          title={t('report.statements.loadFailed')}
          error={statement.error}
          onRetry={() => void statement.refetch()}
        />
      ) : (
        <section className="panel reports-panel" aria-labelledby="statement-summary">
          <h2 id="statement-summary">
            {statement.data.month}
            {current ? ` · ${t('report.statements.toDate')}` : ''}
          </h2>
          <p className="muted">
            {t('report.statements.period', {
              from: hongKongTime(statement.data.from).slice(0, 16),
              to: hongKongTime(statement.data.to).slice(0, 16),
            })}
          </p>
          {statement.data.assets.length === 0 ? (
            <EmptyState title={t('report.statements.empty')} />
          ) : (
            <table className="data-table" data-testid="statement-summary">
              <thead>
                <tr>
                  <th scope="col">{t('report.statements.asset')}</th>
                  <th scope="col" className="num">
                    {t('report.statements.opening')}
                  </th>
                  <th scope="col" className="num">
                    {t('report.statements.credits')}
                  </th>
                  <th scope="col" className="num">
                    {t('report.statements.debits')}
                  </th>
                  <th scope="col" className="num">
                    {t('report.statements.closing')}
                  </th>
                  <th scope="col" className="num">
                    {t('report.statements.lines')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {statement.data.assets.map((a) => (
                  <tr key={a.asset} data-asset={a.asset}>
                    <th scope="row">{a.asset}</th>
                    <td className="num">{formatNumber(a.opening.total)}</td>
                    <td className={`num${a.credits === '0' ? '' : ' is-buy'}`}>
                      {formatNumber(a.credits)}
                    </td>
                    <td className={`num${a.debits === '0' ? '' : ' is-sell'}`}>
                      {formatNumber(a.debits)}
                    </td>
                    <td className="num" data-testid="closing">
                      {formatNumber(a.closing.total)}
                    </td>
                    <td className="num">{a.lines}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          <p className="muted reports-note">{t('report.statements.note')}</p>
        </section>
      )}
    </div>
  );
}
