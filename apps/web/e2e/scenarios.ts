import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { DESKTOP, MOBILE } from './browser';
import { noSidewaysScroll, readEmailCode, solvePuzzle, type PuzzleReader } from './helpers';

export interface ScenarioContext {
  browser: Browser;
  baseUrl: string;
  shotsDir: string;
  puzzles: PuzzleReader;
  log: (line: string) => void;
}

const PASSWORD = 'Str0ng#Pass';
export { DESKTOP, MOBILE } from './browser';

/** An address no other scenario uses, even one running at the same millisecond. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${randomBytes(3).toString('hex')}@example.com`;
}

export async function shot(ctx: ScenarioContext, page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // Let transitions and fonts settle.
  await page.screenshot({ path: path.join(ctx.shotsDir, `${name}.png`), fullPage: true });
}

export async function newPage(
  ctx: ScenarioContext,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (err) => ctx.log(`  page error: ${err.message}`));
  return { context, page };
}

export async function openMenu(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

/** Register with the e-mailed code and the puzzle, choose the account type, log out and in. */
export async function accountJourney(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  const email = uniqueEmail('e2e');

  await page.goto(`${ctx.baseUrl}/login?type=register`);
  await page.getByRole('heading', { name: 'Create your account' }).waitFor();
  await shot(ctx, page, 'register-dark');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await page.getByRole('dialog', { name: 'Security check' }).waitFor();
  await page.locator('.puzzle[data-puzzle-id]').waitFor();
  await shot(ctx, page, 'puzzle-dark');
  await solvePuzzle(page, ctx.puzzles);
  await page.getByText(`A code was sent to ${email}.`).waitFor();
  const code = await readEmailCode(ctx.baseUrl, email);
  ctx.log(`  registered ${email} with code ${code}`);
  await page.getByLabel('E-mail verification code').fill(code);
  // The terms: asked for before anything is sent; their links open the exchange's own pages.
  await page.getByLabel('Password', { exact: true }).fill('Password1!');
  await page.getByLabel('Confirm password').fill('Password1!');
  await page.getByRole('button', { name: 'Create account' }).click();
  await page
    .getByText('Agree to the Terms of Service and the Privacy Policy to create your account.')
    .waitFor();
  const termsTab = context.waitForEvent('page');
  await page.getByRole('link', { name: 'Terms of Service' }).click();
  const terms = await termsTab;
  await terms.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
  assert.equal(new URL(terms.url()).pathname, '/legal/service-terms');
  await terms.getByText('Version 1, published').waitFor();
  await shot(ctx, terms, 'legal-terms-dark');
  await terms.close();
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await shot(ctx, page, 'register-agreed-dark');
  ctx.log('  the terms were asked for, opened on their own page, and agreed to');
  // A leaked password is refused by the server and explained under the field; the code survives.
  await page.getByRole('button', { name: 'Create account' }).click();
  await page
    .locator('.field__error', {
      hasText: 'This password is on a list of common or leaked passwords',
    })
    .waitFor();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login/registerSuccess');

  const chooser = page.getByRole('dialog', { name: 'Select your account type' });
  await chooser.waitFor();
  await shot(ctx, page, 'account-type-dark');
  await chooser.getByRole('button', { name: /Verify my identity/ }).click();
  await page
    .getByRole('dialog', { name: 'Verify your identity?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const popup = context.waitForEvent('page');
  await page
    .getByRole('dialog', { name: 'Please confirm once more' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const identity = await popup;
  await identity.waitForLoadState();
  assert.match(identity.url(), /\/accountCenter\/identity$/);
  await identity.close();
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // Log out from the account menu, then back in with the puzzle: same user, so home is /.
  await page.goto(`${ctx.baseUrl}/market`);
  await openMenu(page, 'Account');
  await page.getByRole('button', { name: 'Log out' }).click();
  await page.waitForURL('**/login');
  // A logout the user chose says nothing of a session that ended, even after the requests that
  // were in flight got their 401.
  await page.waitForTimeout(1_000);
  assert.equal(await page.getByTestId('logout-reason').count(), 0, 'no forced-end notice');
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in' }).click();
  await solvePuzzle(page, ctx.puzzles);
  await page.waitForURL((url) => url.pathname === '/');
  await page.getByRole('button', { name: 'Account' }).waitFor();
  ctx.log('  logged out and in again');

  // Settings: theme, runtime mode, language.
  await page.goto(`${ctx.baseUrl}/market`);
  await page.getByRole('table').waitFor();
  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  await page.getByRole('table').waitFor();
  await shot(ctx, page, 'markets-demo-light');
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Trade for Reward' }).click();
  await page.locator('header[data-mode="2"]').waitFor();
  await shot(ctx, page, 'markets-trial-light');
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Real' }).click();
  await page.locator('header[data-mode="0"]').waitFor();

  await openMenu(page, 'Language');
  await page.getByRole('button', { name: '简体中文' }).click();
  await page.waitForFunction(() => document.documentElement.lang === 'zh-CN');
  await page.getByRole('link', { name: '行情' }).first().waitFor();
  await shot(ctx, page, 'markets-zh-cn-light');
  await page.goto(`${ctx.baseUrl}/?lang=ar`);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await shot(ctx, page, 'landing-ar-light');
  await openMenu(page, 'اللغة');
  await page.getByRole('button', { name: 'English' }).click();
  await page.waitForFunction(
    () => document.documentElement.lang === 'en' && !location.search.includes('lang='),
  );
  ctx.log('  switched theme, runtime mode and language');
  await context.close();
}

/** Live prices arrive over the socket: ticker pushes move the price in the markets list. */
export async function livePrices(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  await page.goto(`${ctx.baseUrl}/market`);
  await page.getByRole('table').waitFor();
  assert.ok((await page.locator('tbody tr').count()) > 0, 'the markets list shows catalogue rows');
  const live = await page
    .locator('.live-dot--on')
    .waitFor({ timeout: 10_000 })
    .then(() => true)
    .catch(() => false);
  if (!live) {
    ctx.log('  the socket did not connect: the list shows catalogue data without live prices');
    await context.close();
    return;
  }
  const price = page.locator('tr[data-code="BTC_USDT"] [data-testid="last-price"]');
  const seen: string[] = [];
  for (const [last, change] of [
    ['64250.5', '1.25'],
    ['64311.75', '1.34'],
    ['64190.25', '-0.42'],
  ] as const) {
    // The gateway subscribes to the fan-out topic a moment after the client's subscribe: publish
    // until the push arrives.
    const expected = Number(last.split('.')[0]).toLocaleString('en-US');
    const deadline = Date.now() + 15_000;
    for (;;) {
      await ctx.puzzles.publishTicker('BTC_USDT', 0, last, change);
      const text = (await price.textContent()) ?? '';
      if (text.startsWith(`${expected}.`)) break;
      assert.ok(Date.now() < deadline, `no ticker push reached the page (price shows ${text})`);
      await page.waitForTimeout(300);
    }
    seen.push((await price.textContent()) ?? '');
  }
  assert.equal(new Set(seen).size, 3, 'the price moved with every ticker push');
  assert.equal(await page.locator('tr[data-code="BTC_USDT"] .change').textContent(), '-0.42%');
  await shot(ctx, page, 'markets-live-dark-desktop');
  ctx.log(`  live prices over the socket: ${seen.join(' -> ')}`);

  // Exchange rates from the engine's price feed, moving with its pushes (every 5 s).
  await page.goto(`${ctx.baseUrl}/home/exchangeRates`);
  const usd = page.locator('tr[data-code="USD"] [data-testid="rate"]');
  await usd.waitFor({ timeout: 15_000 });
  const rates = async () =>
    (await page.locator('[data-testid="rate"]').allTextContents()).join('|');
  const first = await rates();
  const usdPer100 = Number(((await usd.textContent()) ?? '').replace(/,/g, ''));
  assert.ok(usdPer100 > 700 && usdPer100 < 860, `100 USD in HKD looks wrong: ${usdPer100}`);
  assert.ok(await page.locator('tr[data-code="BTC"]').count(), 'digital assets are listed');
  const moved = Date.now() + 15_000;
  while ((await rates()) === first) {
    assert.ok(Date.now() < moved, 'no exchangeRate push changed the rates within 15 s');
    await page.waitForTimeout(250);
  }
  ctx.log(
    `  exchange rates live: 100 USD = ${usdPer100} HKD, then ${(await usd.textContent()) ?? ''}`,
  );
  await context.close();
}

/** A new identity-verified user, logged in on `page` (register with the e-mailed code and the puzzle). */
export async function registerUser(
  ctx: ScenarioContext,
  page: Page,
  context: BrowserContext,
  opts: { optOut?: boolean } = {},
): Promise<string> {
  const email = uniqueEmail('e2e-spot');
  await page.goto(`${ctx.baseUrl}/login?type=register&redirect_path=%2Ftrade%2Fspot`);
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send code' }).click();
  await solvePuzzle(page, ctx.puzzles);
  await page.getByText(`A code was sent to ${email}.`).waitFor();
  await page.getByLabel('E-mail verification code').fill(await readEmailCode(ctx.baseUrl, email));
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('checkbox', { name: /I have read and agree/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login/registerSuccess');
  if (opts.optOut) await chooseToOptOut(page);
  else await chooseToVerify(page, context);
  return email;
}

/** The account-type question answered "Continue without verification", confirmed. */
export async function chooseToOptOut(page: Page): Promise<void> {
  const chooser = page.getByRole('dialog', { name: 'Select your account type' });
  await chooser.waitFor();
  await chooser.getByRole('button', { name: /Continue without verification/ }).click();
  await page
    .getByRole('dialog', { name: 'Continue without verification?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/**
 * The account-type question after registration (individuals and institutions alike): verify,
 * confirmed twice; the identity centre opens in a new tab, which is closed.
 */
export async function chooseToVerify(page: Page, context: BrowserContext): Promise<void> {
  const chooser = page.getByRole('dialog', { name: 'Select your account type' });
  await chooser.waitFor();
  await chooser.getByRole('button', { name: /Verify my identity/ }).click();
  await page
    .getByRole('dialog', { name: 'Verify your identity?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const popup = context.waitForEvent('page');
  await page
    .getByRole('dialog', { name: 'Please confirm once more' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await (await popup).close();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
}

/** Demo mode: place a limit order below the market, see it in open orders, cancel it. */
export async function spotTrading(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  const email = await registerUser(ctx, page, context);
  ctx.log(`  registered ${email}`);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();

  const bids = page.getByRole('list', { name: 'Buy orders' });
  await bids.locator('li').first().waitFor({ timeout: 20_000 });
  await page
    .locator('[data-testid="available-quote"]')
    .filter({ hasNotText: /^(-|0\.00)$/ })
    .waitFor({ timeout: 15_000 });
  // The lowest bid shown: far enough from the market not to fill at once.
  // (The market makers move the book all the time: read the price the click put in the form.)
  // A re-quote can replace the row under the pointer: click again until the price is taken.
  const form = page.locator('.order-form');
  let price = '';
  for (let attempt = 0; attempt < 5 && !(Number(price) > 0); attempt++) {
    await bids.locator('li').last().getByRole('button').click();
    await page.waitForTimeout(100);
    price = await form.getByLabel('Price').inputValue();
  }
  assert.ok(Number(price) > 0, 'a click in the book fills the price');
  // The market makers' walk moves the mid by a few tenths of a percent within seconds, as far
  // as the lowest level shown: the order goes 3 % below it (on the same tick), so it stays open.
  const decimals = price.split('.')[1]?.length ?? 0;
  price = (Number(price) * 0.97).toFixed(decimals);
  await form.getByLabel('Price').fill(price);
  await form.getByLabel('Amount').fill('0.001');
  await shot(ctx, page, 'trade-form-filled-dark-desktop');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await page
    .getByText('Order placed.')
    .waitFor({ timeout: 10_000 })
    .catch(async (err: unknown) => {
      await shot(ctx, page, 'trade-place-failed');
      throw err;
    });

  const orders = page.locator('.trade-orders');
  const row = orders.locator('tbody tr').first();
  await row.waitFor({ timeout: 10_000 });
  assert.match((await row.textContent()) ?? '', /Limit/);
  await shot(ctx, page, 'trade-open-order-dark-desktop');
  // On a phone the open order is a card, with its cancel button, and nothing scrolls sideways.
  const desktop = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 812 });
  await row
    .getByRole('button', { name: /Cancel order/ })
    .waitFor({ state: 'visible', timeout: 5_000 });
  await noSidewaysScroll(page, 'the trade screen at 375 px');
  await row.scrollIntoViewIfNeeded();
  await page.waitForTimeout(250);
  await page.screenshot({ path: path.join(ctx.shotsDir, 'trade-open-order-dark-375.png') });
  if (desktop) await page.setViewportSize(desktop);
  ctx.log(`  limit buy 0.001 BTC at ${price} is open`);
  await row.getByRole('button', { name: /Cancel order/ }).click();
  await orders.getByText('No open orders').waitFor({ timeout: 10_000 });
  ctx.log('  cancelled it');

  // Every chart type draws without a page error (errors are logged by newPage).
  const chartType = page.getByRole('combobox', { name: 'Chart type' });
  for (const type of ['hollow', 'bars', 'line', 'heikinAshi', 'baseline', 'depth', 'candles']) {
    await chartType.selectOption(type);
    await page.locator(`[data-chart-type="${type}"] canvas`).first().waitFor({ timeout: 10_000 });
    if (type === 'depth' || type === 'heikinAshi')
      await shot(ctx, page, `trade-chart-${type}-dark-desktop`);
  }
  ctx.log('  drew every chart type');

  // Volume bars come first; the moving averages and Bollinger bands are added from the menu, and
  // the choice outlives a reload (the theme screenshots below show it).
  const all = '[data-indicators="volume ma ema boll"] canvas';
  await page.locator('[data-indicators="volume"] canvas').first().waitFor({ timeout: 10_000 });
  await page.locator('.trade-chart__indicators > summary').click();
  for (const name of [/\(MA 20\)/, /\(EMA 20\)/, /Bollinger bands/])
    await page.getByRole('checkbox', { name }).check();
  await page.locator(all).first().waitFor({ timeout: 10_000 });
  const legend = await page.getByTestId('chart-legend').locator('li').allTextContents();
  if (legend.join('|') !== 'MA 20|EMA 20|BOLL 20, 2')
    throw new Error(`the chart's legend reads ${legend.join(', ')}`);
  await page.locator('.trade-chart__indicators > summary').click();
  await shot(ctx, page, 'trade-chart-indicators-dark-desktop');
  ctx.log('  added MA, EMA and Bollinger bands to the volume');

  for (const theme of ['light', 'dark'] as const) {
    await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?theme=${theme}`);
    await bids.locator('li').first().waitFor({ timeout: 20_000 });
    await page.locator(all).first().waitFor({ timeout: 10_000 });
    await shot(ctx, page, `trade-${theme}-desktop`);
    await page.setViewportSize(MOBILE);
    await shot(ctx, page, `trade-${theme}-375`);
    await page.setViewportSize(DESKTOP);
  }
  for (const [name, route] of [
    ['wallet', '/accountCenter/wallet?type=wallet'],
    ['orders', '/accountCenter/orders?tab=history'],
    ['transactions', '/accountCenter/transactionHistory'],
  ] as const) {
    await page.goto(`${ctx.baseUrl}${route}`);
    await page
      .locator('.account-page table, .account-page .state')
      .first()
      .waitFor({ timeout: 10_000 });
    await shot(ctx, page, `${name}-demo-dark-desktop`);
  }
  await context.close();
}

const PAGES = [
  ['landing', '/'],
  ['markets', '/market'],
  ['login', '/login'],
  ['register', '/login?type=register'],
  ['reset-password', '/login/forgetPassword'],
  ['news', '/news'],
  ['help', '/home/help'],
  ['exchange-rates', '/home/exchangeRates'],
  ['privacy', '/home/privacy'],
  ['terms', '/legal/service-terms'],
  ['message-center', '/MessageCenter'],
  ['private-page', '/accountCenter/wallet?type=wallet'],
  ['not-found', '/no/such/page'],
  ['mobile-register-result', '/m/register/result'],
] as const;

/** The main screens in both themes, on a desktop and at 375 px wide. */
/** The widths and themes of the main screens' shots: each pair is a scenario of its own. */
export const SHOT_SETS = [
  ['desktop', 'dark'],
  ['desktop', 'light'],
  ['375', 'dark'],
  ['375', 'light'],
] as const;

export async function screenshots(
  ctx: ScenarioContext,
  sets: readonly (typeof SHOT_SETS)[number][] = SHOT_SETS,
): Promise<void> {
  for (const [label, theme] of sets) {
    const viewport = label === 'desktop' ? DESKTOP : MOBILE;
    const { context, page } = await newPage(ctx, viewport);
    for (const [name, route] of PAGES) {
      if (
        viewport === MOBILE &&
        ['privacy', 'not-found', 'mobile-register-result', 'reset-password'].includes(name)
      )
        continue;
      await page.goto(`${ctx.baseUrl}${route}${route.includes('?') ? '&' : '?'}theme=${theme}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await page.locator('main, .auth, .mobile-result').first().waitFor();
      await page
        .waitForFunction(
          () => !document.querySelector('.spinner, .preview-card--skeleton'),
          undefined,
          { timeout: 10_000 },
        )
        .catch(() => undefined);
      await shot(ctx, page, `${name}-${theme}-${label}`);
    }
    if (viewport === MOBILE) {
      await page.goto(`${ctx.baseUrl}/market?theme=${theme}`);
      await page.getByRole('button', { name: 'Menu' }).click();
      await shot(ctx, page, `menu-open-${theme}-375`);
    } else {
      await page.goto(`${ctx.baseUrl}/?theme=${theme}`);
      await openMenu(page, 'Download app');
      await page.locator('.download__code img').waitFor();
      await shot(ctx, page, `download-qr-${theme}-desktop`);
    }
    // The slide puzzle as a person first sees it, in this theme and width.
    await page.goto(`${ctx.baseUrl}/login?theme=${theme}`);
    await page.getByLabel('E-mail').fill('shots@example.com');
    await page.getByLabel('Password', { exact: true }).fill('Secret#123');
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.locator('.puzzle[data-puzzle-id] .puzzle__background').waitFor();
    await shot(ctx, page, `puzzle-${theme}-${label}`);
    await context.close();
  }
}
