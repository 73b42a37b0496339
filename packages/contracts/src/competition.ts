import { z } from 'zod';
import { get, pathsOf, post } from './endpoint.js';

/**
 * Trade for Reward: the Trial mode (2) as a trading competition. The operator runs periods
 * (`npm run ops -- competition ...`), each with its rules and rewards by rank. A user joins a
 * running period from its page: joining sets the Trial funds back to the starting funds (every
 * entrant starts from the same), and from then the entry is ranked by its return:
 *
 *   return = equity now / equity at joining - 1
 *
 * where equity is every Trial balance (available and frozen) valued in US dollars at the
 * exchange's price feed, not at the Trial books' own last prices (a thin book traded with
 * oneself must not move the ranking). An entry needs `minTrades` trades of its own in Trial
 * during the period to be ranked, and Trial funds cannot be reset while it competes.
 *
 * At the period's end the standings are final: each ranked entrant is told its rank, and the
 * rewards of the ranks (an asset and an amount each, set by the operator) are paid into the
 * winners' Real balances from the house rewards account through the ledger
 * (COMPETITION_REWARD), with a notice. A reward the house account cannot cover yet waits and is
 * paid once the operator funds it; nothing is ever created.
 */

/** The house account rewards are paid from (funded by the operator, `ops house fund`). */
export const COMPETITION_REWARDS_ACCOUNT = {
  email: 'competition-rewards@exchange.local',
  uid: '00000003',
} as const;

/** How many standings a leaderboard lists. */
export const COMPETITION_BOARD_SIZE = 50;

export const COMPETITION_STATUSES = ['SCHEDULED', 'LIVE', 'SETTLED', 'CANCELLED'] as const;
export const competitionStatus = z.enum(COMPETITION_STATUSES);
export type CompetitionStatus = z.infer<typeof competitionStatus>;

const decimalText = z.string().regex(/^\d+(\.\d+)?$/);
const signedDecimal = z.string().regex(/^-?\d+(\.\d+)?$/);
const isoTime = z.string().datetime({ offset: true });

/** The reward of ranks `fromRank` to `toRank` (each of them gets `amount` of `asset`). */
export const competitionReward = z.object({
  fromRank: z.number().int().min(1),
  toRank: z.number().int().min(1),
  asset: z.string(),
  amount: decimalText,
});
export type CompetitionReward = z.infer<typeof competitionReward>;

export const competitionPeriod = z.object({
  id: z.number().int(),
  name: z.string(),
  startsAt: isoTime,
  endsAt: isoTime,
  /** SCHEDULED before its start, LIVE until its end is settled, then SETTLED (or CANCELLED). */
  status: competitionStatus,
  /** Trades an entry needs during the period to be ranked. */
  minTrades: z.number().int().min(0),
  rewards: z.array(competitionReward),
  /** The Trial funds every entrant starts from (asset -> amount). */
  startingFunds: z.record(z.string(), decimalText),
  /** When set, the next period of the same length and rewards starts as this one ends. */
  repeatDays: z.number().int().nullable(),
  entrants: z.number().int(),
});
export type CompetitionPeriod = z.infer<typeof competitionPeriod>;

/** One line of a leaderboard. */
export const competitionStanding = z.object({
  /** Null until the entry has the trades the rules ask for. */
  rank: z.number().int().nullable(),
  /** The trader's UID, masked ("10****42"). */
  trader: z.string(),
  /** The return in percent, 2 decimals ("12.34", "-3.10"). */
  returnPct: signedDecimal,
  equityUsd: decimalText,
  trades: z.number().int(),
  /** What the rank earns (or earned), if anything. */
  reward: z.object({ asset: z.string(), amount: decimalText }).nullable(),
});
export type CompetitionStanding = z.infer<typeof competitionStanding>;

export const competitionBoard = z.object({
  period: competitionPeriod,
  /** The ranked entries, best first (at most COMPETITION_BOARD_SIZE). */
  standings: z.array(competitionStanding),
  /** When the equities were valued (the period's end once settled). */
  valuedAt: isoTime,
});
export type CompetitionBoard = z.infer<typeof competitionBoard>;

/** The periods a visitor sees: the running one, the next, and the last settled ones. */
export const competitionOverview = z.object({
  current: competitionPeriod.nullable(),
  next: competitionPeriod.nullable(),
  past: z.array(competitionPeriod),
});
export type CompetitionOverview = z.infer<typeof competitionOverview>;

export const PAYOUT_STATES = ['PENDING', 'PAID'] as const;

/** The caller's entry in a period. */
export const competitionEntry = z.object({
  periodId: z.number().int(),
  joinedAt: isoTime,
  standing: competitionStanding,
  /** The reward's payment, once the period is settled and the rank earned one. */
  payout: z
    .object({
      state: z.enum(PAYOUT_STATES),
      asset: z.string(),
      amount: decimalText,
      paidAt: isoTime.nullable(),
    })
    .nullable(),
});
export type CompetitionEntry = z.infer<typeof competitionEntry>;

export const competitionMine = z.object({ entry: competitionEntry.nullable() });
export type CompetitionMine = z.infer<typeof competitionMine>;

export const competitionIdParams = z.object({ id: z.coerce.number().int().min(1) });

/** Trade for Reward's calls: the overview and boards are public, joining needs a session. */
export const COMPETITION_ENDPOINTS = {
  overview: get('/v1/competition/public/periods'),
  board: get('/v1/competition/public/periods/:id/leaderboard'),
  mine: get('/v1/competition/periods/:id/entry'),
  join: post('/v1/competition/periods/:id/entry'),
} as const;
export const COMPETITION_PATHS = pathsOf(COMPETITION_ENDPOINTS);

/** "10000042" -> "10****42": enough to find oneself, not enough to find someone. */
export function maskTraderUid(uid: string): string {
  if (uid.length <= 4) return `${uid.slice(0, 1)}***`;
  return `${uid.slice(0, 2)}${'*'.repeat(uid.length - 4)}${uid.slice(-2)}`;
}

/** The reward a rank earns under a period's rewards, if any. */
export function rewardOfRank(
  rewards: readonly CompetitionReward[],
  rank: number | null,
): { asset: string; amount: string } | null {
  if (rank === null) return null;
  const r = rewards.find((x) => rank >= x.fromRank && rank <= x.toRank);
  return r ? { asset: r.asset, amount: r.amount } : null;
}
