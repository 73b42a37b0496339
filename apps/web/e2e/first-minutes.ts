import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { solvePuzzle } from './helpers';
import { MOBILE, newPage, openMenu, registerUser, shot, type ScenarioContext } from './scenarios';

/**
 * The first minutes of a new user (issue 14): what a newcomer sees and clicks before the first
 * trade. Each part checks one complaint of the issue that held on the earlier client.
 */

const PASSWORD = 'Str0ng#Pass';

async function logIn(
  ctx: ScenarioContext,
  page: Page,
  email: string,
  password: string,
): Promise<void> {
  await page.goto(`${ctx.baseUrl}/login`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await solvePuzzle(page, ctx.puzzles);
}

/**
 * Item 3: a wrong password shows the attempts and the lock rule (the 401 is not a forced logout).
 * Item 10: after another device logs in, the first one is told why, also after a reload.
 */
export async function loginErrorsAndLogoutReason(ctx: ScenarioContext): Promise<void> {
  const first = await newPage(ctx);
  const email = await registerUser(ctx, first.page, first.context);
  await first.page.goto(`${ctx.baseUrl}/market`);
  await openMenu(first.page, 'Account');
  await first.page.getByRole('button', { name: 'Log out' }).click();
  await first.page.waitForURL('**/login');

  await logIn(ctx, first.page, email, 'Wr0ng#Pass');
  const error = first.page.getByTestId('login-error');
  await error.waitFor({ timeout: 10_000 });
  assert.match(
    (await error.textContent()) ?? '',
    /incorrect e-mail or password, 1 of 5 attempts.*locked for 15 minutes/,
  );
  assert.match(first.page.url(), /\/login/, 'the page stays on the login form');
  await shot(ctx, first.page, 'login-wrong-password-dark-desktop');
  ctx.log('  a wrong password shows "1 of 5 attempts" and the lock rule');

  await first.page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await first.page.getByRole('button', { name: 'Log in' }).click();
  await solvePuzzle(first.page, ctx.puzzles);
  await first.page.getByRole('button', { name: 'Account' }).waitFor();

  // The same account logs in on another device: the first session ends with 4003.
  const second = await newPage(ctx);
  await logIn(ctx, second.page, email, PASSWORD);
  await second.page.getByRole('button', { name: 'Account' }).waitFor();
  await second.context.close();

  const elsewhere =
    'Your account is logged in on another device; change the password immediately if it was not you.';
  await first.page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await first.page
    .getByTestId('logout-reason')
    .filter({ hasText: elsewhere })
    .waitFor({ timeout: 15_000 });
  await first.page.reload();
  await first.page
    .getByTestId('logout-reason')
    .filter({ hasText: elsewhere })
    .waitFor({ timeout: 10_000 });
  await first.page.goto(`${ctx.baseUrl}/login`);
  await first.page
    .getByTestId('logout-reason')
    .filter({ hasText: elsewhere })
    .waitFor({ timeout: 10_000 });
  await shot(ctx, first.page, 'login-logged-in-elsewhere-dark-desktop');
  ctx.log(
    '  logged out by another device: the reason shows on the private page and the login page, after a reload too',
  );
  await first.context.close();
}

/**
 * Items 4, 5, 6 and 9: prices on the landing page and the markets, links from every pair to its
 * market, Spot Trade for a new user in Demo, the server's refusal with next steps in Real, and
 * the order book's own levels, spread and mid.
 */
export async function pathToTrade(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  // A visitor: Real mode, where the books have no trades yet: reference prices, marked as such.
  await page.goto(`${ctx.baseUrl}/`);
  const card = page.locator('.preview-card[data-code="BTC_USDT"]');
  await card.waitFor();
  const cardPrice = card.getByTestId('preview-price');
  await cardPrice.filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
  assert.ok(
    Number(((await cardPrice.textContent()) ?? '').replace(/,/g, '')) > 1000,
    'the BTC card shows a price',
  );
  assert.equal(
    await card.locator('.reference-tag').count(),
    1,
    'a price without trades is marked as a reference price',
  );
  assert.ok(
    (await page.locator('a[href^="/trade/spot/"]').count()) >= 6,
    'every landing card links to its market',
  );
  await shot(ctx, page, 'landing-prices-dark-desktop');

  await page.goto(`${ctx.baseUrl}/market`);
  const row = page.locator('tr[data-code="ETH_USDT"]');
  await row.getByTestId('last-price').filter({ hasText: /\d/ }).waitFor({ timeout: 15_000 });
  assert.equal(await row.getByTestId('last-price').getAttribute('data-reference'), 'true');
  const rows = await page.locator('tbody tr').count();
  assert.ok(
    rows > 0 && (await page.locator('tbody a[href^="/trade/spot/"]').count()) === rows,
    'every market row links to its market',
  );
  await row.locator('td.change').click();
  await page.waitForURL('**/trade/spot/ETH_USDT');
  ctx.log('  visitor: reference prices on / and /market; a click on a row opens its market');

  // A new user who chose to verify but is not verified yet: in Real mode the header has no Spot
  // Trade (the spec's label rule) and the order form says why it cannot trade, with next steps.
  const email = await registerUser(ctx, page, context);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await page.locator('header[data-mode="0"]').waitFor();
  const nav = page.getByRole('navigation', { name: 'Main' });
  assert.equal(
    await nav.getByRole('link', { name: 'Spot Trade', exact: true }).count(),
    0,
    'no Spot Trade label in Real without the permission',
  );
  // In Real mode the form is disabled until the review approves, with the reason and next steps.
  const form = page.locator('.order-form');
  assert.ok(await form.getByLabel('Price').isDisabled(), 'the Real-mode form is disabled');
  assert.ok(await form.getByRole('button', { name: 'Buy BTC' }).isDisabled());
  const refusal = form.locator('[data-code="7001"]');
  await refusal.waitFor({ timeout: 10_000 });
  assert.equal((await refusal.textContent())?.trim(), 'Insufficient KYC level permissions.');
  assert.equal(await form.getByText('Insufficient balance', { exact: false }).count(), 0);
  await form.getByRole('link', { name: 'Verify identity' }).waitFor();
  await shot(ctx, page, 'trade-real-unverified-dark-desktop');
  await form.getByRole('button', { name: 'Practise in Demo' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  await nav.getByRole('link', { name: 'Spot Trade', exact: true }).waitFor({ timeout: 10_000 });
  ctx.log(
    `  ${email}: a disabled form with 7001, "Verify identity" and "Practise in Demo" in Real; Spot Trade in the header in Demo`,
  );

  // Demo: a bid below the market is marked in the book; the spread and the mid are shown.
  const bids = page.getByRole('list', { name: 'Buy orders' });
  await bids.locator('li').first().waitFor({ timeout: 20_000 });
  await page
    .locator('[data-testid="available-quote"]')
    .filter({ hasNotText: /^(-|0\.00)$/ })
    .waitFor({ timeout: 15_000 });
  await page.getByTestId('book-spread').waitFor({ timeout: 10_000 });
  const mid = Number(((await page.getByTestId('book-mid').textContent()) ?? '').replace(/,/g, ''));
  assert.ok(mid > 0, 'the book shows its mid price');
  // A bid at the middle of the levels shown: at the lowest shown, a rise of one level (a few
  // hundredths of a percent in the market makers' walk) took it off the screen before it showed
  // (a run saw 94,795.68 placed and 94,914.40 as the lowest shown); at the best, the walk fills it.
  const shown = await bids.locator('li').count();
  const bidPrice =
    (await bids
      .locator('li')
      .nth(Math.floor(shown / 2))
      .getAttribute('data-price')) ?? '';
  assert.ok(Number(bidPrice) > 0, 'the book has bids');
  await form.getByRole('tab', { name: 'Limit', exact: true }).click();
  await form.getByLabel('Price').fill(bidPrice);
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await page.getByText('Order placed.').waitFor({ timeout: 10_000 });
  const own = bids.locator('li[data-own="true"]');
  await own.first().waitFor({ timeout: 10_000 });
  assert.equal(
    await own.first().getAttribute('data-price'),
    bidPrice,
    'the level of my bid is marked',
  );
  await shot(ctx, page, 'trade-own-level-dark-desktop');
  ctx.log(`  Demo: my bid at ${bidPrice} is marked in the book; mid ${mid}`);

  // The open order links its pair to the market, like every other place a pair is shown.
  await page.goto(`${ctx.baseUrl}/accountCenter/orders`);
  await page
    .locator('.account-page a[href^="/trade/spot/BTC_USDT"]')
    .first()
    .waitFor({ timeout: 10_000 });
  await page.setViewportSize(MOBILE);
  await page.goto(`${ctx.baseUrl}/`);
  await page.locator('.preview-card').first().waitFor();
  await shot(ctx, page, 'landing-prices-dark-375');
  await context.close();
}
