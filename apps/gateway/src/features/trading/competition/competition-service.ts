import { Decimal } from 'decimal.js';
import { z } from 'zod';
import {
  COMPETITION_BOARD_SIZE,
  COMPETITION_REWARDS_ACCOUNT,
  EXCHANGE_RATES_KEY,
  ErrorCode,
  FlowType,
  RuntimeMode,
  competitionReward,
  exchangeRates,
  maskTraderUid,
  rewardOfRank,
  type CompetitionBoard,
  type CompetitionEntry,
  type CompetitionOverview,
  type CompetitionPeriod,
  type CompetitionReward,
  type CompetitionStanding,
  type CompetitionStatus,
  type NotifyInput,
} from '@exchange/contracts';
import type { FastifyBaseLogger } from 'fastify';
import { Prisma, type Db } from '../../../db/client.js';
import type { JobDefinition, Jobs } from '../../../jobs/jobs.js';
import { AppError } from '../../../lib/app-error.js';
import type { Clock } from '../../../lib/clock.js';
import type { RedisConnections } from '../../../lib/redis.js';
import { TtlCache } from '../../../lib/ttl-cache.js';
import { stageNotices, type StagedNotice } from '../../platform/notifications/notify.js';
import { resetFunds, type FundingPlan } from '../../wallet/balances/funding-service.js';
import { post } from '../../wallet/ledger/ledger-service.js';
import { OPEN_STATUSES } from '../orders/order-service.js';
import { houseAccount } from '../market-maker/treasury.js';
import { USD_VALUED_ASSETS } from '../../identity/kyc/opted-out-limit.js';

const TRIAL = RuntimeMode.TRIAL;

/** The prizes of a local installation's weekly period (990 USDT in all). */
export const LOCAL_PERIOD_REWARDS: CompetitionReward[] = [
  { fromRank: 1, toRank: 1, asset: 'USDT', amount: '500' },
  { fromRank: 2, toRank: 2, asset: 'USDT', amount: '250' },
  { fromRank: 3, toRank: 3, asset: 'USDT', amount: '100' },
  { fromRank: 4, toRank: 10, asset: 'USDT', amount: '20' },
];

/** The house account prizes are paid from (COMPETITION_REWARDS_ACCOUNT), created on first use. */
export const rewardsAccountId = (deps: { db: Db; clock: Clock }): Promise<string> =>
  houseAccount(deps, 'rewards');
/** A live leaderboard is computed at most this often per period (real time). */
const BOARD_CACHE_MS = 5_000;
/** How long a reward the house account cannot cover waits before it is tried again (logical). */
const PAYOUT_RETRY_MS = 10 * 60_000;
/** Past periods the overview lists. */
const PAST_LISTED = 6;

export interface CompetitionDeps {
  db: Db;
  clock: Clock;
  redis: RedisConnections;
  jobs: Jobs;
  /** Delivers notices staged in a transaction, after its commit. */
  deliverNotices: (staged: readonly (StagedNotice | null)[]) => Promise<void>;
  /** Trial's funding plan: a new period's starting funds unless the operator gives others. */
  trialFunding: FundingPlan;
  log?: FastifyBaseLogger;
}

type PeriodRow = Prisma.CompetitionPeriodGetPayload<object>;
type EntryRow = Prisma.CompetitionEntryGetPayload<object>;

const rewardsOf = (row: PeriodRow): CompetitionReward[] =>
  z.array(competitionReward).parse(row.rewards);
const fundsOf = (row: PeriodRow): Record<string, string> =>
  z.record(z.string(), z.string()).parse(row.startingFunds);

export function statusOf(row: PeriodRow, now: number): CompetitionStatus {
  if (row.cancelledAt) return 'CANCELLED';
  if (row.settledAt) return 'SETTLED';
  return row.startsAt.getTime() > now ? 'SCHEDULED' : 'LIVE';
}

/** Whether entries are open: started, not ended, not settled or cancelled. */
const running = (row: PeriodRow, now: number) =>
  statusOf(row, now) === 'LIVE' && row.endsAt.getTime() > now;

function periodView(row: PeriodRow, now: number, entrants: number): CompetitionPeriod {
  return {
    id: row.id,
    name: row.name,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt.toISOString(),
    status: statusOf(row, now),
    minTrades: row.minTrades,
    rewards: rewardsOf(row),
    startingFunds: fundsOf(row),
    repeatDays: row.repeatDays,
    entrants,
  };
}

const pct = (ret: Decimal) => ret.times(100).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);
const usd = (v: Decimal) => v.toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(2);

/** A running period's ranked entries, valued at `at`. */
interface LiveStandings {
  at: Date;
  entrants: number;
  ranked: Ranked[];
}

/** One entry's live figures. */
interface Live {
  userId: string;
  uid: string;
  joinedAt: Date;
  start: Decimal;
  equity: Decimal;
  trades: number;
}

/** An entry's live figures with its return, and its rank and reward (null when unranked). */
type Ranked = Live & {
  ret: Decimal;
  rank: number | null;
  reward: { asset: string; amount: string } | null;
};

/**
 * Trade for Reward (contracts competition.ts): periods, entries, live standings, and the
 * settlement at each period's end (final ranks, notices, rewards paid through the ledger).
 */
export class Competitions {
  readonly settleJob: JobDefinition<z.ZodObject<{ periodId: z.ZodNumber }>>;
  /**
   * Each running period's live standings, valued at most BOARD_CACHE_MS ago: the leaderboard
   * and every entrant's own standing (each page reads both every 15 s) come from one valuation.
   */
  private readonly standings = new TtlCache<number, LiveStandings>(BOARD_CACHE_MS, 100);

  constructor(private readonly deps: CompetitionDeps) {
    this.settleJob = {
      name: 'competition-settle',
      payload: z.object({ periodId: z.number().int() }),
      handle: async ({ periodId }) => this.settle(periodId),
    };
  }

  register(): void {
    this.deps.jobs.register(this.settleJob);
  }

  private now(): number {
    return this.deps.clock.now();
  }

  // ---- prices and equity ----

  /**
   * US dollars per unit of every asset: 1 for the dollar and its stablecoins, the price feed's
   * rates for the rest (HKD per 100 units), the catalogue's reference price where the feed has
   * none.
   */
  private async usdPrices(): Promise<Map<string, Decimal>> {
    const assets = await this.deps.db.asset.findMany({
      select: { code: true, referencePriceUsd: true },
    });
    const raw = await this.deps.redis.commands.get(EXCHANGE_RATES_KEY).catch(() => null);
    const parsed = raw ? exchangeRates.safeParse(JSON.parse(raw)) : null;
    const rates = parsed?.success ? parsed.data.rates : {};
    const hkdPerUsd = new Decimal(rates.USD ?? 0);
    const prices = new Map<string, Decimal>();
    for (const a of assets) {
      const fed = a.code === 'HKD' ? new Decimal(100) : new Decimal(rates[a.code] ?? 0);
      prices.set(
        a.code,
        USD_VALUED_ASSETS.has(a.code)
          ? new Decimal(1)
          : fed.gt(0) && hkdPerUsd.gt(0)
            ? fed.dividedBy(hkdPerUsd)
            : new Decimal(a.referencePriceUsd.toFixed()),
      );
    }
    return prices;
  }

  private static value(prices: Map<string, Decimal>, funds: Iterable<[string, Decimal.Value]>) {
    let total = new Decimal(0);
    for (const [asset, amount] of funds)
      total = total.plus(new Decimal(amount).times(prices.get(asset) ?? 0));
    return total;
  }

  /** Every entry's Trial equity and trades in the period, from two queries. */
  private async live(period: PeriodRow, entries: EntryRow[]): Promise<Live[]> {
    if (entries.length === 0) return [];
    const ids = entries.map((e) => e.userId);
    const [prices, balances, trades, users] = await Promise.all([
      this.usdPrices(),
      this.deps.db.$queryRaw<{ user_id: string; asset: string; total: string }[]>`
        SELECT "accountId" AS user_id, asset, (available + frozen)::text AS total FROM balance
        WHERE mode = ${TRIAL} AND "accountId" IN (${Prisma.join(ids)})`,
      this.deps.db.$queryRaw<{ user_id: string; trades: number }[]>`
        SELECT e."userId"::text AS user_id,
               ((SELECT COUNT(*) FROM spot_trade t WHERE t."makerUserId" = e."userId"
                   AND t.mode = ${TRIAL} AND t."createdAt" >= e."joinedAt" AND t."createdAt" < ${period.endsAt})
              + (SELECT COUNT(*) FROM spot_trade t WHERE t."takerUserId" = e."userId"
                   AND t.mode = ${TRIAL} AND t."createdAt" >= e."joinedAt" AND t."createdAt" < ${period.endsAt}
                   AND t."makerUserId" <> e."userId"))::int AS trades
        FROM competition_entry e WHERE e."periodId" = ${period.id}`,
      this.deps.db.user.findMany({ where: { id: { in: ids } }, select: { id: true, uid: true } }),
    ]);
    const held = new Map<string, [string, string][]>();
    for (const b of balances)
      held.set(b.user_id, [...(held.get(b.user_id) ?? []), [b.asset, b.total]]);
    const traded = new Map(trades.map((t) => [t.user_id, Number(t.trades)]));
    const uids = new Map(users.map((u) => [u.id, u.uid]));
    return entries.map((e) => ({
      userId: e.userId,
      uid: uids.get(e.userId) ?? '',
      joinedAt: e.joinedAt,
      start: new Decimal(e.startEquityUsd.toFixed()),
      equity: Competitions.value(prices, held.get(e.userId) ?? []),
      trades: traded.get(e.userId) ?? 0,
    }));
  }

  /** Ranks entries with enough trades by return (then the earlier entry), the rest unranked. */
  private static rank(period: PeriodRow, live: Live[]): Ranked[] {
    const rewards = rewardsOf(period);
    const withReturn = live.map((l) => ({
      ...l,
      ret: l.start.gt(0) ? l.equity.dividedBy(l.start).minus(1) : new Decimal(0),
    }));
    const ranked = withReturn
      .filter((l) => l.trades >= period.minTrades)
      .sort((a, b) => b.ret.comparedTo(a.ret) || a.joinedAt.getTime() - b.joinedAt.getTime());
    const rankOf = new Map(ranked.map((l, i) => [l.userId, i + 1]));
    return withReturn.map((l) => {
      const rank = rankOf.get(l.userId) ?? null;
      return { ...l, rank, reward: rewardOfRank(rewards, rank) };
    });
  }

  private static standing(
    l: { uid: string; ret: Decimal; equity: Decimal; trades: number; rank: number | null },
    reward: { asset: string; amount: string } | null,
  ): CompetitionStanding {
    return {
      rank: l.rank,
      trader: maskTraderUid(l.uid),
      returnPct: pct(l.ret),
      equityUsd: usd(l.equity),
      trades: l.trades,
      reward,
    };
  }

  // ---- reading ----

  private async entrants(ids: number[]): Promise<Map<number, number>> {
    if (ids.length === 0) return new Map();
    const rows = await this.deps.db.competitionEntry.groupBy({
      by: ['periodId'],
      where: { periodId: { in: ids } },
      _count: { _all: true },
    });
    return new Map(rows.map((r) => [r.periodId, r._count._all]));
  }

  async overview(): Promise<CompetitionOverview> {
    const now = this.deps.clock.date();
    const open = await this.deps.db.competitionPeriod.findMany({
      where: { cancelledAt: null, settledAt: null },
      orderBy: { startsAt: 'asc' },
    });
    const current = [...open].reverse().find((p) => p.startsAt <= now) ?? null;
    const next = open.find((p) => p.startsAt > now) ?? null;
    const past = await this.deps.db.competitionPeriod.findMany({
      where: { settledAt: { not: null } },
      orderBy: { endsAt: 'desc' },
      take: PAST_LISTED,
    });
    const rows = [current, next, ...past].filter((p): p is PeriodRow => p !== null);
    const counts = await this.entrants(rows.map((r) => r.id));
    const view = (p: PeriodRow) => periodView(p, now.getTime(), counts.get(p.id) ?? 0);
    return {
      current: current ? view(current) : null,
      next: next ? view(next) : null,
      past: past.map(view),
    };
  }

  private async period(id: number): Promise<PeriodRow> {
    const row = await this.deps.db.competitionPeriod.findUnique({ where: { id } });
    if (!row || row.cancelledAt) throw new AppError('COMPETITION_NOT_FOUND');
    return row;
  }

  /** A running period's standings (see `standings`). */
  private liveStandings(row: PeriodRow): Promise<LiveStandings> {
    return this.standings.get(row.id, async () => {
      const entries = await this.deps.db.competitionEntry.findMany({ where: { periodId: row.id } });
      return {
        at: this.deps.clock.date(),
        entrants: entries.length,
        ranked: Competitions.rank(row, await this.live(row, entries)),
      };
    });
  }

  /** The leaderboard: final once settled, else live (valued now, cached a few seconds). */
  async board(id: number): Promise<CompetitionBoard> {
    const row = await this.period(id);
    if (row.settledAt) return this.finalBoard(row);
    const live = await this.liveStandings(row);
    const top = live.ranked
      .filter((l) => l.rank !== null)
      .sort((a, b) => (a.rank ?? 0) - (b.rank ?? 0))
      .slice(0, COMPETITION_BOARD_SIZE);
    return {
      period: periodView(row, this.now(), live.entrants),
      standings: top.map((l) => Competitions.standing(l, l.reward)),
      valuedAt: live.at.toISOString(),
    };
  }

  private async finalBoard(row: PeriodRow): Promise<CompetitionBoard> {
    const [entries, count] = await Promise.all([
      this.deps.db.competitionEntry.findMany({
        where: { periodId: row.id, rank: { not: null } },
        orderBy: { rank: 'asc' },
        take: COMPETITION_BOARD_SIZE,
      }),
      this.deps.db.competitionEntry.count({ where: { periodId: row.id } }),
    ]);
    const uids = new Map(
      (
        await this.deps.db.user.findMany({
          where: { id: { in: entries.map((e) => e.userId) } },
          select: { id: true, uid: true },
        })
      ).map((u) => [u.id, u.uid]),
    );
    return {
      period: periodView(row, this.now(), count),
      standings: entries.map((e) => this.finalStanding(e, uids.get(e.userId) ?? '')),
      valuedAt: (row.settledAt ?? row.endsAt).toISOString(),
    };
  }

  private finalStanding(e: EntryRow, uid: string): CompetitionStanding {
    return {
      rank: e.rank,
      trader: maskTraderUid(uid),
      returnPct: new Decimal(e.finalReturnPct?.toFixed() ?? '0').toFixed(2),
      equityUsd: usd(new Decimal(e.finalEquityUsd?.toFixed() ?? '0')),
      trades: e.finalTrades ?? 0,
      reward:
        e.rewardAsset && e.rewardAmount
          ? { asset: e.rewardAsset, amount: new Decimal(e.rewardAmount.toFixed()).toFixed() }
          : null,
    };
  }

  /** The caller's entry in a period (live figures while it runs), or null. */
  async entry(userId: string, id: number): Promise<CompetitionEntry | null> {
    const row = await this.period(id);
    const e = await this.deps.db.competitionEntry.findUnique({
      where: { periodId_userId: { periodId: id, userId } },
    });
    if (!e) return null;
    let standing: CompetitionStanding;
    if (row.settledAt) {
      const user = await this.deps.db.user.findUnique({
        where: { id: userId },
        select: { uid: true },
      });
      standing = this.finalStanding(e, user?.uid ?? '');
    } else {
      const mine = (await this.liveStandings(row)).ranked.find((l) => l.userId === userId);
      if (!mine) return null;
      standing = Competitions.standing(mine, mine.reward);
    }
    return {
      periodId: id,
      joinedAt: e.joinedAt.toISOString(),
      standing,
      payout:
        e.rewardAsset && e.rewardAmount
          ? {
              state: e.rewardPaidAt ? 'PAID' : 'PENDING',
              asset: e.rewardAsset,
              amount: new Decimal(e.rewardAmount.toFixed()).toFixed(),
              paidAt: e.rewardPaidAt?.toISOString() ?? null,
            }
          : null,
    };
  }

  // ---- joining ----

  /**
   * Joins a running period: the Trial funds are set back to the period's starting funds (open
   * Trial orders must be cancelled first: 3042), and the entry's base is their value now.
   * Joining again answers the same entry.
   */
  async join(userId: string, id: number): Promise<CompetitionEntry> {
    const row = await this.period(id);
    const existing = await this.deps.db.competitionEntry.findUnique({
      where: { periodId_userId: { periodId: id, userId } },
    });
    if (!existing) {
      if (!running(row, this.now())) throw new AppError('COMPETITION_NOT_RUNNING');
      const open = await this.deps.db.spotOrder.count({
        where: { userId, mode: TRIAL, status: { in: OPEN_STATUSES } },
      });
      if (open > 0) throw new AppError('COMPETITION_ORDERS_OPEN');
      const funds = fundsOf(row);
      await resetFunds({
        db: this.deps.db,
        clock: this.deps.clock,
        userId,
        mode: TRIAL,
        plan: funds,
      }).catch((err: unknown) => {
        // An order placed since the check froze funds: the same answer as the check's.
        if (err instanceof AppError && err.code === ErrorCode.VALIDATION_FAILED.code)
          throw new AppError('COMPETITION_ORDERS_OPEN');
        throw err;
      });
      const start = Competitions.value(await this.usdPrices(), Object.entries(funds));
      await this.deps.db.$executeRaw`
        INSERT INTO competition_entry ("periodId", "userId", "joinedAt", "startEquityUsd")
        VALUES (${id}, ${userId}::uuid, ${this.deps.clock.date()}, ${start.toFixed()}::numeric)
        ON CONFLICT DO NOTHING`;
      this.standings.clear();
    }
    const entry = await this.entry(userId, id);
    if (!entry) throw new AppError('COMPETITION_NOT_FOUND');
    return entry;
  }

  /** Refuses a Trial reset while the account competes in a running period (3043). */
  async guardReset(userId: string, mode: number): Promise<void> {
    if (mode !== TRIAL) return;
    const now = this.deps.clock.date();
    const entry = await this.deps.db.competitionEntry.findFirst({
      where: {
        userId,
        period: { cancelledAt: null, settledAt: null, startsAt: { lte: now }, endsAt: { gt: now } },
      },
      include: { period: { select: { endsAt: true } } },
    });
    if (entry)
      throw new AppError('COMPETITION_RESET_LOCKED', {
        endsAt: `${entry.period.endsAt.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
      });
  }

  // ---- the operator's periods ----

  async create(input: {
    name: string;
    startsAt: Date;
    endsAt: Date;
    rewards: CompetitionReward[];
    minTrades: number;
    repeatDays: number | null;
    startingFunds?: FundingPlan | undefined;
  }): Promise<CompetitionPeriod> {
    // The account prizes come from exists from the first period: the operator funds it.
    await this.rewardsAccount();
    const row = await this.deps.db.competitionPeriod.create({
      data: {
        name: input.name,
        startsAt: input.startsAt,
        endsAt: input.endsAt,
        rewards: input.rewards,
        minTrades: input.minTrades,
        repeatDays: input.repeatDays,
        startingFunds: input.startingFunds ?? this.deps.trialFunding,
        createdAt: this.deps.clock.date(),
      },
    });
    await this.schedule(row);
    return periodView(row, this.now(), 0);
  }

  async list(): Promise<CompetitionPeriod[]> {
    const rows = await this.deps.db.competitionPeriod.findMany({ orderBy: { startsAt: 'desc' } });
    const counts = await this.entrants(rows.map((r) => r.id));
    return rows.map((r) => periodView(r, this.now(), counts.get(r.id) ?? 0));
  }

  /** Cancels a period that has not started (nobody could have joined it). */
  async cancel(id: number): Promise<CompetitionPeriod> {
    const now = this.deps.clock.date();
    const done = await this.deps.db.competitionPeriod.updateMany({
      where: { id, cancelledAt: null, settledAt: null, startsAt: { gt: now } },
      data: { cancelledAt: now },
    });
    const row = await this.deps.db.competitionPeriod.findUnique({ where: { id } });
    if (!row) throw new AppError('COMPETITION_NOT_FOUND');
    if (done.count === 0)
      throw new AppError('OPS_INVALID', {
        reason: 'only a period that has not started can be cancelled',
      });
    return periodView(row, now.getTime(), 0);
  }

  /** Ends a running period now and settles it. */
  async endNow(id: number): Promise<CompetitionPeriod> {
    const now = this.deps.clock.date();
    const done = await this.deps.db.competitionPeriod.updateMany({
      where: {
        id,
        cancelledAt: null,
        settledAt: null,
        startsAt: { lte: now },
        endsAt: { gt: now },
      },
      data: { endsAt: now },
    });
    if (done.count === 0)
      throw new AppError('OPS_INVALID', { reason: 'only a running period can be ended' });
    await this.settle(id);
    const [row, entrants] = await Promise.all([
      this.deps.db.competitionPeriod.findUniqueOrThrow({ where: { id } }),
      this.deps.db.competitionEntry.count({ where: { periodId: id } }),
    ]);
    return periodView(row, this.now(), entrants);
  }

  /**
   * The settlement job at the period's end: one per period and end (every start and every
   * operator command resumes the periods, and BullMQ keeps one job of an id).
   */
  private async schedule(row: PeriodRow): Promise<void> {
    await this.deps.jobs.enqueue(
      this.settleJob,
      { periodId: row.id },
      {
        delayMs: Math.max(0, row.endsAt.getTime() - this.now()),
        jobId: `competition-settle-${row.id}-${row.endsAt.getTime()}`,
      },
    );
  }

  /** At start: every period not settled, and rewards still unpaid, get their job again. */
  async resume(): Promise<void> {
    const rows = await this.deps.db.competitionPeriod.findMany({
      where: {
        cancelledAt: null,
        OR: [
          { settledAt: null },
          { entries: { some: { rewardAsset: { not: null }, rewardPaidAt: null } } },
        ],
      },
    });
    for (const r of rows)
      if (!r.settledAt) await this.schedule(r);
      else await this.deps.jobs.enqueue(this.settleJob, { periodId: r.id });
  }

  // ---- the end of a period ----

  /**
   * Settles a period whose end has come (a job at its end; early runs put themselves back):
   * once, under a conditional update, the final figures and ranks are stored and the ranked
   * entrants without a reward are told; then every unpaid reward is paid (retried later when the
   * house account cannot cover it), and a repeating period's next one is created.
   */
  async settle(id: number): Promise<void> {
    const row = await this.deps.db.competitionPeriod.findUnique({ where: { id } });
    if (!row || row.cancelledAt) return;
    if (!row.settledAt) {
      // Early (a test's promotion, a clock moved back): put back until the end.
      if (row.endsAt.getTime() > this.now()) {
        await this.deps.jobs.enqueue(
          this.settleJob,
          { periodId: id },
          { delayMs: row.endsAt.getTime() - this.now() },
        );
        return;
      }
      await this.finalise(row);
    }
    const unpaid = await this.payRewards(id);
    if (unpaid > 0)
      await this.deps.jobs.enqueue(this.settleJob, { periodId: id }, { delayMs: PAYOUT_RETRY_MS });
    if (row.repeatDays) await this.repeat(row);
  }

  private async finalise(row: PeriodRow): Promise<void> {
    const entries = await this.deps.db.competitionEntry.findMany({ where: { periodId: row.id } });
    const ranked = Competitions.rank(row, await this.live(row, entries));
    const at = this.deps.clock.date();
    const staged = await this.deps.db.$transaction(async (tx) => {
      const won = await tx.competitionPeriod.updateMany({
        where: { id: row.id, settledAt: null, cancelledAt: null },
        data: { settledAt: at },
      });
      if (won.count === 0) return [];
      for (const l of ranked)
        await tx.competitionEntry.update({
          where: { periodId_userId: { periodId: row.id, userId: l.userId } },
          data: {
            finalEquityUsd: l.equity.toFixed(),
            finalReturnPct: pct(l.ret),
            finalTrades: l.trades,
            rank: l.rank,
            rewardAsset: l.reward?.asset ?? null,
            rewardAmount: l.reward?.amount ?? null,
          },
        });
      // Ranked entrants without a reward hear of their rank now; winners when it is paid.
      const notices: NotifyInput[] = ranked
        .filter((l) => l.rank !== null && !l.reward)
        .map((l) => ({
          userId: l.userId,
          type: 'COMPETITION_RESULT',
          params: {
            periodId: row.id,
            name: row.name,
            rank: l.rank ?? 0,
            returnPct: pct(l.ret),
            reward: null,
          },
          dedupeKey: `competition:${row.id}:result`,
        }));
      return stageNotices(tx, this.deps.clock, notices);
    });
    this.standings.clear();
    await this.deps.deliverNotices(staged);
    this.deps.log?.info(
      { periodId: row.id, entrants: entries.length },
      'Trade for Reward period settled',
    );
  }

  /**
   * Pays each unpaid reward of a settled period from the house rewards account into the
   * winner's Real balance, one transaction each (COMPETITION_REWARD, referenced by period and
   * user, so a reward is paid once). A reward the account cannot cover stays unpaid: the winner
   * is told it is on its way (once), and the operator is told in the log. Returns how many wait.
   */
  async payRewards(id: number): Promise<number> {
    const row = await this.deps.db.competitionPeriod.findUnique({ where: { id } });
    if (!row?.settledAt) return 0;
    const due = await this.deps.db.competitionEntry.findMany({
      where: { periodId: id, rewardAsset: { not: null }, rewardPaidAt: null },
      orderBy: { rank: 'asc' },
    });
    if (due.length === 0) return 0;
    const house = await this.rewardsAccount();
    let waiting = 0;
    for (const e of due) {
      const asset = e.rewardAsset ?? '';
      const amount = new Decimal(e.rewardAmount?.toFixed() ?? '0');
      const params = {
        periodId: id,
        name: row.name,
        rank: e.rank ?? 0,
        returnPct: new Decimal(e.finalReturnPct?.toFixed() ?? '0').toFixed(2),
      };
      const at = this.deps.clock.date();
      try {
        const staged = await this.deps.db.$transaction(async (tx) => {
          const claimed = await tx.competitionEntry.updateMany({
            where: { periodId: id, userId: e.userId, rewardPaidAt: null },
            data: { rewardPaidAt: at },
          });
          if (claimed.count === 0) return [];
          await post(tx, {
            mode: RuntimeMode.REAL,
            flowType: FlowType.COMPETITION_REWARD,
            refType: 'COMPETITION_REWARD',
            refId: `${id}:${e.userId}`,
            at,
            legs: [
              { accountId: house, asset, bucket: 'AVAILABLE', amount: amount.neg() },
              { accountId: e.userId, asset, bucket: 'AVAILABLE', amount },
            ],
          });
          return stageNotices(tx, this.deps.clock, [
            {
              userId: e.userId,
              type: 'COMPETITION_RESULT',
              params: { ...params, reward: { asset, amount: amount.toFixed(), paid: true } },
              dedupeKey: `competition:${id}:paid`,
            },
          ]);
        });
        await this.deps.deliverNotices(staged);
      } catch (err) {
        if (!(err instanceof AppError && err.code === ErrorCode.INSUFFICIENT_BALANCE.code))
          throw err;
        waiting += 1;
        this.deps.log?.error(
          {
            periodId: id,
            asset,
            amount: amount.toFixed(),
            account: COMPETITION_REWARDS_ACCOUNT.email,
          },
          'Trade for Reward prize waits: the rewards account cannot cover it (npm run ops -- house fund)',
        );
        const staged = await stageNotices(this.deps.db, this.deps.clock, [
          {
            userId: e.userId,
            type: 'COMPETITION_RESULT',
            params: { ...params, reward: { asset, amount: amount.toFixed(), paid: false } },
            dedupeKey: `competition:${id}:pending`,
          },
        ]);
        await this.deps.deliverNotices(staged);
      }
    }
    return waiting;
  }

  /** The house account prizes are paid from, created on first use. */
  async rewardsAccount(): Promise<string> {
    return rewardsAccountId(this.deps);
  }

  /**
   * A local installation with its simulated market (npm start) runs a weekly period from its
   * first start, so Trade for Reward can be tried at once; its prizes come from the rewards
   * account, which the simulated treasury keeps funded like the market makers' accounts. Once
   * any period exists (the operator's, or this one repeating), nothing is created.
   */
  async ensureLocalPeriod(): Promise<void> {
    if ((await this.deps.db.competitionPeriod.count()) > 0) return;
    const startsAt = this.deps.clock.date();
    await this.create({
      name: 'Weekly',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 7 * 86_400_000),
      rewards: LOCAL_PERIOD_REWARDS,
      minTrades: 1,
      repeatDays: 7,
    });
  }

  /** A repeating period's next one: the same length, rules and rewards, from its end. */
  private async repeat(row: PeriodRow): Promise<void> {
    if (!row.repeatDays) return;
    const startsAt = row.endsAt;
    const exists = await this.deps.db.competitionPeriod.findFirst({
      // Not this one: a period ended at its very start begins where it ends.
      where: { id: { not: row.id }, name: row.name, startsAt, cancelledAt: null },
    });
    if (exists) return;
    await this.create({
      name: row.name,
      startsAt,
      endsAt: new Date(startsAt.getTime() + row.repeatDays * 86_400_000),
      rewards: rewardsOf(row),
      minTrades: row.minTrades,
      repeatDays: row.repeatDays,
      startingFunds: fundsOf(row),
    });
  }
}
