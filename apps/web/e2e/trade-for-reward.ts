import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import type { Operator } from './fixtures';
import { noSidewaysScroll, waitUntil } from './helpers';
import {
  DESKTOP,
  MOBILE,
  newPage,
  openMenu,
  registerUser,
  shot,
  type ScenarioContext,
} from './scenarios';
import { placed } from './trading';
import { DATABASE_URL } from './run-env';

/** The answer of `ops competition create|end` (contracts competition.ts, competitionPeriod). */
interface Period {
  id: number;
  name: string;
  status: string;
  minTrades: number;
  rewards: { fromRank: number; toRank: number; asset: string; amount: string }[];
}

const REWARDS_ACCOUNT = 'competition-rewards@exchange.local';

/** The page of one period (another scenario's period may be the one the page shows first). */
const periodUrl = (ctx: ScenarioContext, id: number, query = '') =>
  `${ctx.baseUrl}/trade-for-reward?period=${id}${query ? `&${query}` : ''}`;

/** The rewards account's Real USDT, read from the run's database. */
function rewardsBalance(): number {
  const run = spawnSync(
    'psql',
    [
      DATABASE_URL,
      '-tAc',
      `SELECT COALESCE(SUM(b.available), 0) FROM balance b JOIN app_user u ON u.id::text = b."accountId"
       WHERE u.email = '${REWARDS_ACCOUNT}' AND b.mode = 0 AND b.asset = 'USDT'`,
    ],
    { encoding: 'utf8' },
  );
  return Number(run.stdout.trim() || '0');
}

async function myRank(page: Page): Promise<string> {
  return ((await page.getByTestId('tfr-my-rank').textContent()) ?? '').trim();
}

/**
 * Trade for Reward, the Trial mode as a competition: the operator opens a period (1st place
 * earns 100 USDT, one trade to be ranked); a new user switches to Trade for Reward through the
 * mode menu, opens the page from the header's link, reads the rules, joins, makes a market buy
 * on BTC/USDT in Trial and comes back ranked. The operator ends the period: the user finds the
 * COMPETITION_RESULT notice in the bell and the message centre, which links to the final board.
 * Other entrants may exist (scenarios run side by side), so only the user's own standing is
 * checked, never the global ranks. Screenshots: dark desktop, light, 375 px, zh-CN, ar, de.
 */
export async function tradeForRewardJourney(
  ctx: ScenarioContext,
  { ops }: Operator,
): Promise<void> {
  const name = `E2E ${Date.now().toString(36)}`;
  const created = (await ops([
    'competition',
    'create',
    '--name',
    name,
    '--start',
    'now',
    '--end',
    '+2h',
    '--reward',
    '1:USDT:100',
    '--min-trades',
    '1',
  ])) as Period;
  assert.equal(created.name, name);
  assert.equal(created.status, 'LIVE', 'a period starting now is live');
  assert.equal(created.minTrades, 1);
  const id = created.id;
  ctx.log(`  period ${id} "${name}" created, live for 2 hours`);
  // Rewards are paid from the house rewards account: fund it now, its deposit confirms while the
  // user trades. Without it (no faucet in this run) a reward waits: the notice says so.
  const funded = await ops(['house', 'fund', REWARDS_ACCOUNT, 'USDT', 'TRX', '1000']).then(
    () => true,
    (err: unknown) => {
      ctx.log(`  the rewards account was not funded: ${String(err)}`);
      return false;
    },
  );

  const { context, page } = await newPage(ctx);
  await registerUser(ctx, page, context);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);

  // The mode menu: Trade for Reward, with a link to its rules and leaderboard under it.
  await openMenu(page, 'Trading mode');
  const rulesLink = page.getByRole('link', { name: 'Rules and leaderboard' });
  await rulesLink.waitFor();
  assert.equal(await rulesLink.getAttribute('href'), '/trade-for-reward');
  const nav = page.locator('#main-nav');
  assert.equal(
    await nav.getByRole('link', { name: 'Trade for Reward', exact: true }).count(),
    0,
    'no Trade for Reward link in the header outside the Trial mode',
  );
  await page.getByRole('button', { name: 'Trade for Reward', exact: true }).click();
  await page.locator('header[data-mode="2"]').waitFor();

  // The header's link opens the page.
  await nav.getByRole('link', { name: 'Trade for Reward', exact: true }).click();
  await page.waitForURL('**/trade-for-reward');
  await page.getByRole('heading', { level: 1, name: 'Trade for Reward' }).waitFor();
  const card = page.getByTestId('tfr-period');
  await card.waitFor();
  if ((await card.getAttribute('data-period-id')) !== String(id)) {
    ctx.log('  another period is featured: opening ours by its id');
    await page.goto(periodUrl(ctx, id));
  }
  await page.locator(`[data-testid="tfr-period"][data-period-id="${id}"]`).waitFor();
  await card.getByRole('heading', { name }).waitFor();
  assert.match(
    (await card.getByTestId('tfr-countdown').textContent()) ?? '',
    /^Ends in 0[01]:[0-5]\d:[0-5]\d$/,
    'the countdown runs to the end, 2 hours on',
  );

  // The rules.
  await card.getByRole('link', { name: 'Read the rules' }).click();
  const rules = page.getByRole('region', { name: 'Rules' });
  await rules.waitFor();
  await rules.getByText('An entry is ranked once it has made 1 trade during the period.').waitFor();
  await rules.getByText('Your Trade for Reward funds cannot be reset while you compete.').waitFor();
  await rules
    .getByText(/^Every entrant starts from the same Trade for Reward funds: .+\.$/)
    .waitFor();
  const rewards = rules.getByRole('table', { name: 'Rewards' });
  assert.deepEqual(
    (await rewards.locator('tbody tr').first().locator('td').allTextContents()).map((s) =>
      s.trim(),
    ),
    ['1', '100 USDT'],
  );
  await shot(ctx, page, 'trade-for-reward-rules-dark-desktop');

  // Join.
  await page.evaluate(() => window.scrollTo(0, 0));
  await card.getByRole('button', { name: 'Join' }).click();
  const standing = page.getByTestId('tfr-standing');
  await standing.waitFor({ timeout: 15_000 });
  assert.equal(await myRank(page), 'Not ranked yet: 1 more trade needed');
  assert.equal(await card.getByRole('button', { name: 'Join' }).count(), 0, 'joined once');
  await shot(ctx, page, 'trade-for-reward-joined-dark-desktop');

  // Trade now: Trial spot trading, a market buy against the market makers.
  await standing.getByRole('button', { name: 'Trade now' }).click();
  await page.waitForURL('**/trade/spot**');
  await page.locator('header[data-mode="2"]').waitFor();
  if (!page.url().endsWith('/trade/spot/BTC_USDT'))
    await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await page
    .getByRole('list', { name: 'Sell orders' })
    .locator('li')
    .first()
    .waitFor({ timeout: 20_000 });
  await page
    .locator('[data-testid="available-quote"]')
    .filter({ hasNotText: /^(-|0\.00)$/ })
    .waitFor({ timeout: 15_000 });
  const form = page.locator('.order-form');
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Total', { exact: true }).fill('500');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'trade-for-reward-market-buy');

  // Back on the page: ranked now (the standing is read again every 15 s).
  await page
    .locator('#main-nav')
    .getByRole('link', { name: 'Trade for Reward', exact: true })
    .click();
  await page.waitForURL('**/trade-for-reward');
  await page.goto(periodUrl(ctx, id));
  const rank = await waitUntil(
    'a rank after the trade',
    () => myRank(page).catch(() => ''),
    (r) => /^#\d+$/.test(r),
    60_000,
  );
  const trades = Number(await page.getByTestId('tfr-my-trades').textContent());
  assert.ok(trades >= 1, `the trade counts (${trades})`);
  // The user's own line of the leaderboard is marked; the others show masked UIDs only.
  const board = page.getByRole('table', { name: 'Leaderboard' });
  const mine = board.locator('tr.tfr-row--me');
  await mine.waitFor({ timeout: 20_000 });
  assert.equal(`#${((await mine.locator('td').first().textContent()) ?? '').trim()}`, rank);
  for (const trader of await board.locator('tbody td.tfr-trader').allTextContents())
    assert.match(trader, /^\d{2}\*+\d{2}/, `a masked trader: ${trader}`);
  ctx.log(`  ranked ${rank} after ${trades} trade(s)`);
  await shot(ctx, page, 'trade-for-reward-ranked-dark-desktop');

  // Light, phone, and three languages (Arabic right to left).
  for (const [lang, theme, size, title] of [
    ['en', 'light', DESKTOP, 'Trade for Reward'],
    ['en', 'dark', MOBILE, 'Trade for Reward'],
    ['zh-CN', 'light', DESKTOP, '体验赢奖励'],
    ['ar', 'dark', MOBILE, 'تداول مقابل مكافأة'],
    ['de', 'light', DESKTOP, 'Handeln für Prämien'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(periodUrl(ctx, id, `lang=${lang}&theme=${theme}`));
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    if (lang === 'ar') await page.waitForFunction(() => document.documentElement.dir === 'rtl');
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.getByTestId('tfr-standing').waitFor();
    await page.locator('.tfr-table tbody tr').first().waitFor({ timeout: 20_000 });
    await noSidewaysScroll(page, `Trade for Reward in ${lang} at ${size.width} px`);
    await shot(ctx, page, `trade-for-reward-${lang.toLowerCase()}-${theme}-${size.width}`);
  }
  await page.setViewportSize(DESKTOP);
  await page.goto(periodUrl(ctx, id, 'lang=en&theme=dark'));
  await page.waitForFunction(() => document.documentElement.lang === 'en');
  await page.getByTestId('tfr-standing').waitFor();
  const finalRank = await myRank(page);

  // The funding's deposit is credited after its confirmations: then the prize can be paid.
  if (funded)
    await waitUntil(
      'the rewards account credited',
      async () => rewardsBalance(),
      (usdt) => usdt >= 100,
      60_000,
    );
  // The operator ends the period: it settles at once.
  const ended = (await ops(['competition', 'end', String(id)])) as Period;
  assert.equal(ended.status, 'SETTLED');
  ctx.log(`  period ${id} ended and settled (the user stood ${finalRank})`);

  // The notice arrives: in the bell, then opened in the message centre.
  const result = /^Trade for Reward .+ has ended: you placed #(\d+) with a return of -?[\d.]+ %/;
  const bell = page.getByRole('button', { name: /^Notifications/ }).first();
  const menu = page.locator('.notification-menu');
  const item = menu
    .locator('.notification-menu__item')
    .filter({ hasText: 'Trade for Reward results' })
    .first();
  await waitUntil(
    'the Trade for Reward notice in the bell',
    async () => {
      if ((await menu.count()) === 0) {
        await bell.click();
        await menu.waitFor();
        await page.waitForTimeout(500); // the list is read again as the menu opens
      }
      const n = await item.count();
      if (n === 0) await bell.click(); // closed: opening it again reads the list again
      return n;
    },
    (n) => n > 0,
    30_000,
  );
  const bellBody = (await item.locator('.notification-menu__body').textContent()) ?? '';
  assert.match(bellBody, result);
  await shot(ctx, page, 'trade-for-reward-notice-bell-dark-desktop');
  await item.click();
  await page.waitForURL('**/MessageCenter?id=*');
  const detail = page.getByTestId('notification-detail');
  await detail.getByRole('heading', { name: 'Trade for Reward results' }).waitFor();
  const body = ((await detail.locator('.message-detail__body').textContent()) ?? '').trim();
  const placedRank = Number(result.exec(body)?.[1]);
  assert.ok(body.includes(name), `the notice names the period: ${body}`);
  if (placedRank === 1) {
    // The first place earns 100 USDT: paid, or waiting for the rewards account's funds.
    assert.match(
      body,
      /(100 USDT is in your Real wallet\.|your reward of 100 USDT will be paid into your Real wallet shortly\.)$/,
    );
    assert.match(
      body,
      funded
        ? /100 USDT is in your Real wallet\.$/
        : /will be paid into your Real wallet shortly\.$/,
    );
  } else {
    assert.match(body, /with a return of -?[\d.]+ %\.$/, 'a rank without reward says no more');
  }
  ctx.log(`  notice: ${body}`);
  await shot(ctx, page, 'trade-for-reward-notice-detail-dark-desktop');

  // The notice links to the period's final leaderboard.
  await detail.getByRole('link', { name: 'See the leaderboard' }).click();
  await page.waitForURL(`**/trade-for-reward?period=${id}`);
  const finalCard = page.locator(`[data-testid="tfr-period"][data-period-id="${id}"]`);
  await finalCard.getByText('Ended', { exact: true }).waitFor({ timeout: 15_000 });
  await page.getByText(/^Final standings/).waitFor();
  assert.equal(await myRank(page), `#${placedRank}`);
  await shot(ctx, page, 'trade-for-reward-final-dark-desktop');
  await context.close();
}
