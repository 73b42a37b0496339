import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { noSidewaysScroll } from './helpers';
import { verify } from './crypto-wallet';
import type { User } from './fixtures';
import { MOBILE, DESKTOP, shot, type ScenarioContext } from './scenarios';

const SIM_DIR = path.resolve(import.meta.dirname, '../../matching-sim');

/** The partner bank's developer command (`npm run sim:bank -- ...`) against this run's bank. */
export function simBank(ctx: ScenarioContext, ...args: string[]): string {
  const port = Number(new URL(ctx.baseUrl).port) + 13;
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'src/sim/bank/cli.ts', ...args], {
    cwd: SIM_DIR,
    encoding: 'utf8',
    env: { ...process.env, BANK_SIM_URL: `http://127.0.0.1:${port}` },
  });
  assert.equal(run.status, 0, `sim:bank ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
  return run.stdout.trim();
}

/**
 * The partner-bank account (issue 19, bank part): a verified user opens it from the
 * certification centre with the fees shown first; the bank refuses the first application (a
 * developer's `set-outcome open fail`) and opens the second; the user passes e-KYC on the bank's
 * own page and the account turns active with its virtual account number.
 */
export async function partnerBankAccount(ctx: ScenarioContext, user: User): Promise<void> {
  const { context, page, email } = user;
  await verify(ctx, page);
  ctx.log(`  ${email} registered and verified`);

  await page.getByTestId('bank-account-entry').click();
  await page.waitForURL('**/accountCenter/identity/bankAccount');
  await page.getByRole('heading', { name: 'Partner bank account', level: 1 }).waitFor();
  await page.getByTestId('bank-fees').first().waitFor();
  assert.match(await page.getByTestId('bank-fees').first().innerText(), /20 USD, once/);
  assert.match(await page.getByTestId('bank-fees').first().innerText(), /5 USD per month/);
  await shot(ctx, page, 'bank-account-open-dark-desktop');

  ctx.log(
    `  ${simBank(ctx, 'set-outcome', 'open', 'fail', 'The name does not match the bank records.')}`,
  );
  const open = page.getByTestId('bank-open');
  assert.ok(await open.isDisabled(), 'opening waits for the fees to be agreed');
  await page.getByTestId('bank-agree').check();
  await open.click();
  await page.getByText('Open account failed', { exact: true }).first().waitFor({ timeout: 30_000 });
  await page.getByText('The name does not match the bank records.', { exact: false }).waitFor();
  await shot(ctx, page, 'bank-account-open-failed-dark-desktop');
  ctx.log('  the bank refused the first application: its reason is shown');

  await page.getByTestId('bank-agree').check();
  await page.getByRole('button', { name: 'Apply again' }).click();
  await page.locator('[data-state="EKYC_PENDING"]').waitFor({ timeout: 30_000 });
  const number = (await page.getByTestId('bank-account-number').innerText()).trim();
  assert.match(number, /^392\d{10}$/);
  await shot(ctx, page, 'bank-account-ekyc-dark-desktop');
  ctx.log(`  the bank opened virtual account ${number}`);
  ctx.log(`  ${simBank(ctx, 'accounts').split('\n')[0]}`);

  // One click opens the bank's e-KYC page in a new tab; the link stays on the page to open again.
  const opened = context.waitForEvent('page');
  await page.getByTestId('ekyc-link').click();
  const bankPage = await opened;
  const cont = page.getByTestId('ekyc-continue');
  await cont.waitFor();
  const href = await cont.getAttribute('href');
  assert.ok(href, 'the e-KYC link is shown');
  await bankPage.waitForURL(href);
  await shot(ctx, page, 'bank-account-ekyc-link-dark-desktop');
  await bankPage.getByRole('heading', { name: 'Confirm your identity' }).waitFor();
  await shot(ctx, bankPage, 'bank-ekyc-page');
  await bankPage.getByRole('button', { name: 'Pass identity check' }).click();
  await bankPage.getByRole('heading', { name: 'Identity check passed' }).waitFor();
  await shot(ctx, bankPage, 'bank-ekyc-passed');
  await bankPage.close();
  ctx.log('  e-KYC passed on the bank’s page');

  await page.locator('[data-state="ACTIVE"]').waitFor({ timeout: 30_000 });
  await page.getByText('Your bank account is active').waitFor();
  await shot(ctx, page, 'bank-account-active-dark-desktop');
  await page.setViewportSize(MOBILE);
  await noSidewaysScroll(page, 'the partner bank account page');
  await shot(ctx, page, 'bank-account-active-dark-375');
  await page.setViewportSize(DESKTOP);
  await page.goto(`${ctx.baseUrl}/accountCenter/identity`);
  await page.getByTestId('bank-account-entry').waitFor();
  await shot(ctx, page, 'bank-account-centre-dark-desktop');
  await context.close();
}
