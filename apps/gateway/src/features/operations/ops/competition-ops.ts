import { Decimal } from 'decimal.js';
import type { CompetitionPeriod, CompetitionReward } from '@exchange/contracts';
import { AppError } from '../../../lib/app-error.js';
import { writeAudit } from '../../platform/ops-audit/ops-audit.js';
import type { OpsDeps } from './ops-deps.js';

const invalid = (reason: string) => new AppError('OPS_INVALID', { reason });

/** "now", an ISO 8601 time, or "+<n>m|h|d" from `base`. */
export function parseWhen(text: string, now: Date, base: Date = now): Date {
  if (text === 'now') return now;
  const rel = /^\+(\d+)([mhd])$/.exec(text);
  if (rel) {
    const unit = { m: 60_000, h: 3_600_000, d: 86_400_000 }[rel[2] as 'm' | 'h' | 'd'];
    return new Date(base.getTime() + Number(rel[1]) * unit);
  }
  const at = new Date(text);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(text) || Number.isNaN(at.getTime()))
    throw invalid(`"${text}" is not a time (now, +30m, +2h, +7d or ISO 8601 with its offset)`);
  return at;
}

/** "1:USDT:500" or "4-10:USDT:20": the reward of a rank or a range of ranks. */
export function parseReward(text: string): CompetitionReward {
  const m = /^(\d+)(?:-(\d+))?:([A-Za-z0-9]{1,16}):(\d+(?:\.\d+)?)$/.exec(text);
  if (!m) throw invalid(`reward "${text}" is not <rank>[-<rank>]:<ASSET>:<amount>`);
  const fromRank = Number(m[1]);
  const toRank = Number(m[2] ?? m[1]);
  if (fromRank < 1 || toRank < fromRank) throw invalid(`reward "${text}": ranks go from 1 upwards`);
  if (new Decimal(m[4] ?? '0').lte(0))
    throw invalid(`reward "${text}": the amount must be positive`);
  return {
    fromRank,
    toRank,
    asset: (m[3] ?? '').toUpperCase(),
    amount: new Decimal(m[4] ?? '0').toFixed(),
  };
}

/**
 * Creates a Trade for Reward period (audited): its name, start and end, rewards by rank (assets
 * of the catalogue, ranges that do not overlap), the trades an entry needs, and whether it
 * repeats.
 */
export async function createCompetition(
  deps: OpsDeps,
  input: {
    name: string;
    start: string;
    end: string;
    rewards: string[];
    minTrades?: string | undefined;
    repeatDays?: string | undefined;
  },
): Promise<CompetitionPeriod> {
  const competitions = deps.competitions;
  if (!competitions) throw new Error('Trade for Reward is not wired');
  const now = deps.clock.date();
  const startsAt = parseWhen(input.start, now);
  const endsAt = parseWhen(input.end, now, startsAt);
  if (endsAt <= startsAt) throw invalid('the end must come after the start');
  if (endsAt <= now) throw invalid('the end must be in the future');
  const name = input.name.trim();
  if (name.length < 1 || name.length > 60) throw invalid('the name takes 1 to 60 characters');
  const rewards = input.rewards.map(parseReward).sort((a, b) => a.fromRank - b.fromRank);
  for (let i = 1; i < rewards.length; i += 1)
    if ((rewards[i]?.fromRank ?? 0) <= (rewards[i - 1]?.toRank ?? 0))
      throw invalid('reward ranks overlap');
  const known = new Set(
    (await deps.db.asset.findMany({ select: { code: true } })).map((a) => a.code),
  );
  for (const r of rewards) if (!known.has(r.asset)) throw invalid(`unknown asset ${r.asset}`);
  const count = (text: string | undefined, what: string, min: number) => {
    if (text === undefined) return undefined;
    if (!/^\d+$/.test(text) || Number(text) < min)
      throw invalid(`${what} must be a whole number of at least ${min}`);
    return Number(text);
  };
  const period = await competitions.create({
    name,
    startsAt,
    endsAt,
    rewards,
    minTrades: count(input.minTrades, '--min-trades', 0) ?? 1,
    repeatDays: count(input.repeatDays, '--repeat-days', 1) ?? null,
  });
  await writeAudit(deps.db, {
    actor: deps.actor,
    entity: 'competition',
    entityKey: String(period.id),
    action: 'create',
    before: null,
    after: period,
    at: now,
  });
  return period;
}

/** Ends a running period now (settled at once) or cancels one not started (audited). */
export async function closeCompetition(
  deps: OpsDeps,
  input: { id: string; how: 'end' | 'cancel' },
): Promise<CompetitionPeriod> {
  const competitions = deps.competitions;
  if (!competitions) throw new Error('Trade for Reward is not wired');
  if (!/^\d+$/.test(input.id)) throw invalid('the period id is a number (see competition list)');
  const id = Number(input.id);
  const before = (await competitions.list()).find((p) => p.id === id);
  if (!before) throw new AppError('OPS_NOT_FOUND', { entity: 'competition', key: input.id });
  const after = input.how === 'end' ? await competitions.endNow(id) : await competitions.cancel(id);
  await writeAudit(deps.db, {
    actor: deps.actor,
    entity: 'competition',
    entityKey: input.id,
    action: input.how,
    before,
    after,
    at: deps.clock.date(),
  });
  return after;
}
