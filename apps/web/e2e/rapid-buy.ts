import assert from 'node:assert/strict';
import { noSidewaysScroll, waitUntil } from './helpers';
import type { User } from './fixtures';
import { MOBILE, openMenu, shot, type ScenarioContext } from './scenarios';

const num = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/**
 * Rapid Buy in Demo mode (issue 20): Demo accounts are funded with US dollars on entry and the
 * market makers keep the Demo USDT_USD book two-sided, so the user's side is shown without a
 * bank deposit. From the header's account menu to /rapidBuy: the available dollars, the
 * estimate updating as the amount is typed (the live book's walk, its levels and price
 * protection, free), the confirmation, the fill with its average price, the history row, the
 * balance after it; light theme and a 375 px phone.
 */
export async function rapidBuy(ctx: ScenarioContext, user: User): Promise<void> {
  const { context, page } = user;
  await page.goto(`${ctx.baseUrl}/trade/spot/USDT_USD`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();

  await openMenu(page, 'Account');
  await page.getByRole('link', { name: 'Rapid buy' }).click();
  await page.waitForURL('**/rapidBuy');
  const form = page.getByTestId('rapid-form');
  await form.waitFor();
  const available = await waitUntil(
    'the Demo dollars on the page',
    async () => num(await page.getByTestId('rapid-available').textContent()),
    (v) => v > 1000,
  );
  ctx.log(`  available: ${available} USD (Demo funding)`);

  // The estimate follows the typing (debounced) and the live Demo book.
  const spend = '250';
  await page.getByTestId('rapid-amount').fill(spend);
  const receive = await waitUntil(
    'the USDT estimate',
    async () => num(await page.getByTestId('rapid-receive').textContent()),
    (v) => v > 0,
    // Run alone, the Demo market makers quote a few seconds after the Real books (at most 20 s).
    45_000,
  ).catch(async (err: unknown) => {
    await shot(ctx, page, 'rapid-buy-no-estimate');
    throw err;
  });
  const levels = (await page.getByTestId('rapid-levels').textContent()) ?? '';
  assert.match(levels, /price levels used: \d+/);
  assert.match((await page.getByTestId('rapid-quote').textContent()) ?? '', /Free/);
  assert.ok(receive > 200 && receive < 300, `about 250 USDT for 250 USD (${receive})`);
  ctx.log(`  quote: ${receive} USDT, ${levels}`);
  await shot(ctx, page, 'rapid-buy-quote-dark-desktop');

  await page.getByTestId('rapid-buy').click();
  const dialog = page.getByRole('dialog', { name: 'Confirm your purchase' });
  await dialog.waitFor();
  await shot(ctx, page, 'rapid-buy-confirm-dark-desktop');
  await dialog.getByTestId('rapid-confirm').click();
  await dialog.waitFor({ state: 'detached' });

  const result = page.getByTestId('rapid-result');
  await result.locator('[data-state="FILLED"]').waitFor({ timeout: 15_000 });
  const received = num(await page.getByTestId('rapid-result-received').textContent());
  assert.ok(received > 200, `USDT received (${received})`);
  // The history refetches after the live update: its newest row turns FILLED too.
  const row = page.locator('tr[data-rapid-buy]').first();
  await page
    .locator('tr[data-rapid-buy][data-state="FILLED"]')
    .first()
    .waitFor({ timeout: 10_000 });
  assert.equal(await row.getAttribute('data-state'), 'FILLED');
  assert.match((await row.textContent()) ?? '', /Filled/);
  // The dollars left follow the fill (the order's unfreeze returns what was not spent).
  await waitUntil(
    'the available dollars after the purchase',
    async () => num(await page.getByTestId('rapid-available').textContent()),
    (v) => v <= available - 249 && v >= available - 250,
  );
  ctx.log(`  filled: ${received} USDT for at most ${spend} USD`);
  await shot(ctx, page, 'rapid-buy-filled-dark-desktop');

  // Filters: the state narrows the history.
  await page.getByTestId('rapid-filter-state').selectOption('NO_COUNTERPARTY');
  await page.locator('tr[data-rapid-buy]').first().waitFor({ state: 'detached' });
  await page.getByTestId('rapid-filter-state').selectOption('');
  await row.waitFor();

  await page.getByRole('button', { name: 'Switch to light theme' }).click();
  await shot(ctx, page, 'rapid-buy-filled-light-desktop');

  await page.setViewportSize(MOBILE);
  await page.reload();
  await page.locator('tr[data-rapid-buy]').first().waitFor();
  await page.getByTestId('rapid-amount').fill('20');
  await waitUntil(
    'the estimate on a phone',
    async () => num(await page.getByTestId('rapid-receive').textContent()),
    (v) => v > 0,
  );
  await noSidewaysScroll(page, 'the Rapid Buy page on a phone');
  await shot(ctx, page, 'rapid-buy-light-mobile');
  await page.getByRole('button', { name: 'Switch to dark theme' }).click();
  await shot(ctx, page, 'rapid-buy-dark-mobile');
  // Arabic lays the page out right to left.
  await page.goto(`${ctx.baseUrl}/rapidBuy?lang=ar`);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.getByRole('heading', { name: 'الشراء السريع', exact: true }).waitFor();
  await page.locator('tr[data-rapid-buy]').first().waitFor();
  await noSidewaysScroll(page, 'the Rapid Buy page in Arabic on a phone');
  await shot(ctx, page, 'rapid-buy-ar-dark-mobile');
  await context.close();
}
