import assert from 'node:assert/strict';
import { waitUntil } from './helpers';
import { verifiedUser } from './crypto-wallet';
import { shot, type ScenarioContext } from './scenarios';

/**
 * Fiat deposit by card (issue 19) end to end: a verified user opens /fiatChannel/ortherJYB, reads
 * and accepts the trust and fund transfer agreements, enters 100 USD with the simulated card
 * processor's 3-D Secure test card, sees the fee (5) and the amount credited (95) before
 * confirming, confirms on the processor's own page, comes back to the result that moves from
 * review to credited, and finds the deposit in /accountCenter/orders/fiatHistory.
 */
export async function cardDeposit(ctx: ScenarioContext): Promise<void> {
  const { page } = await verifiedUser(ctx);
  await page.goto(`${ctx.baseUrl}/fiatChannel/ortherJYB`);
  await page.getByTestId('fiat-agreements').waitFor();
  await shot(ctx, page, 'fiat-agreements-dark-desktop');
  await page.getByRole('tab', { name: 'Fund transfer agreement' }).click();
  await page.getByTestId('agreement-FUND_TRANSFER').waitFor();
  await page.getByTestId('agreements-read').check();
  await page.getByTestId('agreements-accept').click();
  await page.getByTestId('card-form').waitFor();
  ctx.log('  agreements accepted once, the card form opens');

  await page.getByTestId('card-amount').fill('100');
  await page.getByTestId('card-number').fill('4000 0000 0000 3220');
  await page.getByTestId('card-expiry').fill('12/30');
  await page.getByTestId('card-cvc').fill('123');
  await page.getByTestId('card-holder').fill('Ada Lovelace');
  await waitUntil(
    'the fee and the amount credited',
    () => page.getByTestId('card-summary').innerText(),
    (text) => text.includes('95 USD'),
    10_000,
  );
  const summary = await page.getByTestId('card-summary').innerText();
  assert.match(summary, /5 USD/, 'fee 5 USD');
  await page.getByTestId('card-submit').click();
  await page.getByTestId('card-review').waitFor();
  await shot(ctx, page, 'fiat-card-review-dark-desktop');
  await page.getByTestId('card-submit').click();

  // The processor's own confirmation page (3-D Secure style).
  await page.waitForURL((url) => url.pathname.startsWith('/3ds/'), { timeout: 15_000 });
  await page.locator('#confirm').waitFor();
  await shot(ctx, page, 'fiat-card-3ds-desktop');
  await page.locator('#confirm').click();
  await page.locator('#back').click();
  await page.waitForURL((url) => url.pathname === '/fiatChannel/ortherJYB', { timeout: 15_000 });
  await page.getByTestId('card-result').waitFor();
  ctx.log('  confirmed on the processor’s page, back on the card page');
  await waitUntil(
    'the deposit credited',
    () => page.getByTestId('card-result-state').innerText(),
    (text) => text.includes('Deposit credited'),
    60_000,
  );
  await shot(ctx, page, 'fiat-card-credited-dark-desktop');

  await page.goto(`${ctx.baseUrl}/accountCenter/orders/fiatHistory`);
  const row = page.getByTestId('fiat-history-row').first();
  await row.waitFor();
  const text = await row.innerText();
  assert.match(text, /Deposit/);
  assert.match(text, /Card/);
  assert.match(text, /Credited/);
  assert.match(text, /95/);
  await shot(ctx, page, 'fiat-history-dark-desktop');
  await page.goto(`${ctx.baseUrl}/fiatChannel/JYB`);
  await page.getByTestId('bank-not-open').waitFor();
  await shot(ctx, page, 'fiat-bank-not-open-dark-desktop');
  ctx.log('  credited 95 USD, listed in the fiat history; the bank page asks to open the account');
}
