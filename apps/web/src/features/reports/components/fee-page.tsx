import { flowLabel, RuntimeMode } from '@exchange/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { loginPath, PATHS } from '../../../config/paths';
import { formatNumber } from '../../../lib/format';
import { supportedLanguage } from '../../../lib/language';
import { useSession } from '../../../lib/session';
import { useFeeSchedule, useFeesPaid } from '../api/fees';
import { channelFeeText, ratePercent } from '../lib/fee-text';
import { ModeSelect, ReportNav } from './report-nav';
import '../reports.css';

/** /fee: the public fee schedule (what the footer links to) and, logged in, the fees paid. */
export function FeePage() {
  const { t } = useTranslation();
  const { token } = useSession();
  const schedule = useFeeSchedule();
  return (
    <div className="reports-page">
      {token && <ReportNav />}
      <h1>{t('report.fee.title')}</h1>
      <p className="muted">{t('report.fee.subtitle')}</p>
      {schedule.isPending ? (
        <LoadingState />
      ) : schedule.isError ? (
        <ErrorState
          title={t('report.fee.loadFailed')}
          error={schedule.error}
          onRetry={() => void schedule.refetch()}
        />
      ) : (
        <>
          <section className="panel reports-panel" aria-labelledby="fee-spot">
            <h2 id="fee-spot">{t('report.fee.spotTitle')}</h2>
            <p className="muted">{t('report.fee.spotHint')}</p>
            <table className="data-table" data-testid="fee-symbols">
              <thead>
                <tr>
                  <th scope="col">{t('report.fee.symbol')}</th>
                  <th scope="col" className="num">
                    {t('report.fee.maker')}
                  </th>
                  <th scope="col" className="num">
                    {t('report.fee.taker')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {schedule.data.symbols.map((s) => (
                  <tr key={s.symbol} data-symbol={s.symbol}>
                    <th scope="row">
                      {s.baseAsset}/{s.counterAsset}
                    </th>
                    <td className="num">{rateOrFree(s.makerFeeRate, t('report.fee.free'))}</td>
                    <td className="num">{rateOrFree(s.takerFeeRate, t('report.fee.free'))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
          <section className="panel reports-panel" aria-labelledby="fee-channels">
            <h2 id="fee-channels">{t('report.fee.channelsTitle')}</h2>
            <table className="data-table fee-channels" data-testid="fee-channels">
              <thead>
                <tr>
                  <th scope="col">{t('report.fee.channel')}</th>
                  <th scope="col">{t('report.fee.fee')}</th>
                  <th scope="col">{t('report.fee.status')}</th>
                </tr>
              </thead>
              <tbody>
                {schedule.data.channels.map((c) => (
                  <tr key={c.channel} data-channel={c.channel}>
                    <th scope="row">{t(`report.fee.channels.${c.channel}`)}</th>
                    <td>
                      <ChannelFee text={channelFeeText(c, t)} />
                    </td>
                    <td>
                      <span className={`badge${c.offered ? ' badge--on' : ''}`}>
                        {c.offered ? t('report.fee.offered') : t('report.fee.notOffered')}
                      </span>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </>
      )}
      {token ? (
        <FeesPaidSection />
      ) : (
        <p className="muted">
          <Link to={loginPath(PATHS.fee)}>{t('report.paid.loginHint')}</Link>
        </p>
      )}
    </div>
  );
}

function ChannelFee({ text }: { text: { main: string; notes: string[] } }) {
  return (
    <>
      <span className="fee-channels__main">{text.main}</span>
      {text.notes.map((n) => (
        <span key={n} className="fee-channels__note muted">
          {n}
        </span>
      ))}
    </>
  );
}

function rateOrFree(rate: string, free: string): string {
  return /^0(\.0*)?$/.test(rate) ? free : ratePercent(rate);
}

function FeesPaidSection() {
  const { t, i18n } = useTranslation();
  const [mode, setMode] = useState<RuntimeMode>(RuntimeMode.REAL);
  const [period, setPeriod] = useState<'DAY' | 'MONTH'>('MONTH');
  const paid = useFeesPaid(mode, period, true);
  const language = supportedLanguage(i18n.language) ?? 'en';
  return (
    <section className="panel reports-panel" aria-labelledby="fee-paid">
      <h2 id="fee-paid">{t('report.paid.title')}</h2>
      <div className="filters reports-filters">
        <ModeSelect value={mode} onChange={setMode} label={t('report.paid.mode')} />
        <div className="segmented" role="group" aria-label={t('report.paid.period')}>
          {(['MONTH', 'DAY'] as const).map((p) => (
            <button
              key={p}
              type="button"
              className={`segmented__item${period === p ? ' is-active' : ''}`}
              aria-pressed={period === p}
              onClick={() => setPeriod(p)}
            >
              {p === 'MONTH' ? t('report.paid.byMonth') : t('report.paid.byDay')}
            </button>
          ))}
        </div>
      </div>
      {paid.isPending ? (
        <LoadingState />
      ) : paid.isError ? (
        <ErrorState
          title={t('report.paid.loadFailed')}
          error={paid.error}
          onRetry={() => void paid.refetch()}
        />
      ) : paid.data.rows.length === 0 ? (
        <EmptyState title={t('report.paid.empty')} />
      ) : (
        <table className="data-table" data-testid="fees-paid">
          <thead>
            <tr>
              <th scope="col">{t('report.paid.period')}</th>
              <th scope="col">{t('report.paid.type')}</th>
              <th scope="col">{t('report.paid.asset')}</th>
              <th scope="col" className="num">
                {t('report.paid.amount')}
              </th>
              <th scope="col" className="num">
                {t('report.paid.count')}
              </th>
            </tr>
          </thead>
          <tbody>
            {paid.data.rows.map((r) => (
              <tr key={`${r.period}-${r.flowType}-${r.asset}`}>
                <td>{r.period}</td>
                <td>{flowLabel(r.flowType, language)}</td>
                <td>{r.asset}</td>
                <td className="num">{formatNumber(r.amount)}</td>
                <td className="num">{r.count}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            {paid.data.totals.map((x) => (
              <tr key={x.asset}>
                <th scope="row" colSpan={2}>
                  {t('report.paid.total')}
                </th>
                <td>{x.asset}</td>
                <td className="num">{formatNumber(x.amount)}</td>
                <td />
              </tr>
            ))}
          </tfoot>
        </table>
      )}
      <p className="muted reports-note">{t('report.paid.timeZone')}</p>
    </section>
  );
}
