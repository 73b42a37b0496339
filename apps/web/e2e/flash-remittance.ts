import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { confirmStepUp, enterCodes, verify } from './crypto-wallet';
import { creditUsd, linkAuthenticator, sql } from './fiat-withdrawal';
import { noSidewaysScroll, waitUntil } from './helpers';
import { MOBILE, newPage, registerUser, shot, type ScenarioContext } from './scenarios';

/**
 * Flash remittance between two people in two browser contexts. The sender (funded with Real USD
 * the way the fiat withdrawal scenario funds one) links Google Authenticator, whitelists the
 * recipient by UID (the note rule shown first), and sends 250 USD with the step-up. The
 * recipient, in the other context, sees the notice arrive live, opens it, opens the confirmation
 * view and agrees; both see COMPLETED (the sender without reloading) and the remittance in their
 * histories. The 12-hour expiry, rejections and races run on the manual clock in the gateway tests.
 */
export async function flashRemittance(ctx: ScenarioContext): Promise<void> {
  const sender = await newPage(ctx);
  const recipient = await newPage(ctx);
  // Registered one after the other (one puzzle at a time). The sender verifies and links Google
  // Authenticator (in a second tab) while the recipient registers; the recipient verifies while
  // the sender fills the whitelist form: the sender's two e-mail codes are a minute apart at best.
  const senderEmail = await registerUser(ctx, sender.page, sender.context);
  const tab = await sender.context.newPage();
  const senderReady = Promise.all([verify(ctx, sender.page), linkAuthenticator(ctx, tab)]);
  const recipientEmail = await registerUser(ctx, recipient.page, recipient.context);
  const recipientVerified = verify(ctx, recipient.page);
  const [, { secret, used }] = await senderReady;
  await tab.close();
  const a = sender.page;
  const b = recipient.page;
  creditUsd(senderEmail, '1000');
  const recipientUid = sql(`SELECT uid FROM app_user WHERE email = '${recipientEmail}'`);
  ctx.log(`  ${senderEmail} (1000 USD) will send to UID ${recipientUid}`);

  // The flash whitelist: the note's rule first, then the recipient added with the step-up.
  await a.goto(`${ctx.baseUrl}/accountCenter/flashWhitelist`);
  await a.getByTestId('flash-add-recipient').click();
  const form = a.getByTestId('flash-add-form');
  await form.getByLabel('Recipient').fill(recipientUid);
  await form.getByLabel('Note').fill('B');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByText('Please enter 2-30 character Note').waitFor();
  await shot(ctx, a, 'flash-whitelist-note-rule-dark-desktop');
  await form.getByLabel('Note').fill('Bob Lee');
  await form.getByRole('button', { name: 'Continue' }).click();
  await enterCodes(ctx, a, senderEmail, secret, used);
  await recipientVerified;
  await confirmStepUp(ctx, a, senderEmail, secret, used);
  await a
    .getByTestId('flash-recipient')
    .filter({ hasText: `UID ${recipientUid}` })
    .waitFor();
  await shot(ctx, a, 'flash-whitelist-dark-desktop');

  // The recipient waits on the account page, in the light theme.
  await b.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await b.getByRole('button', { name: 'Switch to light theme' }).click();
  const badge = b.locator('[data-testid="unread-badge"]');
  const unreadBefore = Number((await badge.count()) ? await badge.textContent() : '0');

  // Initiate: recipient, USD, amount, message; the step-up; frozen and awaiting the recipient.
  await a.goto(`${ctx.baseUrl}/flashRemittance/initiateFlash`);
  await a.getByTestId('flash-available').filter({ hasText: '1000 USD' }).waitFor();
  const f = a.getByTestId('flash-form');
  await f.getByLabel('Amount', { exact: true }).fill('250');
  await f.getByLabel('Message (optional)').fill('Dinner last week');
  await a.getByTestId('flash-fee').filter({ hasText: 'Free' }).waitFor();
  await shot(ctx, a, 'flash-initiate-form-dark-desktop');
  await f.getByTestId('flash-submit').click();
  // enterCodes asks again while the e-mail code's resend interval runs (3 s in these tests).
  await enterCodes(ctx, a, senderEmail, secret, used);
  await shot(ctx, a, 'flash-initiate-step-up-dark-desktop');
  await confirmStepUp(ctx, a, senderEmail, secret, used);
  const sent = a.getByTestId('flash-sent');
  await sent.getByTestId('flash-state').filter({ hasText: 'Awaiting recipient' }).waitFor();
  await shot(ctx, a, 'flash-sent-awaiting-dark-desktop');
  ctx.log('  whitelisted, 250 USD sent with the step-up: awaiting the recipient');

  // The recipient's notice arrives live; it opens the confirmation view.
  await waitUntil(
    'the recipient unread badge',
    async () => Number((await badge.count()) ? await badge.textContent() : '0'),
    (n) => n > unreadBefore,
    15_000,
  );
  await b.getByRole('button', { name: /^Notifications, \d+ unread/ }).click();
  const item = b
    .locator('.notification-menu__item')
    .filter({ hasText: 'Flash remittance request' })
    .first();
  await item.waitFor();
  assert.match((await item.textContent()) ?? '', /sending you 250 USD/);
  await shot(ctx, b, 'flash-notice-light-desktop');
  await item.click();
  await b.getByTestId('notification-flash-open').click();
  const detail = b.getByTestId('flash-detail');
  await detail.getByTestId('flash-amount').filter({ hasText: '250 USD' }).waitFor();
  await detail.getByTestId('flash-message').filter({ hasText: 'Dinner last week' }).waitFor();
  // The recipient reads the sender's message, not the sender's form label ("optional").
  await detail.getByText("Sender's message", { exact: true }).waitFor();
  assert.equal(
    await detail.getByText(/optional/).count(),
    0,
    'no "optional" on the recipient view',
  );
  await detail
    .getByTestId('flash-time-left')
    .filter({ hasText: /^1[01] h/ })
    .waitFor();
  await shot(ctx, b, 'flash-confirm-light-desktop');
  await b.setViewportSize(MOBILE);
  await noSidewaysScroll(b, 'the confirmation view on a phone');
  await shot(ctx, b, 'flash-confirm-light-mobile');

  // Agree: processed at once; both sides see it completed.
  await detail.getByTestId('flash-agree').click();
  await detail.getByTestId('flash-state').filter({ hasText: 'Completed' }).waitFor();
  await shot(ctx, b, 'flash-completed-light-mobile');
  await sent
    .getByTestId('flash-state')
    .filter({ hasText: 'Completed' })
    .waitFor({ timeout: 10_000 });
  await shot(ctx, a, 'flash-sent-completed-dark-desktop');
  ctx.log('  the recipient saw the notice live and agreed: completed on both sides');

  // The histories.
  await a.goto(`${ctx.baseUrl}/flashRemittance/history`);
  const aRow = a.getByTestId('flash-history-row').first();
  await aRow.getByTestId('flash-state').filter({ hasText: 'Completed' }).waitFor();
  assert.match((await aRow.textContent()) ?? '', /Bob Lee · UID/);
  await shot(ctx, a, 'flash-history-sent-dark-desktop');
  await b.goto(`${ctx.baseUrl}/flashRemittance/history`);
  await b.getByTestId('flash-tab-RECEIVED').click();
  const bRow = b.getByTestId('flash-history-row').first();
  await bRow.getByTestId('flash-state').filter({ hasText: 'Completed' }).waitFor();
  await noSidewaysScroll(b, 'the flash history on a phone');
  await shot(ctx, b, 'flash-history-received-light-mobile');
  await checkBalance(b, ctx, recipientEmail);

  await sender.context.close();
  await recipient.context.close();
}

/** The recipient holds the 250 USD (the fee is 0 here: advertised free) and no CDC. */
async function checkBalance(page: Page, ctx: ScenarioContext, email: string) {
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await page.getByTestId('wallet-flash-USD').waitFor();
  const of = (asset: string) =>
    sql(
      `SELECT coalesce(sum(available), 0)::text FROM balance WHERE mode = 0 AND asset = '${asset}' AND "accountId" = (SELECT id::text FROM app_user WHERE email = '${email}')`,
    );
  assert.equal(Number(of('USD')), 250, 'the recipient received 250 USD');
  assert.equal(Number(of('CDC')), 0, 'no CDC stays with the recipient');
}
