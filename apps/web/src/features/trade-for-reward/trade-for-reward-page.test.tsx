import {
  COMPETITION_PATHS,
  ErrorCode,
  fillPath,
  type CompetitionBoard,
  type CompetitionEntry,
  type CompetitionOverview,
  type CompetitionPeriod,
  type CompetitionStanding,
  type Notification,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../app/i18n';
import { notificationText } from '../../lib/notification-text';
import { startSession } from '../../lib/session';
import { settingsStore, updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { fail, ok, renderApp, resetApp } from '../../test/render';

const user = makeUser({ uid: '10000099' });
beforeEach(resetApp);
afterEach(cleanup);

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** 2 days, 4 h 13 min 9.5 s from now: the countdown reads "2d 04:13:09" (or :08 a moment on). */
const IN_2D_4H = 2 * DAY + 4 * HOUR + 13 * 60_000 + 9_500;

const period = (over: Partial<CompetitionPeriod> = {}): CompetitionPeriod => ({
  id: 7,
  name: 'Week 12',
  startsAt: new Date(Date.now() - DAY).toISOString(),
  endsAt: new Date(Date.now() + IN_2D_4H).toISOString(),
  status: 'LIVE',
  minTrades: 3,
  rewards: [
    { fromRank: 1, toRank: 1, asset: 'USDT', amount: '500' },
    { fromRank: 2, toRank: 3, asset: 'USDT', amount: '200' },
    { fromRank: 4, toRank: 10, asset: 'USDT', amount: '20' },
  ],
  startingFunds: { USDT: '10000', BTC: '0.1' },
  repeatDays: null,
  entrants: 12,
  ...over,
});

const standing = (over: Partial<CompetitionStanding> = {}): CompetitionStanding => ({
  rank: 1,
  trader: '10****42',
  returnPct: '12.34',
  equityUsd: '11234.00',
  trades: 8,
  reward: { asset: 'USDT', amount: '500' },
  ...over,
});

const board = (p: CompetitionPeriod, standings: CompetitionStanding[]): CompetitionBoard => ({
  period: p,
  standings,
  valuedAt: new Date().toISOString(),
});

const overview = (over: Partial<CompetitionOverview> = {}): CompetitionOverview => ({
  current: period(),
  next: null,
  past: [],
  ...over,
});

const boardPath = (id: number) => fillPath(COMPETITION_PATHS.board, { id });
const entryPath = (id: number) => fillPath(COMPETITION_PATHS.mine, { id });

const liveBoard = board(period(), [
  standing(),
  standing({
    rank: 2,
    trader: '10****07',
    returnPct: '-3.10',
    equityUsd: '9690.00',
    trades: 4,
    reward: { asset: 'USDT', amount: '200' },
  }),
]);

const base = {
  '/v1/user/profile': ok(user),
  [COMPETITION_PATHS.overview]: ok(overview()),
  [boardPath(7)]: ok(liveBoard),
};

const myEntry = (over: Partial<CompetitionStanding> = {}): CompetitionEntry => ({
  periodId: 7,
  joinedAt: new Date().toISOString(),
  standing: standing({
    rank: null,
    trader: '10****99',
    returnPct: '0.00',
    equityUsd: '10000.00',
    trades: 1,
    reward: null,
    ...over,
  }),
  payout: null,
});

type Answer = ReturnType<typeof ok>;
const answer = (fn: (url: URL, init?: RequestInit) => Answer) => fn as unknown as Answer;

const returnOf = (row: HTMLElement) => within(row).getByTestId('tfr-return');

describe('/trade-for-reward', () => {
  it('shows a visitor the running period, its countdown, rules, rewards and the leaderboard, and a login to join', async () => {
    const { fetch } = renderApp('/trade-for-reward', base);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Trade for Reward' }),
    ).toBeDefined();
    const card = await screen.findByTestId('tfr-period');
    expect(within(card).getByRole('heading', { name: 'Week 12' })).toBeDefined();
    expect(within(card).getByText('Live')).toBeDefined();
    expect(within(card).getByTestId('tfr-countdown').textContent).toMatch(
      /^Ends in 2d 04:13:0[89]$/,
    );
    expect(within(card).getByTestId('tfr-entrants').textContent).toBe('12');

    // The leaderboard: ranks, masked traders, the return's sign as its colour, rewards.
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['1', '10****42', '+12.34%', '11,234.00', '8', '500 USDT']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['2', '10****07', '-3.10%', '9,690.00', '4', '200 USDT']);
    expect(returnOf(rows[0]!).className).toContain('tfr-return--green');
    expect(returnOf(rows[1]!).className).toContain('tfr-return--red');

    // The rules, with the period's own figures.
    const rules = screen.getByRole('region', { name: 'Rules' });
    expect(
      within(rules).getByText(
        'Every entrant starts from the same Trade for Reward funds: 10,000 USDT, 0.1 BTC.',
      ),
    ).toBeDefined();
    expect(
      within(rules).getByText('An entry is ranked once it has made 3 trades during the period.'),
    ).toBeDefined();
    expect(
      within(rules).getByText('Your Trade for Reward funds cannot be reset while you compete.'),
    ).toBeDefined();
    const rewards = within(rules).getByRole('table', { name: 'Rewards' });
    expect(
      within(rewards)
        .getAllByRole('row')
        .slice(1)
        .map((r) => r.textContent),
    ).toEqual(['1500 USDT', '2–3200 USDT', '4–1020 USDT']);

    // A visitor logs in to join, and comes back here; nobody asks for a visitor's entry.
    expect(within(card).queryByRole('button', { name: 'Join' })).toBeNull();
    const login = within(card).getByRole('link', { name: 'Log in to join' });
    expect(login.getAttribute('href')).toBe('/login?redirect_path=%2Ftrade-for-reward');
    expect(fetch.mock.calls.some(([url]) => url.includes('/entry'))).toBe(false);
  });

  it('colours returns the other way round under the redUp setting', async () => {
    updateSettings({ redUp: true });
    renderApp('/trade-for-reward', base);
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(returnOf(rows[0]!).className).toContain('tfr-return--red');
    expect(returnOf(rows[1]!).className).toContain('tfr-return--green');
  });

  it('a signed-in user joins: the entry card shows the trades still needed, and Trade now goes to Trial spot trading', async () => {
    startSession({ user });
    const posted: unknown[] = [];
    const { router } = renderApp('/trade-for-reward', {
      ...base,
      // Reading the entry (GET) and joining (POST) share one path.
      [entryPath(7)]: answer((_u, init) => {
        if (init?.method !== 'POST') return ok({ entry: null });
        posted.push(JSON.parse(typeof init.body === 'string' ? init.body : 'null'));
        return ok(myEntry());
      }),
    });
    const card = await screen.findByTestId('tfr-period');
    expect(screen.queryByTestId('tfr-standing')).toBeNull();
    expect(within(card).queryByRole('link', { name: 'Log in to join' })).toBeNull();
    fireEvent.click(await within(card).findByRole('button', { name: 'Join' }));
    await waitFor(() => expect(posted).toEqual([{}]));

    const mine = await screen.findByTestId('tfr-standing');
    expect(within(mine).getByRole('heading', { name: 'Your standing' })).toBeDefined();
    // minTrades 3, one trade made.
    expect(within(mine).getByTestId('tfr-my-rank').textContent).toBe(
      'Not ranked yet: 2 more trades needed',
    );
    expect(within(mine).getByTestId('tfr-my-trades').textContent).toBe('1');
    expect(within(mine).getByTestId('tfr-my-equity').textContent).toBe('10,000.00');
    expect(within(card).queryByRole('button', { name: 'Join' })).toBeNull();
    expect(await screen.findByText('You joined Week 12.')).toBeDefined();

    expect(settingsStore.get().runtimeMode).toBe(0);
    fireEvent.click(within(mine).getByRole('button', { name: 'Trade now' }));
    expect(settingsStore.get().runtimeMode).toBe(2);
    expect(router.state.location.pathname).toBe('/trade/spot');
  });

  it('shows a ranked entry with the reward its rank earns, and marks its row', async () => {
    startSession({ user });
    const ranked: CompetitionEntry = {
      ...myEntry(),
      standing: standing({ rank: 2, trader: '10****99', returnPct: '4.50', trades: 5 }),
    };
    renderApp('/trade-for-reward', {
      ...base,
      [boardPath(7)]: ok(
        board(period(), [standing(), standing({ ...ranked.standing, reward: null })]),
      ),
      [entryPath(7)]: ok({ entry: ranked }),
    });
    const mine = await screen.findByTestId('tfr-standing');
    expect(within(mine).getByTestId('tfr-my-rank').textContent).toBe('#2');
    expect(within(mine).getByTestId('tfr-my-reward').textContent).toMatch(/^500 USDT/);
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows[0]!.className).not.toContain('tfr-row--me');
    expect(rows[1]!.className).toContain('tfr-row--me');
    expect(within(rows[1]!).getByText('You')).toBeDefined();
  });

  it('shows why joining was refused (3042: open Trial orders)', async () => {
    startSession({ user });
    const message = ErrorCode.COMPETITION_ORDERS_OPEN.message;
    renderApp('/trade-for-reward', {
      ...base,
      [entryPath(7)]: answer((_u, init) =>
        init?.method === 'POST' ? fail('3042', message) : ok({ entry: null }),
      ),
    });
    const card = await screen.findByTestId('tfr-period');
    fireEvent.click(await within(card).findByRole('button', { name: 'Join' }));
    const alert = await within(card).findByRole('alert');
    expect(alert.textContent).toBe(message);
    expect(message).toMatch(/^Cancel your open Trade for Reward orders first/);
    expect(screen.queryByTestId('tfr-standing')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Join' })).toBeDefined();
  });

  it('says so when no period runs, and counts down to the next one', async () => {
    renderApp('/trade-for-reward', {
      ...base,
      [COMPETITION_PATHS.overview]: ok(overview({ current: null })),
    });
    expect(
      await screen.findByText(
        'No Trade for Reward period is running. The next one will be announced here.',
      ),
    ).toBeDefined();
    expect(screen.queryByRole('table', { name: 'Leaderboard' })).toBeNull();
    cleanup();
    resetApp();

    const next = period({
      id: 8,
      name: 'Week 13',
      status: 'SCHEDULED',
      startsAt: new Date(Date.now() + DAY + 30_500).toISOString(),
      endsAt: new Date(Date.now() + 8 * DAY).toISOString(),
      entrants: 0,
    });
    renderApp('/trade-for-reward', {
      ...base,
      [COMPETITION_PATHS.overview]: ok(overview({ current: null, next })),
      [boardPath(8)]: ok(board(next, [])),
    });
    const card = await screen.findByTestId('tfr-period');
    expect(within(card).getByTestId('tfr-countdown').textContent).toMatch(
      /^Starts in 1d 00:00:(30|29)$/,
    );
    expect(within(card).getByText('Entries open when the period starts.')).toBeDefined();
    expect(within(card).queryByRole('link', { name: 'Log in to join' })).toBeNull();
    expect(await screen.findByText('Nobody is ranked yet.')).toBeDefined();
  });

  it('lists the past periods; choosing one shows its final leaderboard', async () => {
    const settled = period({
      id: 5,
      name: 'Week 11',
      status: 'SETTLED',
      startsAt: '2026-03-02T00:00:00.000Z',
      endsAt: '2026-03-09T00:00:00.000Z',
      entrants: 30,
    });
    renderApp('/trade-for-reward', {
      ...base,
      [COMPETITION_PATHS.overview]: ok(overview({ past: [settled] })),
      [boardPath(5)]: ok({
        ...board(settled, [standing({ trader: '10****55', returnPct: '40.00' })]),
        valuedAt: settled.endsAt,
      }),
    });
    const past = await screen.findByRole('region', { name: 'Past periods' });
    const link = within(past).getByRole('link', { name: /Week 11/ });
    expect(link.textContent).toContain('Mar 2, 2026 – Mar 9, 2026');
    fireEvent.click(link);
    const card = await screen.findByTestId('tfr-period');
    await waitFor(() => expect(card.getAttribute('data-period-id')).toBe('5'));
    expect(within(card).getByText('Ended')).toBeDefined();
    const table = await screen.findByRole('table', { name: 'Leaderboard' });
    expect(within(table).getByText('10****55')).toBeDefined();
    expect(within(table).queryByText('10****42')).toBeNull();
    expect(screen.getByText(/^Final standings/)).toBeDefined();
    expect(screen.getByRole('link', { name: /Back to the current period/ })).toBeDefined();
  });

  it('the header links to Trade for Reward only in the Trial mode; the mode menu links to its rules', async () => {
    startSession({ user });
    renderApp('/trade-for-reward', { ...base, [entryPath(7)]: ok({ entry: null }) });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await screen.findByTestId('tfr-period');
    expect(within(nav).queryByRole('link', { name: 'Trade for Reward' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Trading mode' }));
    const rules = screen.getByRole('link', { name: 'Rules and leaderboard' });
    expect(rules.getAttribute('href')).toBe('/trade-for-reward');
    fireEvent.click(screen.getByRole('button', { name: 'Trade for Reward' }));
    const link = await within(nav).findByRole('link', { name: 'Trade for Reward' });
    expect(link.getAttribute('href')).toBe('/trade-for-reward');

    fireEvent.click(screen.getByRole('button', { name: 'Trading mode' }));
    fireEvent.click(screen.getByRole('button', { name: 'Demo Trading' }));
    await waitFor(() =>
      expect(within(nav).queryByRole('link', { name: 'Trade for Reward' })).toBeNull(),
    );
  });
});

describe('COMPETITION_RESULT notices', () => {
  const notice = (reward: { asset: string; amount: string; paid: boolean } | null) =>
    ({
      id: 'n-1',
      read: false,
      createdAt: '2026-03-09T00:00:05.000Z',
      type: 'COMPETITION_RESULT',
      params: { periodId: 5, name: 'Week 11', rank: 1, returnPct: '40.00', reward },
    }) as Notification;

  it('tells a paid reward, a reward still to pay, and a rank without reward apart', () => {
    const t = i18n.t.bind(i18n);
    expect(notificationText(t, notice({ asset: 'USDT', amount: '100', paid: true }), 'en')).toEqual(
      {
        title: 'Trade for Reward results',
        body: 'Trade for Reward Week 11 has ended: you placed #1 with a return of 40.00 % and 100 USDT is in your Real wallet.',
      },
    );
    expect(
      notificationText(t, notice({ asset: 'USDT', amount: '100', paid: false }), 'en').body,
    ).toBe(
      'Trade for Reward Week 11 has ended: you placed #1 with a return of 40.00 % and your reward of 100 USDT will be paid into your Real wallet shortly.',
    );
    expect(notificationText(t, notice(null), 'en').body).toBe(
      'Trade for Reward Week 11 has ended: you placed #1 with a return of 40.00 %.',
    );
  });

  it('links the notice in the message centre to its period', async () => {
    startSession({ user });
    renderApp('/MessageCenter?id=n-1', {
      '/v1/user/profile': ok(user),
      '/v1/notification/detail/n-1': ok(notice(null)),
    });
    const open = await screen.findByRole('link', { name: 'See the leaderboard' });
    expect(open.getAttribute('href')).toBe('/trade-for-reward?period=5');
  });
});
