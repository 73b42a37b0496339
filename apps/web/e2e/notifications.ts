import assert from 'node:assert/strict';
import { waitUntil } from './helpers';
import type { User } from './fixtures';
import { MOBILE, openMenu, shot, type ScenarioContext } from './scenarios';

/**
 * Notifications end to end: a Demo market buy fills against the market makers, the header's
 * unread badge rises live, the bell lists the notice, the message centre opens it (and it is
 * read), and the account-centre overview shows the user.
 */
export async function notificationsJourney(ctx: ScenarioContext, user: User): Promise<void> {
  const { context, page, email } = user;
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  await page.getByRole('list', { name: 'Sell orders' }).locator('li').first().waitFor({
    timeout: 20_000,
  });
  await page
    .locator('[data-testid="available-quote"]')
    .filter({ hasNotText: /^(-|0\.00)$/ })
    .waitFor({ timeout: 15_000 });
  const badge = page.locator('[data-testid="unread-badge"]');
  assert.equal(await badge.count(), 0, 'a new account has nothing unread');

  const form = page.locator('.order-form');
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Total', { exact: true }).fill('50');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await page.getByText('Order placed.').waitFor({ timeout: 10_000 });

  // The badge rises over the socket, without a reload.
  await waitUntil(
    'the unread badge after the fill',
    () => badge.textContent(),
    (t) => t === '1',
    15_000,
  );
  await page.getByRole('button', { name: /^Notifications, 1 unread/ }).click();
  const menu = page.locator('.notification-menu');
  const item = menu.locator('.notification-menu__item').first();
  await item.waitFor();
  assert.match((await item.textContent()) ?? '', /Order filled/);
  assert.match((await item.textContent()) ?? '', /Buy BTC\/USDT \(Demo\)/);
  await shot(ctx, page, 'notifications-bell-dark-desktop');

  await item.click();
  await page.waitForURL('**/MessageCenter?id=*');
  const detail = page.locator('[data-testid="notification-detail"]');
  await detail.getByRole('heading', { name: 'Order filled' }).waitFor();
  // Opening it read it: the badge goes.
  await badge.waitFor({ state: 'detached', timeout: 10_000 });
  await shot(ctx, page, 'notifications-detail-dark-desktop');
  await detail.getByRole('button', { name: /Back to the list/ }).click();
  await page.locator('[data-testid="notification-row"]').first().waitFor();
  await page.getByRole('heading', { name: 'E-mail notifications' }).waitFor();
  await shot(ctx, page, 'notifications-message-centre-dark-desktop');
  await page.getByRole('tab', { name: 'Announcements' }).click();
  await shot(ctx, page, 'notifications-announcements-dark-desktop');

  await page.goto(`${ctx.baseUrl}/accountCenter`);
  const shownEmail = page.locator('[data-testid="overview-email"]');
  await shownEmail.waitFor();
  assert.equal(await shownEmail.textContent(), email);
  assert.match((await page.locator('[data-testid="overview-uid"]').textContent()) ?? '', /^\d+$/);
  assert.equal(await page.locator('[data-testid="overview-type"]').textContent(), 'Individual');
  await waitUntil(
    'the Demo valuation',
    () => page.locator('[data-testid="valuation-1"]').textContent(),
    (t) => /≈ [\d,.]+ USDT/.test(t ?? ''),
    15_000,
  );
  // In the main fiat (the seed's USD, with its sign), converted through the reference rates.
  await waitUntil(
    'the Demo valuation in the main fiat',
    () => page.locator('[data-testid="valuation-1-main"]').textContent(),
    (t) => /^≈ \$[\d,.]+$/.test(t ?? ''),
    15_000,
  );
  await page.locator('.overview-activity__list li').first().waitFor();
  await shot(ctx, page, 'account-overview-dark-desktop');
  await page.setViewportSize(MOBILE);
  await shot(ctx, page, 'account-overview-dark-mobile');
  await page.goto(`${ctx.baseUrl}/MessageCenter`);
  await page.locator('[data-testid="notification-row"]').first().waitFor();
  await shot(ctx, page, 'notifications-message-centre-dark-mobile');
  await context.close();
}
