import assert from 'node:assert/strict';
import type { User } from './fixtures';
import { noSidewaysScroll, waitUntil } from './helpers';
import { MOBILE, shot, type ScenarioContext } from './scenarios';

/**
 * Foreign exchange (/foreignExchange): a verified Real-mode user holding USD (credited from
 * outside the way the fiat withdrawal scenario funds one) gets a quote for HKD with the rate,
 * the amount received, "Free" and a countdown that renews the quote when it runs out (6 s in this
 * exchange), confirms it in a dialog restating both amounts, sees it PROCESSING then COMPLETED
 * live (settlement after 4 s here, about 30 minutes by default), the balances moved, and the
 * exchange in the History tab; light theme, Arabic and a 375 px phone on the way.
 */

/** `user`: verified, with 1,000 USD in Real (the fundedUser fixture). */
export async function foreignExchange(ctx: ScenarioContext, user: User): Promise<void> {
  const { context, page } = user;

  // From the wallet's USD row to the page, USD already chosen.
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await page.getByRole('link', { name: 'Exchange USD' }).click();
  await page.getByTestId('fx-form').waitFor();
  await page.getByTestId('fx-available').filter({ hasText: '1000 USD' }).waitFor();
  const form = page.getByTestId('fx-form');
  await form.getByLabel('Amount to sell (USD)').fill('250');
  const rate = page.getByTestId('fx-rate');
  await rate.filter({ hasText: /^1 USD = \d+\.\d+ HKD$/ }).waitFor({ timeout: 15_000 });
  await page.getByTestId('fx-receive').filter({ hasText: /HKD$/ }).waitFor();
  await page.getByTestId('fx-quote').getByText('Free').waitFor();
  const firstReceive = await page.getByTestId('fx-receive').textContent();
  const countdown = page.getByTestId('fx-countdown');
  const firstLeft = Number(/(\d+) s/.exec((await countdown.textContent()) ?? '')?.[1] ?? 0);
  assert.ok(firstLeft > 0 && firstLeft <= 6, `a quote valid for a few seconds (${firstLeft})`);
  await shot(ctx, page, 'fx-quote-dark-desktop');

  // The countdown runs out and a fresh quote takes its place (its seconds start again).
  await waitUntil(
    'the countdown to run down',
    async () => (await countdown.textContent()) ?? '',
    (v) => v.includes('1 s') || v.includes('fresh'),
  );
  await waitUntil(
    'a fresh quote with a full countdown',
    async () => Number(/(\d+) s/.exec((await countdown.textContent()) ?? '')?.[1] ?? 0),
    (n) => n >= 4,
  );
  ctx.log(`  quote ${(await rate.textContent()) ?? ''}: ${firstReceive ?? ''}, renewed on expiry`);

  // Confirm: the dialog restates both amounts.
  await form.getByTestId('fx-submit').click();
  const dialog = page.getByRole('dialog', { name: 'Confirm the exchange' });
  await dialog.getByTestId('fx-confirm-sell').filter({ hasText: '250 USD' }).waitFor();
  const receive = ((await dialog.getByTestId('fx-confirm-receive').textContent()) ?? '').trim();
  assert.match(receive, /^\d+(\.\d{1,2})? HKD$/);
  await shot(ctx, page, 'fx-confirm-dark-desktop');
  await dialog.getByTestId('fx-confirm-submit').click();
  await dialog.waitFor({ state: 'detached' });
  const result = page.getByTestId('fx-result');
  await result.getByTestId('fx-state').filter({ hasText: 'Processing' }).waitFor();
  await shot(ctx, page, 'fx-processing-dark-desktop');
  await result
    .getByTestId('fx-state')
    .filter({ hasText: 'Completed' })
    .waitFor({ timeout: 30_000 });
  await result.getByText(`${receive} has been credited`).waitFor();
  await shot(ctx, page, 'fx-completed-dark-desktop');
  ctx.log(`  confirmed: processing, then completed live, ${receive} received`);

  // The balances moved: 750 USD left, the HKD received.
  await result.getByRole('button', { name: 'New exchange' }).click();
  await page.getByTestId('fx-available').filter({ hasText: '750 USD' }).waitFor();

  // The History tab lists it, reached from the orders page too; light theme.
  await page.goto(`${ctx.baseUrl}/accountCenter/orders?theme=light`);
  await page.getByRole('link', { name: 'Foreign exchange history' }).click();
  await page.getByTestId('fx-history').waitFor();
  await page.goto(`${ctx.baseUrl}/foreignExchange?tab=history&theme=light`);
  const row = page.getByTestId('fx-history-row').first();
  await row.filter({ hasText: 'USD → HKD' }).waitFor();
  await row.getByText('Completed').waitFor();
  await row.getByText(receive).waitFor();
  await shot(ctx, page, 'fx-history-light-desktop');
  await page.goto(`${ctx.baseUrl}/foreignExchange?theme=light`);
  await page.getByTestId('fx-form').getByLabel('Amount to sell (USD)').fill('100');
  await page.getByTestId('fx-receive').filter({ hasText: /HKD$/ }).waitFor({ timeout: 15_000 });
  await shot(ctx, page, 'fx-quote-light-desktop');

  // Arabic (right to left) and a phone.
  await page.goto(`${ctx.baseUrl}/foreignExchange?lang=ar&theme=dark`);
  await page.getByTestId('fx-form').waitFor();
  assert.equal(await page.locator('html').getAttribute('dir'), 'rtl');
  await shot(ctx, page, 'fx-ar-dark-desktop');
  await page.setViewportSize(MOBILE);
  await page.goto(`${ctx.baseUrl}/foreignExchange?lang=en`);
  await page.getByTestId('fx-form').getByLabel('Amount to sell (USD)').fill('100');
  await page.getByTestId('fx-receive').filter({ hasText: /HKD$/ }).waitFor({ timeout: 15_000 });
  await noSidewaysScroll(page, 'the foreign exchange page on a phone');
  await shot(ctx, page, 'fx-quote-dark-mobile');
  await page.goto(`${ctx.baseUrl}/foreignExchange?tab=history`);
  await page.getByTestId('fx-history-row').first().waitFor();
  await noSidewaysScroll(page, 'the foreign exchange history on a phone');
  await shot(ctx, page, 'fx-history-dark-mobile');
  await context.close();
}
