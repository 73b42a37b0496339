import assert from 'node:assert/strict';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { readEmailCode, solvePuzzle, type PuzzleReader } from './helpers';

export interface ScenarioContext {
  browser: Browser;
  baseUrl: string;
  shotsDir: string;
  puzzles: PuzzleReader;
  log: (line: string) => void;
}

const PASSWORD = 'Str0ng#Pass';
const DESKTOP = { width: 1366, height: 860 };
const MOBILE = { width: 375, height: 812 };

async function shot(ctx: ScenarioContext, page: Page, name: string): Promise<void> {
  await page.waitForTimeout(250); // Let transitions and fonts settle.
  await page.screenshot({ path: path.join(ctx.shotsDir, `${name}.png`), fullPage: true });
}

async function newPage(ctx: ScenarioContext, viewport = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const context = await ctx.browser.newContext({ viewport, locale: 'en-US' });
  const page = await context.newPage();
  page.on('pageerror', (err) => ctx.log(`  page error: ${err.message}`));
  return { context, page };
}

async function openMenu(page: Page, name: string) {
  await page.getByRole('button', { name, exact: true }).first().click();
}

/** Register with the e-mailed code and the puzzle, choose the account type, log out and in. */
export async function accountJourney(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  const email = `e2e-${Date.now()}@example.com`;

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
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.waitForURL('**/login/registerSuccess');

  const chooser = page.getByRole('dialog', { name: 'Select your account type' });
  await chooser.waitFor();
  await shot(ctx, page, 'account-type-dark');
  await chooser.getByRole('button', { name: /Verify my identity/ }).click();
  await page.getByRole('dialog', { name: 'Verify your identity?' }).getByRole('button', { name: 'Confirm' }).click();
  const popup = context.waitForEvent('page');
  await page.getByRole('dialog', { name: 'Please confirm once more' }).getByRole('button', { name: 'Confirm' }).click();
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
  await page.waitForFunction(() => document.documentElement.lang === 'en' && !location.search.includes('lang='));
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
  for (const [last, change] of [['64250.5', '1.25'], ['64311.75', '1.34'], ['64190.25', '-0.42']] as const) {
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
  ['message-center', '/MessageCenter'],
  ['private-page', '/accountCenter/wallet?type=wallet'],
  ['not-found', '/no/such/page'],
  ['mobile-register-result', '/m/register/result'],
] as const;

/** The main screens in both themes, on a desktop and at 375 px wide. */
export async function screenshots(ctx: ScenarioContext): Promise<void> {
  for (const [label, viewport] of [['desktop', DESKTOP], ['375', MOBILE]] as const) {
    for (const theme of ['dark', 'light'] as const) {
      const { context, page } = await newPage(ctx, viewport);
      for (const [name, route] of PAGES) {
        if (viewport === MOBILE && ['privacy', 'not-found', 'mobile-register-result', 'reset-password'].includes(name)) continue;
        await page.goto(`${ctx.baseUrl}${route}${route.includes('?') ? '&' : '?'}theme=${theme}`);
        await page.waitForLoadState('networkidle').catch(() => undefined);
        await page.locator('main, .auth, .mobile-result').first().waitFor();
        await page.waitForFunction(() => !document.querySelector('.spinner, .preview-card--skeleton'), undefined, { timeout: 10_000 }).catch(() => undefined);
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
      await context.close();
    }
  }
}
