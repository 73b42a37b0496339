import {
  RuntimeMode,
  type CompetitionEntry,
  type CompetitionOverview,
  type CompetitionPeriod,
  type CompetitionReward,
  type CompetitionStanding,
} from '@exchange/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, LoadingState } from '../../../components/states';
import { PATHS, loginPath } from '../../../config/paths';
import { errorText } from '../../../lib/error-text';
import { formatDate, formatNumber, formatPercent } from '../../../lib/format';
import { formatWhen } from '../../../lib/notification-text';
import { useSession } from '../../../lib/session';
import { updateSettings, useSettings } from '../../../lib/settings';
import { changeDirection, moveTone } from '../../../lib/ticker';
import { showToast } from '../../../lib/toast';
import {
  useCompetitionBoard,
  useCompetitionEntry,
  useCompetitionOverview,
  useJoinCompetition,
} from '../api/trade-for-reward';
import '../trade-for-reward.css';

/** The current time, ticking every second (for the countdowns). */
function useNow(): number {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

const pad = (n: number) => String(n).padStart(2, '0');

/** Whole seconds as "04:13:09", and the days apart ("2d 04:13:09" in the reader's words). */
function useDuration() {
  const { t } = useTranslation();
  return (ms: number) => {
    const total = Math.max(0, Math.floor(ms / 1000));
    const days = Math.floor(total / 86_400);
    const clock = `${pad(Math.floor((total % 86_400) / 3600))}:${pad(Math.floor((total % 3600) / 60))}:${pad(total % 60)}`;
    return days > 0 ? t('tradeForReward.days', { days, clock }) : clock;
  };
}

/** Whether entries are open: the period is live and its end has not come. */
const isRunning = (p: CompetitionPeriod, now: number) =>
  p.status === 'LIVE' && Date.parse(p.endsAt) > now;

/** "1", "2", "4–10": the ranks a reward covers. */
const ranksText = (r: CompetitionReward) =>
  r.toRank > r.fromRank ? `${r.fromRank}–${r.toRank}` : String(r.fromRank);

const rewardText = (r: { asset: string; amount: string } | null | undefined) =>
  r ? `${formatNumber(r.amount)} ${r.asset}` : '-';

/** Figures, amounts and UIDs read left to right in every language (Arabic too). */
const Ltr = ({ children }: { children: string | number }) => (
  <span className="tfr-ltr">{children}</span>
);

/** The return in percent, coloured by its sign under the redUp setting. */
function ReturnValue({ pct }: { pct: string }) {
  const { redUp } = useSettings();
  const tone = moveTone(changeDirection(pct), redUp);
  return (
    <span className={`tfr-ltr tfr-return tfr-return--${tone}`} data-testid="tfr-return">
      {formatPercent(pct)}
    </span>
  );
}

/** The period a `?period=` asks for, else the running one, else the next. */
function usePeriodChoice(overview: CompetitionOverview | undefined) {
  const [params] = useSearchParams();
  const asked = Number(params.get('period'));
  const featured = overview?.current ?? overview?.next ?? null;
  const id = Number.isInteger(asked) && asked > 0 ? asked : (featured?.id ?? null);
  const known = overview
    ? [overview.current, overview.next, ...overview.past].find((p) => p?.id === id)
    : undefined;
  return { id, known: known ?? null, featured, asked: id !== (featured?.id ?? null) };
}

/**
 * /trade-for-reward (public): the Trial mode as a trading competition. The running (or next)
 * period with its countdown and the way to join, the caller's standing, the live leaderboard,
 * the rules, and the past periods with their final leaderboards (`?period=<id>`).
 */
export function TradeForRewardPage() {
  const { t } = useTranslation();
  const overview = useCompetitionOverview();
  const choice = usePeriodChoice(overview.data);
  return (
    <div className="account-page tfr-page" data-testid="trade-for-reward-page">
      <div className="tfr-head">
        <h1>{t('tradeForReward.title')}</h1>
        <p className="muted">{t('tradeForReward.subtitle')}</p>
      </div>
      {overview.isPending ? (
        <LoadingState />
      ) : overview.isError ? (
        <ErrorState
          title={t('tradeForReward.loadFailed')}
          error={overview.error}
          onRetry={() => void overview.refetch()}
        />
      ) : (
        <>
          {choice.id === null ? (
            <div className="panel tfr-none">
              <EmptyState title={t('tradeForReward.none')} />
            </div>
          ) : (
            <PeriodView
              id={choice.id}
              known={choice.known}
              overview={overview.data}
              away={choice.asked && choice.featured !== null}
            />
          )}
          <PastPeriods past={overview.data.past} selected={choice.id} />
        </>
      )}
    </div>
  );
}

function PeriodView({
  id,
  known,
  overview,
  away,
}: {
  id: number;
  known: CompetitionPeriod | null;
  overview: CompetitionOverview;
  away: boolean;
}) {
  const { t } = useTranslation();
  const now = useNow();
  const board = useCompetitionBoard(id);
  const period = board.data?.period ?? known;
  const running = period ? isRunning(period, now) : false;
  const mine = useCompetitionEntry(id, running);
  if (!period)
    return board.isError ? (
      <ErrorState
        title={t('tradeForReward.loadFailed')}
        error={board.error}
        onRetry={() => void board.refetch()}
      />
    ) : (
      <LoadingState />
    );
  const entry = mine.data?.entry ?? null;
  const next = overview.current?.id === period.id ? overview.next : null;
  return (
    <>
      {away && (
        <Link className="link-button tfr-back" to={PATHS.tradeForReward}>
          ← {t('tradeForReward.past.back')}
        </Link>
      )}
      <div className="tfr-top">
        <PeriodCard
          period={period}
          now={now}
          entry={entry}
          entryPending={mine.isLoading}
          next={next}
        />
        {entry && <Standing period={period} entry={entry} running={running} />}
      </div>
      <Leaderboard
        period={period}
        board={board.data ?? null}
        loading={board.isPending}
        error={board.isError ? board.error : null}
        onRetry={() => void board.refetch()}
        mine={entry?.standing ?? null}
      />
      <Rules period={period} />
    </>
  );
}

function PeriodCard({
  period,
  now,
  entry,
  entryPending,
  next,
}: {
  period: CompetitionPeriod;
  now: number;
  entry: CompetitionEntry | null;
  entryPending: boolean;
  next: CompetitionPeriod | null;
}) {
  const { t, i18n } = useTranslation();
  const duration = useDuration();
  const running = isRunning(period, now);
  const settling = period.status === 'LIVE' && !running;
  const status = settling ? 'settling' : period.status;
  const when =
    period.status === 'SCHEDULED'
      ? t('tradeForReward.startsIn', { time: duration(Date.parse(period.startsAt) - now) })
      : running
        ? t('tradeForReward.endsIn', { time: duration(Date.parse(period.endsAt) - now) })
        : t('tradeForReward.endedAt', { date: formatWhen(period.endsAt, i18n.language) });
  return (
    <section
      className="panel tfr-card"
      aria-labelledby="tfr-period-name"
      data-testid="tfr-period"
      data-period-id={period.id}
    >
      <div className="tfr-card__head">
        <h2 id="tfr-period-name">{period.name}</h2>
        <span className={`badge tfr-status tfr-status--${status.toLowerCase()}`}>
          {t(`tradeForReward.status.${status}`)}
        </span>
      </div>
      <p className="tfr-countdown" data-testid="tfr-countdown" aria-live="off">
        {when}
      </p>
      <dl className="tfr-facts">
        <div>
          <dt>{t('tradeForReward.entrants')}</dt>
          <dd data-testid="tfr-entrants">{period.entrants}</dd>
        </div>
        <div>
          <dt>{t('tradeForReward.minTrades')}</dt>
          <dd>{period.minTrades}</dd>
        </div>
        <div>
          <dt>{t('tradeForReward.topReward')}</dt>
          <dd>
            <Ltr>{rewardText(period.rewards[0])}</Ltr>
          </dd>
        </div>
      </dl>
      {running && !entry && !entryPending && <JoinAction period={period} />}
      {period.status === 'SCHEDULED' && (
        <p className="muted tfr-note">{t('tradeForReward.opensAtStart')}</p>
      )}
      {next && (
        <p className="muted tfr-note">
          {t('tradeForReward.nextPeriod', {
            name: next.name,
            date: formatWhen(next.startsAt, i18n.language),
          })}
        </p>
      )}
      <a className="link-button tfr-rules-link" href="#rules">
        {t('tradeForReward.rules.read')}
      </a>
    </section>
  );
}

/** Join (signed in), or a login that comes back here (visitor). */
function JoinAction({ period }: { period: CompetitionPeriod }) {
  const { t } = useTranslation();
  const { token } = useSession();
  const { pathname, search } = useLocation();
  const join = useJoinCompetition(period.id);
  const [error, setError] = useState<string | null>(null);
  if (!token)
    return (
      <div className="tfr-join">
        <Link className="button button--primary" to={loginPath(`${pathname}${search}`)}>
          {t('tradeForReward.loginToJoin')}
        </Link>
      </div>
    );
  return (
    <div className="tfr-join">
      <button
        type="button"
        className="button button--primary"
        disabled={join.isPending}
        onClick={() => {
          setError(null);
          join.mutate(undefined, {
            onSuccess: () =>
              showToast(t('tradeForReward.joined', { name: period.name }), 'success'),
            onError: (err) => setError(errorText(err, t)),
          });
        }}
      >
        {t('tradeForReward.join')}
      </button>
      <p className="muted tfr-note">{t('tradeForReward.joinNote')}</p>
      {error && (
        <p className="notice notice--error tfr-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

/** The caller's entry: rank (or the trades still needed), return, equity, trades, reward. */
function Standing({
  period,
  entry,
  running,
}: {
  period: CompetitionPeriod;
  entry: CompetitionEntry;
  running: boolean;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const s = entry.standing;
  const needed = Math.max(0, period.minTrades - s.trades);
  const reward = entry.payout ?? s.reward;
  return (
    <section
      className="panel tfr-card tfr-standing"
      aria-labelledby="tfr-standing-title"
      data-testid="tfr-standing"
    >
      <h2 id="tfr-standing-title">{t('tradeForReward.mine.title')}</h2>
      <dl className="tfr-facts">
        <div>
          <dt>{t('tradeForReward.mine.rank')}</dt>
          <dd data-testid="tfr-my-rank">
            {s.rank !== null
              ? t('tradeForReward.mine.ranked', { rank: s.rank })
              : needed > 0
                ? t('tradeForReward.mine.needTrades', { count: needed })
                : t('tradeForReward.mine.notRanked')}
          </dd>
        </div>
        <div>
          <dt>{t('tradeForReward.mine.return')}</dt>
          <dd>
            <ReturnValue pct={s.returnPct} />
          </dd>
        </div>
        <div>
          <dt>{t('tradeForReward.mine.equity')}</dt>
          <dd data-testid="tfr-my-equity">
            <Ltr>{formatNumber(s.equityUsd, { decimals: 2 })}</Ltr>
          </dd>
        </div>
        <div>
          <dt>{t('tradeForReward.mine.trades')}</dt>
          <dd data-testid="tfr-my-trades">{s.trades}</dd>
        </div>
        {reward && (
          <div className="tfr-facts__wide">
            <dt>{t('tradeForReward.mine.reward')}</dt>
            <dd data-testid="tfr-my-reward">
              <Ltr>{rewardText(reward)}</Ltr>
              <span className="muted tfr-reward-note">
                {entry.payout
                  ? entry.payout.state === 'PAID'
                    ? t('tradeForReward.mine.rewardPaid', {
                        date: formatWhen(entry.payout.paidAt ?? period.endsAt, i18n.language),
                      })
                    : t('tradeForReward.mine.rewardPending')
                  : t('tradeForReward.mine.rewardIfEnded')}
              </span>
            </dd>
          </div>
        )}
      </dl>
      <p className="muted tfr-note">
        {t('tradeForReward.mine.joinedAt', { date: formatWhen(entry.joinedAt, i18n.language) })}
      </p>
      {running && (
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            updateSettings({ runtimeMode: RuntimeMode.TRIAL });
            void navigate(PATHS.tradeSpot);
          }}
        >
          {t('tradeForReward.mine.tradeNow')}
        </button>
      )}
    </section>
  );
}

function Leaderboard({
  period,
  board,
  loading,
  error,
  onRetry,
  mine,
}: {
  period: CompetitionPeriod;
  board: { standings: CompetitionStanding[]; valuedAt: string } | null;
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  mine: CompetitionStanding | null;
}) {
  const { t, i18n } = useTranslation();
  const cols = 'tradeForReward.board.cols';
  const settled = period.status === 'SETTLED';
  return (
    <section className="panel tfr-board" aria-labelledby="tfr-board-title">
      <div className="tfr-board__head">
        <h2 id="tfr-board-title">{t('tradeForReward.board.title')}</h2>
        {board && (
          <span className="muted tfr-valued">
            {settled
              ? t('tradeForReward.board.final', {
                  time: formatWhen(board.valuedAt, i18n.language),
                })
              : t('tradeForReward.board.valuedAt', {
                  time: formatWhen(board.valuedAt, i18n.language),
                })}
          </span>
        )}
      </div>
      {loading ? (
        <LoadingState />
      ) : error ? (
        <ErrorState title={t('tradeForReward.loadFailed')} error={error} onRetry={onRetry} />
      ) : !board || board.standings.length === 0 ? (
        <EmptyState title={t('tradeForReward.board.empty')} />
      ) : (
        <div className="table-scroll">
          <table
            className="data-table data-table--stack tfr-table"
            aria-label={t('tradeForReward.board.title')}
          >
            <thead>
              <tr>
                <th>{t(`${cols}.rank`)}</th>
                <th>{t(`${cols}.trader`)}</th>
                <th className="num">{t(`${cols}.return`)}</th>
                <th className="num">{t(`${cols}.equity`)}</th>
                <th className="num">{t(`${cols}.trades`)}</th>
                <th className="num">{t(`${cols}.reward`)}</th>
              </tr>
            </thead>
            <tbody>
              {board.standings.map((s) => {
                const me = mine !== null && mine.rank === s.rank && mine.trader === s.trader;
                return (
                  <tr
                    key={`${s.rank ?? '-'}-${s.trader}`}
                    className={me ? 'tfr-row--me' : undefined}
                    data-rank={s.rank ?? ''}
                  >
                    <td data-label={t(`${cols}.rank`)} className="tfr-rank">
                      {s.rank ?? '-'}
                    </td>
                    <td data-label={t(`${cols}.trader`)} className="tfr-trader">
                      <Ltr>{s.trader}</Ltr>
                      {me && <span className="badge tfr-you">{t('tradeForReward.board.you')}</span>}
                    </td>
                    <td data-label={t(`${cols}.return`)} className="num">
                      <ReturnValue pct={s.returnPct} />
                    </td>
                    <td data-label={t(`${cols}.equity`)} className="num">
                      <Ltr>{formatNumber(s.equityUsd, { decimals: 2 })}</Ltr>
                    </td>
                    <td data-label={t(`${cols}.trades`)} className="num">
                      {s.trades}
                    </td>
                    <td data-label={t(`${cols}.reward`)} className="num">
                      <Ltr>{rewardText(s.reward)}</Ltr>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Rules({ period }: { period: CompetitionPeriod }) {
  const { t, i18n } = useTranslation();
  const funds = Object.entries(period.startingFunds)
    .map(([asset, amount]) => `${formatNumber(amount)} ${asset}`)
    .join(', ');
  return (
    <section className="panel tfr-rules" id="rules" aria-labelledby="tfr-rules-title">
      <h2 id="tfr-rules-title">{t('tradeForReward.rules.title')}</h2>
      <ul className="tfr-rules__list">
        <li>
          {t('tradeForReward.rules.dates', {
            start: formatWhen(period.startsAt, i18n.language),
            end: formatWhen(period.endsAt, i18n.language),
          })}
        </li>
        <li>{t('tradeForReward.rules.funds', { funds: funds || '-' })}</li>
        <li>{t('tradeForReward.rules.joinReset')}</li>
        <li>{t('tradeForReward.rules.return')}</li>
        <li>{t('tradeForReward.rules.minTrades', { count: period.minTrades })}</li>
        <li>{t('tradeForReward.rules.noReset')}</li>
        <li>{t('tradeForReward.rules.payout')}</li>
        {period.repeatDays !== null && <li>{t('tradeForReward.rules.repeats')}</li>}
      </ul>
      <h3>{t('tradeForReward.rules.rewards')}</h3>
      {period.rewards.length === 0 ? (
        <p className="muted">{t('tradeForReward.rules.noRewards')}</p>
      ) : (
        <table className="data-table tfr-rewards" aria-label={t('tradeForReward.rules.rewards')}>
          <thead>
            <tr>
              <th>{t('tradeForReward.rules.rank')}</th>
              <th className="num">{t('tradeForReward.rules.reward')}</th>
            </tr>
          </thead>
          <tbody>
            {period.rewards.map((r) => (
              <tr key={r.fromRank}>
                <td>
                  <Ltr>{ranksText(r)}</Ltr>
                </td>
                <td className="num">
                  <Ltr>{rewardText(r)}</Ltr>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function PastPeriods({ past, selected }: { past: CompetitionPeriod[]; selected: number | null }) {
  const { t, i18n } = useTranslation();
  if (past.length === 0) return null;
  return (
    <section className="panel tfr-past" aria-labelledby="tfr-past-title">
      <h2 id="tfr-past-title">{t('tradeForReward.past.title')}</h2>
      <ul className="tfr-past__list">
        {past.map((p) => (
          <li key={p.id}>
            <Link
              className="tfr-past__item"
              to={`${PATHS.tradeForReward}?period=${p.id}`}
              aria-current={p.id === selected ? 'true' : undefined}
            >
              <span className="tfr-past__name">{p.name}</span>
              <span className="muted">
                {t('tradeForReward.past.dates', {
                  start: formatDate(p.startsAt, i18n.language),
                  end: formatDate(p.endsAt, i18n.language),
                })}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
