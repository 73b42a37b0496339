import { spawnSync } from 'node:child_process';
import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { authenticatorCode, noStepUsed } from './authenticator';
import { enterCodes, verify } from './crypto-wallet';
import { noSidewaysScroll, waitUntil } from './helpers';
import type { User } from './fixtures';
import { DESKTOP, MOBILE, shot, type ScenarioContext } from './scenarios';

/**
 * The bank-account whitelist and a fiat withdrawal (issue 19, the withdraw part): a verified
 * user links Google Authenticator, meets the whitelist's rules (a joint holder and another
 * person's name refused), adds an account in her own name, sees it unverified (the withdrawal
 * page refuses it), then, verified (seeded: the bank deposit that verifies it is the bank
 * simulator's), withdraws USD with the estimated fee and amount received shown before the codes,
 * and sees it under review, then frozen for 24 hours with the business-day send time; a second
 * withdrawal is cancelled and its funds come back. The send itself (next business day, the bank's
 * callback) runs on the manual clock in the gateway tests.
 */

/** Runs SQL on the run's database (seeding what an outside party would have done). */
export function sql(statement: string): string {
  const url = process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_e2e';
  const run = spawnSync('psql', [url, '-v', 'ON_ERROR_STOP=1', '-At', '-c', statement], {
    encoding: 'utf8',
  });
  assert.equal(run.status, 0, `psql failed: ${run.stderr}`);
  return run.stdout.trim();
}

/** Real USD from outside, as a bank deposit credits it: two balanced ledger legs. */
export function creditUsd(email: string, amount: string) {
  sql(`
    WITH u AS (SELECT id::text AS id FROM app_user WHERE email = '${email}'),
    tx AS (SELECT gen_random_uuid() AS id),
    legs AS (
      INSERT INTO ledger_entry ("txId", "accountId", mode, asset, bucket, amount, "flowType", "refType", "refId", "createdAt")
      SELECT tx.id, 'system:external', 0, 'USD', 'AVAILABLE', -${amount}, 190001, 'E2E_CREDIT', u.id, now() FROM u, tx
      UNION ALL
      SELECT tx.id, u.id, 0, 'USD', 'AVAILABLE', ${amount}, 190001, 'E2E_CREDIT', u.id, now() FROM u, tx
      RETURNING 1
    )
    INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
    SELECT 'system:external', 0, 'USD', -${amount}, 0, true, now() FROM legs LIMIT 1
    ON CONFLICT ("accountId", mode, asset) DO UPDATE SET available = balance.available + EXCLUDED.available;
    INSERT INTO balance ("accountId", mode, asset, available, frozen, "isSystem", "updatedAt")
    SELECT id::text, 0, 'USD', ${amount}, 0, false, now() FROM app_user WHERE email = '${email}'
    ON CONFLICT ("accountId", mode, asset) DO UPDATE SET available = balance.available + EXCLUDED.available;
  `);
}

export async function linkAuthenticator(ctx: ScenarioContext, page: Page) {
  await page.goto(`${ctx.baseUrl}/accountCenter/security`);
  await page.getByTestId('method-google').getByRole('button', { name: 'Link' }).click();
  const link = page.getByRole('dialog', { name: 'Link Google Authenticator' });
  const secretBox = link.getByTestId('authenticator-secret');
  await secretBox.waitFor();
  const secret = ((await secretBox.textContent()) ?? '').trim();
  const used = noStepUsed();
  await link.getByLabel('Google verification code').fill(await authenticatorCode(secret, used));
  await link.getByRole('button', { name: 'Link' }).click();
  await page.getByTestId('google-state').filter({ hasText: 'Linked' }).waitFor();
  return { secret, used };
}

export async function fiatWithdrawal(ctx: ScenarioContext, user: User): Promise<void> {
  const { context, page, email } = user;
  await verify(ctx, page);
  const { secret, used } = await linkAuthenticator(ctx, page);
  // Every method counts now: e-mail, Google Authenticator and the verified identity.
  await page.getByTestId('security-level').filter({ hasText: 'Level 3 of 3' }).waitFor();
  await page.getByTestId('method-identity').getByText('Your identity is verified.').waitFor();
  await shot(ctx, page, 'security-level-3-dark-desktop');
  // The same at 375 px, and in Arabic in the light theme.
  await page.setViewportSize(MOBILE);
  await shot(ctx, page, 'security-level-3-dark-375');
  await page.goto(`${ctx.baseUrl}/accountCenter/security?lang=ar&theme=light`);
  await page.getByTestId('identity-state').filter({ hasText: 'تم التحقق' }).waitFor();
  await shot(ctx, page, 'security-level-3-ar-light-375');
  await page.setViewportSize(DESKTOP);
  await page.goto(`${ctx.baseUrl}/accountCenter/security?lang=en&theme=dark`);
  await page.getByTestId('identity-state').filter({ hasText: 'Verified' }).waitFor();
  ctx.log(`  ${email} verified (Ada Lovelace), Google Authenticator linked: security level 3`);

  // The whitelist's rules, shown under the fields before any code is asked for.
  await page.goto(`${ctx.baseUrl}/accountCenter/bankCardManage`);
  await page.getByTestId('bank-accounts').waitFor();
  await page.getByTestId('add-bank-account').click();
  const form = page.getByTestId('bank-form');
  await form.getByLabel('Account holder').fill('Ada Lovelace and Charles Babbage');
  await form.getByLabel('Account number').fill('12');
  await form.getByLabel('Bank name').fill('The Hongkong and Shanghai Banking Corporation Limited');
  await form.getByLabel('Bank code').fill('004');
  await form.getByLabel('SWIFT code').fill('HSBC12');
  await form.getByLabel('Bank address').fill('1 Queen Road Central, Hong Kong');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByText('Joint accounts are not supported').first().waitFor();
  await form.getByText('Enter a SWIFT/BIC code').waitFor();
  await shot(ctx, page, 'fiat-bank-form-errors-dark-desktop');
  // Another person's name passes the form's own checks; the gateway's check refuses it with the
  // verified name, under the field, before any code is asked for.
  await form.getByLabel('Account holder').fill('Charles Babbage');
  await form.getByLabel('Account number').fill('004-123456-789');
  await form.getByLabel('SWIFT code').fill('HSBCHKHHHKH');
  await form.getByRole('button', { name: 'Continue' }).click();
  await form.getByRole('alert').filter({ hasText: 'Ada Lovelace' }).waitFor();
  assert.equal(await page.getByRole('dialog').count(), 0, 'no codes asked for a refused holder');
  await shot(ctx, page, 'fiat-bank-holder-mismatch-dark-desktop');
  await form.getByLabel('Account holder').fill('MS LOVELACE Ada');
  await form.getByRole('button', { name: 'Continue' }).click();
  await enterCodes(ctx, page, email, secret, used);
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const card = page.locator('[data-bank-account]');
  await card.getByTestId('badge-verified').filter({ hasText: 'Unverified' }).waitFor();
  await card.getByTestId('badge-linked').filter({ hasText: 'Linked' }).waitFor();
  await shot(ctx, page, 'fiat-bank-unverified-dark-desktop');
  ctx.log('  joint holder and another name refused; own account added, linked, unverified');

  // Unverified: the withdrawal page says it cannot withdraw.
  creditUsd(email, '5000');
  await page.goto(`${ctx.baseUrl}/withdrawAssets/JYB`);
  await page
    .getByTestId('linked-account')
    .getByText('Unverified bank accounts cannot withdraw')
    .waitFor();
  assert.ok(await page.getByTestId('fiat-submit').isDisabled(), 'no withdrawal to it');
  await shot(ctx, page, 'fiat-withdraw-unverified-dark-desktop');

  // Verified (the bank simulator's first deposit from it does this in the full story).
  sql(
    `UPDATE bank_account SET "verifiedAt" = now() WHERE "userId" = (SELECT id FROM app_user WHERE email = '${email}')`,
  );
  await page.goto(`${ctx.baseUrl}/accountCenter/bankCardManage`);
  await card.getByTestId('badge-verified').filter({ hasText: 'Verified' }).waitFor();
  await shot(ctx, page, 'fiat-bank-verified-dark-desktop');

  await page.goto(`${ctx.baseUrl}/withdrawAssets/JYB`);
  await page.getByTestId('fiat-available').filter({ hasText: '5000' }).waitFor();
  const w = page.getByTestId('fiat-form');
  await w.getByLabel('Amount', { exact: true }).fill('1000');
  await w.getByLabel('Bank city').fill('Hong Kong');
  await w.getByLabel('Recipient address').fill('Flat 1, 2 Nathan Road');
  await w.getByLabel('Recipient city').fill('Kowloon');
  await w.getByLabel('Recipient ZIP code').fill('000000');
  await w.getByLabel('Transit bank name').fill('Citibank NA');
  await page.getByTestId('fiat-received').filter({ hasText: '988 USD' }).waitFor();
  await shot(ctx, page, 'fiat-withdraw-form-dark-desktop');
  await w.getByTestId('fiat-submit').click();
  await w.getByText("Give both the transit bank's name and its SWIFT code").waitFor();
  await w.getByLabel('Transit bank SWIFT code').fill('CITIUS33');
  await w.getByTestId('fiat-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await confirm.getByTestId('confirm-received').filter({ hasText: '988' }).waitFor();
  await enterCodes(ctx, page, email, secret, used);
  await shot(ctx, page, 'fiat-withdraw-step-up-dark-desktop');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.waitFor({ state: 'detached' });
  const row = page.locator('tr[data-fiat-withdrawal]').first();
  await row.getByTestId('fiat-withdrawal-state').filter({ hasText: 'Under review' }).waitFor();
  await shot(ctx, page, 'fiat-withdraw-review-dark-desktop');
  await row
    .getByTestId('fiat-withdrawal-state')
    .filter({ hasText: 'Frozen' })
    .waitFor({ timeout: 30_000 });
  await page.getByTestId('fiat-available').filter({ hasText: '4000' }).waitFor();
  await shot(ctx, page, 'fiat-withdraw-frozen-dark-desktop');
  ctx.log(
    '  1000 USD requested: under review, then frozen (10 s in this exchange, 24 hours by default), 4000 left available',
  );

  // A second one, cancelled while under review: its funds come back.
  await w.getByLabel('Amount', { exact: true }).fill('500');
  await w.getByTestId('fiat-submit').click();
  await enterCodes(ctx, page, email, secret, used);
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.waitFor({ state: 'detached' });
  await page.getByTestId('fiat-available').filter({ hasText: '3500' }).waitFor();
  const second = page.locator('tr[data-fiat-withdrawal]').filter({ hasText: '500 USD' });
  await second.getByRole('button', { name: 'Cancel' }).click();
  await second.getByTestId('fiat-withdrawal-state').filter({ hasText: 'Cancelled' }).waitFor();
  await waitUntil(
    'the cancelled amount is back',
    () => page.getByTestId('fiat-available').textContent(),
    (v) => (v ?? '').includes('4000'),
  );
  await shot(ctx, page, 'fiat-withdraw-history-dark-desktop');
  ctx.log('  a second withdrawal cancelled: 500 USD back');

  // On a phone both pages fit the width.
  await page.setViewportSize(MOBILE);
  await page.reload();
  await page.locator('tr[data-fiat-withdrawal]').first().waitFor();
  await noSidewaysScroll(page, 'the fiat withdrawal page on a phone');
  await shot(ctx, page, 'fiat-withdraw-dark-mobile');
  await page.goto(`${ctx.baseUrl}/accountCenter/bankCardManage`);
  await card.waitFor();
  await noSidewaysScroll(page, 'the bank accounts page on a phone');
  await shot(ctx, page, 'fiat-bank-dark-mobile');
  await context.close();
}
