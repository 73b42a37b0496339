import assert from 'node:assert/strict';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { noSidewaysScroll, waitUntil } from './helpers';
import { DESKTOP, MOBILE, newPage, registerUser, shot, type ScenarioContext } from './scenarios';
import type { User } from './fixtures';

type BridgeCall = [name: string, args: Record<string, unknown>];

/**
 * A fake iOS app: a WKScriptMessageHandler per bridge call that records what the page posts
 * (installed before any script of the page runs, as the app's web view does). A string, so the
 * test runner's transpiler adds no helpers the page lacks.
 */
const FAKE_APP = `
  window.__bridgeCalls = [];
  window.webkit = { messageHandlers: {} };
  for (const name of ['shareReferralPoster', 'openSystemBrowser', 'openIscatNativePage', 'closeWebview', 'updateTitle']) {
    window.webkit.messageHandlers[name] = {
      postMessage: (body) => window.__bridgeCalls.push([name, JSON.parse(JSON.stringify(body))]),
    };
  }
`;

const bridgeCalls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __bridgeCalls: BridgeCall[] }).__bridgeCalls);

/** Waits until the fake app received a call of `name` matching `match`, and returns its args. */
async function received(
  page: Page,
  name: string,
  match: (args: Record<string, unknown>) => boolean,
) {
  const calls = await waitUntil(
    `the app receives ${name}`,
    () => bridgeCalls(page),
    (all) => all.some(([n, a]) => n === name && match(a)),
    5_000,
  );
  return calls.filter(([n, a]) => n === name && match(a)).at(-1)?.[1] ?? {};
}

async function assertEmbedded(page: Page, what: string): Promise<void> {
  await page.locator('.mobile-frame__body').waitFor();
  assert.equal(
    await page.locator('.app-header, .app-footer').count(),
    0,
    `${what}: no header or footer`,
  );
  assert.equal(await page.getByRole('dialog').count(), 0, `${what}: no setup widget`);
  // Inside the app, its own bar shows the title: the page shows no bar of its own.
  assert.equal(await page.locator('.mobile-frame__bar').count(), 0, `${what}: no bar of its own`);
  await noSidewaysScroll(page, what);
}

/** The pages the mobile app embeds, in a web view with a fake native bridge. */
export async function mobileEmbeddedPages(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx, MOBILE);
  await context.addInitScript({ content: FAKE_APP });

  // Register result: dark, titled in the app's bar, its buttons call the app.
  await page.goto(`${ctx.baseUrl}/m/register/result`);
  await page.getByRole('heading', { name: 'Registration complete' }).waitFor();
  await assertEmbedded(page, '/m/register/result');
  await received(page, 'updateTitle', (a) => a.title === 'Registration complete');
  await shot(ctx, page, 'mobile-register-result-app-375');
  await page.getByRole('button', { name: 'Invite friends' }).click();
  const poster = await received(page, 'shareReferralPoster', () => true);
  assert.match(String(poster.url), /\/login\?type=register$/);
  assert.equal(poster.title, 'Join me on Exchange');
  await page.getByRole('button', { name: 'Trade now' }).click();
  await received(
    page,
    'openIscatNativePage',
    (a) => a.page === 'trade' && a.path === '/trade/spot',
  );
  await page.getByRole('button', { name: 'Back to the app' }).click();
  await received(page, 'closeWebview', () => true);
  assert.match(page.url(), /\/m\/register\/result$/, 'the app, not the page, closes the web view');
  ctx.log('  register result: updateTitle, shareReferralPoster, openIscatNativePage, closeWebview');

  // Help: public; the full site opens in the system browser.
  await page.goto(`${ctx.baseUrl}/m/help`);
  await page.locator('.mobile-frame__body h1').first().waitFor();
  await assertEmbedded(page, '/m/help');
  await received(page, 'updateTitle', (a) => a.title === 'Help');
  await shot(ctx, page, 'mobile-help-app-375');
  await page.getByRole('button', { name: 'Open the full site in the browser' }).click();
  const opened = await received(page, 'openSystemBrowser', () => true);
  assert.equal(opened.url, `${ctx.baseUrl}/home/help`);
  ctx.log('  help: openSystemBrowser with the site page');

  // Identity verification and deposit need the app's session: a user registered in this context.
  await page.setViewportSize(DESKTOP);
  await registerUser(ctx, page, context);
  await page.setViewportSize(MOBILE);
  await page.goto(`${ctx.baseUrl}/m/identity`);
  await page.locator('#kyc-centre-title').waitFor();
  await assertEmbedded(page, '/m/identity');
  await received(page, 'updateTitle', (a) => a.title === 'Identity verification');
  await shot(ctx, page, 'mobile-identity-app-375');
  // The form link stays embedded.
  await page.getByRole('link', { name: 'Start verification' }).click();
  await page.waitForURL('**/m/identity/individualKyc');
  await assertEmbedded(page, '/m/identity/individualKyc');
  await received(page, 'updateTitle', (a) => a.title === 'Individual verification');
  await shot(ctx, page, 'mobile-individual-kyc-app-375');

  await page.goto(`${ctx.baseUrl}/m/deposit`);
  await page.locator('.crypto-page').waitFor();
  await assertEmbedded(page, '/m/deposit');
  await received(page, 'updateTitle', (a) => a.title === 'Deposit');
  await page
    .waitForFunction(() => !document.querySelector('.spinner'), undefined, { timeout: 10_000 })
    .catch(() => undefined);
  await shot(ctx, page, 'mobile-deposit-app-375');
  const names = new Set((await bridgeCalls(page)).map(([n]) => n));
  ctx.log(
    `  identity, its form and deposit embedded; calls seen on the last page: ${[...names].join(', ')}`,
  );
  await context.close();

  // Opened in a plain browser (no app): the page's own bar with a back button, in Arabic too.
  const plain = await newPage(ctx, MOBILE);
  await plain.page.goto(`${ctx.baseUrl}/m/help`);
  await plain.page.locator('.mobile-frame__bar').getByText('Help').waitFor();
  assert.equal(await plain.page.title(), 'Help');
  await shot(ctx, plain.page, 'mobile-help-browser-375');
  await plain.page.goto(`${ctx.baseUrl}/m/help?lang=ar`);
  await plain.page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await plain.page.locator('.mobile-frame__bar').getByText('المساعدة').waitFor();
  await shot(ctx, plain.page, 'mobile-help-browser-ar-375');
  await plain.context.close();
}

export const LANGUAGES = [
  ['en', 'Markets'],
  ['zh-CN', '行情'],
  ['zh-TW', '行情'],
  ['ar', 'الأسواق'],
  ['fr', 'Marchés'],
  ['de', 'Märkte'],
  ['ja', 'マーケット'],
  ['ko', '마켓'],
] as const;

/** The landing and trade pages in each of the eight languages, on a desktop and a phone. */
/**
 * Every order type's tab whole inside its row (German and Arabic names once ran past the form's
 * column, behind a hidden scroll bar), on a signed-in user's trade page at desktop width.
 */
async function orderTypesFit(ctx: ScenarioContext, user: User, language: string): Promise<void> {
  const { page } = user;
  await page.setViewportSize(DESKTOP);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?lang=${language}`);
  await page.waitForFunction((l) => document.documentElement.lang === l, language);
  const row = page.locator('.order-form__types');
  await row.waitFor({ timeout: 20_000 });
  const cut = await row.evaluate((list) => {
    const box = list.getBoundingClientRect();
    return [...list.querySelectorAll('[role="tab"]')]
      .filter((tab) => {
        const r = tab.getBoundingClientRect();
        return (
          r.left < box.left - 1 || r.right > box.right + 1 || tab.scrollWidth > tab.clientWidth
        );
      })
      .map((tab) => tab.textContent);
  });
  assert.deepEqual(cut, [], `${language}: order types cut off in the form`);
  await page
    .locator('section.order-form')
    .first()
    .screenshot({ path: path.join(ctx.shotsDir, `lang-${language}-order-types-desktop.png`) });
  // Not a live page drawing beside the rest of the scenario.
  await page.goto('about:blank');
}

/** The chart's nine intervals on one line at 375 px (1M once wrapped onto a line of its own). */
async function intervalsOnOneLine(page: Page, language: string): Promise<void> {
  const tops = await page
    .locator('.trade-chart__intervals button')
    .evaluateAll((chips) => chips.map((c) => Math.round(c.getBoundingClientRect().top)));
  assert.equal(tops.length, 9, `${language}: nine chart intervals`);
  assert.equal(new Set(tops).size, 1, `${language}: the chart intervals wrap at 375 px`);
}

export async function languageScreenshots(
  ctx: ScenarioContext,
  languages: readonly (typeof LANGUAGES)[number][] = LANGUAGES,
  user?: User,
): Promise<void> {
  for (const [language, markets] of languages) {
    if (user) await orderTypesFit(ctx, user, language);
    const { context, page } = await newPage(ctx);
    await page.goto(`${ctx.baseUrl}/?lang=${language}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, language);
    const dir = await page.locator('html').getAttribute('dir');
    assert.equal(dir, language === 'ar' ? 'rtl' : 'ltr', `${language} direction`);
    await page.getByRole('link', { name: markets, exact: true }).first().waitFor();
    if (language !== 'en') {
      const text = (await page.locator('body').innerText()).replace(/Exchange/g, '');
      for (const english of ['Markets', 'Spot Trade', 'Log in', 'Register'])
        assert.ok(
          !text.includes(english),
          `${language}: "${english}" is still English on the landing page`,
        );
    }
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['375', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${ctx.baseUrl}/?lang=${language}`);
      await page.waitForLoadState('networkidle').catch(() => undefined);
      await shot(ctx, page, `lang-${language}-landing-${label}`);
      // The lang parameter picks the language for this load (the menu is what stores a choice).
      await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?lang=${language}`);
      await page.waitForFunction((l) => document.documentElement.lang === l, language);
      await page.locator('.trade-ticker').waitFor({ timeout: 20_000 });
      await page.waitForTimeout(1_500); // Book, chart and tape fill from the socket.
      await noSidewaysScroll(page, `trade page in ${language} at ${label}`);
      if (label === '375') await intervalsOnOneLine(page, language);
      if (language !== 'en') {
        const text = await page.locator('main').innerText();
        for (const english of ['Order book', 'Market trades', 'Open orders', 'Place an order'])
          assert.ok(
            !text.includes(english),
            `${language}: "${english}" is still English on the trade page`,
          );
      }
      await page.screenshot({
        path: path.join(ctx.shotsDir, `lang-${language}-trade-${label}.png`),
        fullPage: label === '375',
      });
      if (label === '375') {
        // The terms at phone width: the page (in English with a note in the reader's language,
        // until the operator publishes a translation) and the sign-up form's agreement.
        await page.goto(`${ctx.baseUrl}/legal/service-terms?lang=${language}`);
        await page.locator('article.legal h1').waitFor();
        if (language !== 'en') await page.getByRole('note').waitFor();
        await noSidewaysScroll(page, `terms page in ${language}`);
        await shot(ctx, page, `lang-${language}-legal-375`);
        await page.goto(`${ctx.baseUrl}/login?type=register&lang=${language}`);
        await page.locator('.legal-check a').first().waitFor();
        await noSidewaysScroll(page, `sign-up form in ${language}`);
        await shot(ctx, page, `lang-${language}-register-375`);
      }
    }
    ctx.log(`  ${language}: landing and trade page (${dir})`);
    await context.close();
  }
}
