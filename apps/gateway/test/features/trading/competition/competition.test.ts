import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  COMPETITION_ENDPOINTS as C,
  FlowType,
  RuntimeMode,
  type CompetitionBoard,
  type CompetitionEntry,
  type CompetitionMine,
  type CompetitionOverview,
  type CompetitionPeriod,
} from '@exchange/contracts';
import { opsDeps, parseArgs, runOps } from '../../../../src/features/operations/ops/index.js';
import { LOCAL_PERIOD_REWARDS } from '../../../../src/features/trading/competition/competition-service.js';
import { auditLedger } from '../../../../src/features/wallet/ledger/audit.js';
import { post, SYSTEM } from '../../../../src/features/wallet/ledger/ledger-service.js';
import { build, signIn, type TestApp } from '../../../helpers/build.js';
import { startEngine } from '../../../helpers/engine.js';
import { publishRates } from '../../fiat/fiat-deposit/setup.js';
import { until } from '../../../helpers/trading.js';

/**
 * Trade for Reward against the real engine in Trial mode: the operator's periods, joining (the
 * funds set back, refused with open orders), standings by return at the feed's prices, the
 * reset lock, and the settlement: ranks, notices, and prizes paid in Real from the house
 * account once it holds them, exactly once.
 */
let t: TestApp;
let engine: { stop(): Promise<void> };
const HOUR = 3_600_000;
const STARTING = { USDT: '10000' };

beforeAll(async () => {
  t = await build({ TRIAL_FUNDING: 'USDT=10000', ORDER_VERDICT_TIMEOUT_MS: '5000' });
  engine = await startEngine(t);
  // HKD per 100 units: 1 USD = 7.8 HKD, 1 BTC = 100,000 USD.
  await publishRates(t, { USD: '780', USDT: '780', BTC: '78000000' });
});
afterAll(async () => {
  await engine.stop();
  await t.close();
});

const trial = (token: string) => ({ authorization: `Bearer ${token}`, 'runtime-mode': '2' });
const path = (p: string, id: number) => p.replace(':id', String(id));

async function api<T>(method: 'GET' | 'POST', url: string, token?: string, payload?: object) {
  const res = await t.app.inject({
    method,
    url,
    headers: token ? trial(token) : {},
    ...(payload ? { payload } : {}),
  });
  return res.json<{ code: string; data: T; message: string }>();
}
const ops = (line: string[]) => runOps(opsDeps(t.app, 'alice'), parseArgs(line));
const join = (token: string, id: number) =>
  api<CompetitionEntry>('POST', path(C.join.path, id), token, {});
async function mine(token: string, id: number) {
  const res = await api<CompetitionMine>('GET', path(C.mine.path, id), token);
  expect(res.code, res.message).toBe('200');
  return res.data.entry;
}
const board = async (id: number) =>
  (await api<CompetitionBoard>('GET', path(C.board.path, id))).data;
const place = (token: string, body: Record<string, unknown>) =>
  api<{ id: string; status: string }>('POST', '/v1/spot-order/place', token, body);
async function trialBalances(userId: string) {
  const rows = await t.app.db.balance.findMany({ where: { accountId: userId, mode: 2 } });
  return Object.fromEntries(
    rows
      .filter((r) => !r.available.isZero() || !r.frozen.isZero())
      .map((r) => [r.asset, r.available.plus(r.frozen).toFixed()]),
  );
}
async function realUsdt(userId: string) {
  const row = await t.app.db.balance.findUnique({
    where: { accountId_mode_asset: { accountId: userId, mode: 0, asset: 'USDT' } },
  });
  return row ? row.available.toFixed() : '0';
}
async function expectAuditClean() {
  const audit = await auditLedger(t.app.db);
  expect(audit.unbalanced).toEqual([]);
  expect(audit.mismatched).toEqual([]);
}
async function results(userId: string) {
  const rows = await t.app.db.notification.findMany({
    where: { userId, type: 'COMPETITION_RESULT' },
    orderBy: { createdAt: 'asc' },
  });
  return rows.map((r) => r.params);
}
/** A new session of an existing user (sessions last an hour; the clock moves on by hours). */
async function freshSession(userId: string) {
  const other = await signIn(t);
  await t.app.db.session.updateMany({ where: { userId: other.userId }, data: { userId } });
  return { token: other.token, userId };
}
/** Lets the settlement job run at the clock's time (it puts itself back when early). */
async function settleJobs() {
  await t.app.jobs.promote(t.app.competitions.settleJob);
}

describe('the operator', () => {
  it('creates periods with rewards by rank, refusing what is not a period', async () => {
    const bad = [
      ['--reward', '1:USDT'],
      ['--reward', '1:NOPE:10'],
      ['--reward', '1-3:USDT:10', '--reward', '3:USDT:5'],
      ['--reward', '2-1:USDT:10'],
      ['--reward', '1:USDT:0'],
      ['--end', 'yesterday'],
      ['--start', '+2h', '--end', '2020-01-01T00:00:00Z'],
      ['--min-trades', '-1'],
    ];
    for (const extra of bad) {
      const args = ['competition', 'create', '--name', 'Bad', '--end', '+1h', ...extra];
      await expect(ops(args), extra.join(' ')).rejects.toMatchObject({ code: 1302 });
    }
    expect(await t.app.db.competitionPeriod.count()).toBe(0);
    const p = (await ops([
      'competition',
      'create',
      '--name',
      'Later',
      '--start',
      '+2d',
      '--end',
      '+7d',
      '--reward',
      '1:USDT:100',
      '--reward',
      '2-3:USDT:25.5',
    ])) as CompetitionPeriod;
    expect(p).toMatchObject({
      status: 'SCHEDULED',
      minTrades: 1,
      startingFunds: STARTING,
      rewards: [
        { fromRank: 1, toRank: 1, asset: 'USDT', amount: '100' },
        { fromRank: 2, toRank: 3, asset: 'USDT', amount: '25.5' },
      ],
    });
    expect(new Date(p.endsAt).getTime() - new Date(p.startsAt).getTime()).toBe(7 * 24 * HOUR);
    const overview = await api<CompetitionOverview>('GET', C.overview.path);
    expect(overview.data).toMatchObject({ current: null, next: { id: p.id }, past: [] });
    // Nobody joins a period that has not started; it can be cancelled, and then it is gone.
    const u = await signIn(t);
    expect((await join(u.token, p.id)).code).toBe('3041');
    expect(await t.app.db.competitionEntry.count()).toBe(0);
    expect(await ops(['competition', 'cancel', String(p.id)])).toMatchObject({
      status: 'CANCELLED',
    });
    expect((await api('GET', path(C.board.path, p.id))).code).toBe('3040');
    const audit = await t.app.db.opsAudit.findMany({ where: { entity: 'competition' } });
    expect(audit.map((a) => a.action)).toEqual(['create', 'cancel']);
  });
});

describe('a period from start to prizes', () => {
  let period: CompetitionPeriod;
  const users: Record<'a' | 'b' | 'idle' | 'maker', { token: string; userId: string }> =
    {} as never;

  it('joining sets the Trial funds back to the starting funds, refused with open orders', async () => {
    period = (await ops([
      'competition',
      'create',
      '--name',
      'Week 48',
      '--end',
      '+2h',
      '--reward',
      '1:USDT:100',
      '--reward',
      '2:USDT:50',
    ])) as CompetitionPeriod;
    expect(period.status).toBe('LIVE');
    for (const k of ['a', 'b', 'idle', 'maker'] as const) users[k] = await signIn(t);

    // An open Trial order: joining would reset funds it holds, so it is refused, nothing moves.
    const resting = await place(users.a.token, {
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'LIMIT',
      price: '50000',
      amount: '0.01',
    });
    expect(resting.code).toBe('200');
    const before = await trialBalances(users.a.userId);
    expect(before).toEqual({ USDT: '10000' });
    const refused = await join(users.a.token, period.id);
    expect(refused).toMatchObject({ code: '3042' });
    expect(refused.message).toMatch(/Cancel your open Trade for Reward orders first/);
    expect(await trialBalances(users.a.userId)).toEqual(before);
    expect(await mine(users.a.token, period.id)).toBeNull();
    expect(
      (await api('POST', '/v1/spot-order/cancel', users.a.token, { orderId: resting.data.id }))
        .code,
    ).toBe('200');
    await until(async () => (await trialBalances(users.a.userId)).USDT === '10000', 5000);

    // Spent funds are set back: the entrant starts from the period's starting funds.
    await t.app.db.$transaction((tx) =>
      post(tx, {
        mode: 2,
        flowType: FlowType.DEMO_FUNDING,
        refType: 'TEST',
        refId: users.a.userId,
        at: t.clock.date(),
        legs: [
          { accountId: SYSTEM.demoFunding, asset: 'BTC', bucket: 'AVAILABLE', amount: '-1' },
          { accountId: users.a.userId, asset: 'BTC', bucket: 'AVAILABLE', amount: '1' },
        ],
      }),
    );
    const entry = await join(users.a.token, period.id);
    expect(entry).toMatchObject({
      code: '200',
      data: {
        periodId: period.id,
        standing: { rank: null, returnPct: '0.00', equityUsd: '10000.00', trades: 0 },
        payout: null,
      },
    });
    expect(await trialBalances(users.a.userId)).toEqual({ USDT: '10000' });
    // Joining again answers the same entry and moves nothing.
    expect((await join(users.a.token, period.id)).data.joinedAt).toBe(entry.data.joinedAt);
    for (const k of ['b', 'idle'] as const)
      expect((await join(users[k].token, period.id)).code).toBe('200');
    await expectAuditClean();
  });

  it('ranks entrants with enough trades by return at the feed, not at the Trial book', async () => {
    // The maker (not an entrant) sells below and above the feed's 100,000.
    await t.app.db.$transaction((tx) =>
      post(tx, {
        mode: 2,
        flowType: FlowType.DEMO_FUNDING,
        refType: 'TEST',
        refId: users.maker.userId,
        at: t.clock.date(),
        legs: [
          { accountId: SYSTEM.demoFunding, asset: 'BTC', bucket: 'AVAILABLE', amount: '-1' },
          { accountId: users.maker.userId, asset: 'BTC', bucket: 'AVAILABLE', amount: '1' },
        ],
      }),
    );
    for (const price of ['90000', '110000'])
      expect(
        (
          await place(users.maker.token, {
            symbol: 'BTC_USDT',
            side: 'SELL',
            type: 'LIMIT',
            price,
            amount: '0.01',
          })
        ).code,
      ).toBe('200');
    // a buys the cheap one (a gain at the feed), b the dear one (a loss).
    for (const [who, price] of [
      ['a', '90000'],
      ['b', '110000'],
    ] as const) {
      const res = await place(users[who].token, {
        symbol: 'BTC_USDT',
        side: 'BUY',
        type: 'LIMIT',
        price,
        amount: '0.01',
      });
      expect(res.code).toBe('200');
      await until(
        async () => (await mine(users[who].token, period.id))?.standing.trades === 1,
        8000,
      );
    }
    const a = await mine(users.a.token, period.id);
    const b = await mine(users.b.token, period.id);
    expect(a?.standing).toMatchObject({ rank: 1, reward: { asset: 'USDT', amount: '100' } });
    expect(b?.standing).toMatchObject({ rank: 2, reward: { asset: 'USDT', amount: '50' } });
    expect(Number(a?.standing.returnPct)).toBeGreaterThan(0.5);
    expect(Number(b?.standing.returnPct)).toBeLessThan(-0.5);
    // No trades: listed as the caller's entry, never ranked.
    expect((await mine(users.idle.token, period.id))?.standing).toMatchObject({
      rank: null,
      trades: 0,
      reward: null,
    });
    const uidA = (await t.app.db.user.findUniqueOrThrow({ where: { id: users.a.userId } })).uid;
    await until(async () => (await board(period.id)).standings.length === 2, 8000);
    const live = await board(period.id);
    expect(live.period).toMatchObject({ id: period.id, status: 'LIVE', entrants: 3 });
    expect(live.standings.map((s) => s.rank)).toEqual([1, 2]);
    expect(live.standings[0]?.trader).toBe(
      `${uidA.slice(0, 2)}${'*'.repeat(uidA.length - 4)}${uidA.slice(-2)}`,
    );
    expect(JSON.stringify(live)).not.toContain(users.a.userId);
  });

  it('keeps a competitor from resetting the Trial funds while the period runs', async () => {
    const before = await trialBalances(users.b.userId);
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/demo/reset',
      headers: trial(users.b.token),
    });
    expect(res.json()).toMatchObject({ code: '3043' });
    expect(res.json<{ message: string }>().message).toContain(
      `${period.endsAt.slice(0, 16).replace('T', ' ')} UTC`,
    );
    expect(await trialBalances(users.b.userId)).toEqual(before);
  });

  it('settles at the end: ranks, a notice each, prizes waiting until the house account holds them', async () => {
    await settleJobs();
    expect((await board(period.id)).period.status).toBe('LIVE');
    t.clock.advance(2 * HOUR + 1000);
    await settleJobs();
    await until(async () => (await board(period.id)).period.status === 'SETTLED', 8000);
    const final = await board(period.id);
    expect(final.standings.map((s) => [s.rank, s.reward])).toEqual([
      [1, { asset: 'USDT', amount: '100' }],
      [2, { asset: 'USDT', amount: '50' }],
    ]);
    // The house rewards account is empty: nothing is paid, nothing created; the winners hear
    // their prize is on its way.
    expect(await realUsdt(users.a.userId)).toBe('0');
    expect((await t.app.competitions.entry(users.a.userId, period.id))?.payout).toMatchObject({
      state: 'PENDING',
      amount: '100',
    });
    await until(async () => (await results(users.a.userId)).length === 1, 5000);
    expect(await results(users.a.userId)).toEqual([
      expect.objectContaining({ rank: 1, reward: { asset: 'USDT', amount: '100', paid: false } }),
    ]);
    expect(await results(users.idle.userId)).toEqual([]);
    await expectAuditClean();

    // The operator funds the house account (a deposit, here its ledger entry): the retry pays.
    const house = await t.app.competitions.rewardsAccount();
    await t.app.db.$transaction((tx) =>
      post(tx, {
        mode: RuntimeMode.REAL,
        flowType: FlowType.CRYPTO_DEPOSIT,
        refType: 'TEST',
        refId: house,
        at: t.clock.date(),
        legs: [
          { accountId: SYSTEM.external, asset: 'USDT', bucket: 'AVAILABLE', amount: '-160' },
          { accountId: house, asset: 'USDT', bucket: 'AVAILABLE', amount: '160' },
        ],
      }),
    );
    t.clock.advance(11 * 60_000);
    // The retry is queued once the first settlement's run ends: promoted until it has run.
    await until(async () => {
      await settleJobs();
      return (await realUsdt(users.b.userId)) === '50';
    }, 8000);
    expect(await realUsdt(users.a.userId)).toBe('100');
    expect(await realUsdt(house)).toBe('10');
    expect((await t.app.competitions.entry(users.a.userId, period.id))?.payout).toMatchObject({
      state: 'PAID',
    });
    await until(async () => (await results(users.b.userId)).length === 2, 5000);
    expect((await results(users.b.userId))[1]).toMatchObject({
      rank: 2,
      reward: { asset: 'USDT', amount: '50', paid: true },
    });
    // The winner's Real history lists the prize as a line of its own.
    const a = await freshSession(users.a.userId);
    const history = await t.app.inject({
      method: 'GET',
      url: '/v1/wallet/transactions',
      headers: { authorization: `Bearer ${a.token}`, 'runtime-mode': '0' },
    });
    expect(history.json<{ data: { result: unknown[] } }>().data.result).toEqual([
      expect.objectContaining({
        type: 'COMPETITION_REWARD',
        changes: [{ asset: 'USDT', amount: '100', fee: '0', networkFee: '0' }],
      }),
    ]);
    const flows = await t.app.db.ledgerEntry.findMany({
      where: { flowType: FlowType.COMPETITION_REWARD },
    });
    expect(flows).toHaveLength(4);

    // Settling again pays nothing twice.
    await t.app.competitions.settle(period.id);
    expect(await realUsdt(users.a.userId)).toBe('100');
    expect(
      await t.app.db.ledgerEntry.count({ where: { flowType: FlowType.COMPETITION_REWARD } }),
    ).toBe(4);
    await expectAuditClean();

    // Over: the Trial funds may be reset again.
    const b = await freshSession(users.b.userId);
    const reset = await t.app.inject({
      method: 'POST',
      url: '/v1/wallet/demo/reset',
      headers: trial(b.token),
    });
    expect(reset.json()).toMatchObject({ code: '200' });
  });

  it('an operator ends a repeating period early: settled now, its next one starts', async () => {
    const p = (await ops([
      'competition',
      'create',
      '--name',
      'Daily',
      '--end',
      '+1d',
      '--reward',
      '1:USDT:1',
      '--repeat-days',
      '1',
    ])) as CompetitionPeriod;
    const ended = (await ops(['competition', 'end', String(p.id)])) as CompetitionPeriod;
    expect(ended.status).toBe('SETTLED');
    const overview = (await api<CompetitionOverview>('GET', C.overview.path)).data;
    expect(overview.current).toMatchObject({
      name: 'Daily',
      status: 'LIVE',
      startsAt: ended.endsAt,
    });
    expect(overview.past[0]).toMatchObject({ id: p.id, status: 'SETTLED' });
    await expect(ops(['competition', 'end', String(p.id)])).rejects.toMatchObject({ code: 1302 });
  });
});

describe('a local installation', () => {
  it('runs a weekly period from its first start, and never a second one', async () => {
    await t.app.db.competitionEntry.deleteMany();
    await t.app.db.competitionPeriod.deleteMany();
    await t.app.competitions.ensureLocalPeriod();
    await t.app.competitions.ensureLocalPeriod();
    const periods = await t.app.competitions.list();
    expect(periods).toHaveLength(1);
    expect(periods[0]).toMatchObject({
      name: 'Weekly',
      status: 'LIVE',
      repeatDays: 7,
      minTrades: 1,
      rewards: LOCAL_PERIOD_REWARDS,
    });
    const p = periods[0] as CompetitionPeriod;
    expect(new Date(p.endsAt).getTime() - new Date(p.startsAt).getTime()).toBe(7 * 24 * HOUR);
  });
});
