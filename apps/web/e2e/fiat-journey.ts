import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { HK_HOLIDAYS } from '@exchange/contracts';
import type { Page } from 'playwright-core';
import {
  availableOf,
  depositAddress,
  depositState,
  confirmStepUp,
  enterCodes,
  faucet,
  verifiedUser,
} from './crypto-wallet';
import { simBank } from './fiat-bank';
import { linkAuthenticator } from './fiat-withdrawal';
import { noSidewaysScroll, waitUntil } from './helpers';
import { DESKTOP, MOBILE, shot, type ScenarioContext } from './scenarios';

/**
 * The whole fiat journey of issue 19 as a user lives it, in Real mode, with nothing seeded in the
 * database: a verified user opens the partner-bank account (the fees shown first) and passes
 * e-KYC on the bank's page; links her own bank account; deposits USD from it through the
 * simulated bank's sandbox command to the virtual account the deposit page shows, sees it
 * credited (fiat history, wallet, the partner-bank fees taken from it) and the linked account
 * verified; buys USDT on USDT_USD from a second user's resting sell order (Real has no market
 * makers: the second user deposits USDT with the simulated chain's faucet); withdraws USD to the
 * linked account (fee and amount received shown before the codes), sees it under review, frozen,
 * scheduled for the next Hong Kong banking window, then sent; the ledger audit is clean and the
 * USD balance is deposit - spent - withdrawn - partner-bank fees, to the cent.
 *
 * What is shortened or overridden, and nothing else:
 * - the review times (FIAT_DEPOSIT_REVIEW_SECONDS, FIAT_WITHDRAWAL_REVIEW_SECONDS: seconds) and the
 *   24-hour freeze (FIAT_WITHDRAWAL_FREEZE_SECONDS=10, refused in production), in exchange.ts;
 * - the banking-day wait: the gateway schedules the withdrawal by its real rule
 *   (nextBankingInstant), the test checks the time shown against the next Hong Kong business
 *   day's 09:00 computed here on its own, then the operator's audited override
 *   `npm run fiat:review -- send-now <id>` hands it to the bank at once, and the bank's own clock
 *   is moved to that banking instant (`npm run sim:bank -- set-clock`), so the bank sends it and
 *   calls back `transfer.sent`. Run inside Hong Kong banking hours, the withdrawal goes out when
 *   its freeze ends with no override at all.
 */

const GATEWAY_DIR = path.resolve(import.meta.dirname, '../../gateway');
const DATABASE_URL =
  process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_e2e';
const HOLDER = 'Ada Lovelace';
/**
 * Her own account number, new on each run: an account another user of the exchange whitelisted
 * (the fiat withdrawal scenario's, in the same run) is refused as not hers.
 */
const OWN_ACCOUNT = `004-${String(Math.floor(Math.random() * 1e6)).padStart(6, '0')}-${String(
  Math.floor(Math.random() * 1e3),
).padStart(3, '0')}`;
const OWN_SWIFT = 'HSBCHKHHHKH';
const DEPOSIT = '5000';
const USDT_PRICE = '1.00';
const USDT_AMOUNT = '100';
const WITHDRAW = '1000';
const HOUR = 3_600_000;

/** Money in whole cents (USD has two decimals), so sums are exact. */
const cents = (text: string | number) => Math.round(Number(String(text).replace(/,/g, '')) * 100);
const usd = (c: number) => (c / 100).toFixed(2);

/** A gateway command against the run's exchange (its database and Redis prefix). */
function gateway(script: string, ...args: string[]): string {
  const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: GATEWAY_DIR,
    encoding: 'utf8',
    env: {
      ...process.env,
      DATABASE_URL,
      REDIS_PREFIX: process.env.E2E_REDIS_PREFIX ?? '',
      TIME_SCALE: '1',
    },
  });
  assert.equal(run.status, 0, `${script} ${args.join(' ')} failed: ${run.stderr}${run.stdout}`);
  return run.stdout.trim();
}

/**
 * The next Hong Kong banking instant at or after `at`, worked out here from the rule (UTC+8, no
 * daylight saving; Monday to Friday except the general holidays; 09:00-17:00), not by the
 * gateway's nextBankingInstant.
 */
function nextHkBankingInstant(at: number): number {
  const business = (day: Date) =>
    day.getUTCDay() !== 0 &&
    day.getUTCDay() !== 6 &&
    !HK_HOLIDAYS.includes(day.toISOString().slice(0, 10));
  const local = new Date(at + 8 * HOUR); // its UTC fields read Hong Kong's wall clock
  const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
  const day = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate()));
  if (business(day) && hour < 9) return day.getTime() + 9 * HOUR - 8 * HOUR;
  if (business(day) && hour < 17) return at;
  do day.setUTCDate(day.getUTCDate() + 1);
  while (!business(day));
  return day.getTime() + 9 * HOUR - 8 * HOUR;
}

/** "YYYY-MM-DD HH:MM" on Hong Kong's wall clock. */
const hkWallClock = (at: number) =>
  new Date(at + 8 * HOUR).toISOString().slice(0, 16).replace('T', ' ');

/** A full-page screenshot from the top (scrolled down, the sticky header is drawn mid-page). */
async function snap(ctx: ScenarioContext, page: Page, name: string) {
  await page.evaluate('window.scrollTo(0, 0)');
  await shot(ctx, page, name);
}

/** A limit order on USDT_USD in Real mode, placed from the trade screen. */
async function placeLimit(
  ctx: ScenarioContext,
  page: Page,
  side: 'Buy' | 'Sell',
  price: string,
  amount: string,
  shotName?: string,
) {
  await page.goto(`${ctx.baseUrl}/trade/spot/USDT_USD`);
  await page.locator('header[data-mode="0"]').waitFor();
  const form = page.locator('.order-form');
  await form.getByRole('button', { name: side, exact: true }).click();
  await form.getByRole('tab', { name: 'Limit', exact: true }).click();
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Amount', { exact: true }).fill(amount);
  await page
    .locator(`[data-testid="${side === 'Buy' ? 'available-quote' : 'available-base'}"]`)
    .filter({ hasNotText: /^(-|0(\.0+)?)$/ })
    .waitFor({ timeout: 15_000 });
  const submit = form.getByRole('button', { name: `${side} USDT` });
  await waitUntil(
    'the Real order form is enabled',
    () => submit.isEnabled(),
    (v) => v,
  );
  if (shotName) await shot(ctx, page, shotName);
  await submit.click();
  await page.getByText('Order placed.').waitFor({ timeout: 15_000 });
}

export async function fiatJourney(ctx: ScenarioContext): Promise<void> {
  const alice = await verifiedUser(ctx);
  const { page, context, email } = alice;

  // 1. The partner-bank account: fees first, opened, e-KYC passed on the bank's own page.
  await page.goto(`${ctx.baseUrl}/accountCenter/identity`);
  await page.getByTestId('bank-account-entry').click();
  await page.waitForURL('**/accountCenter/identity/bankAccount');
  const fees = page.getByTestId('bank-fees').first();
  await fees.waitFor();
  assert.match(await fees.innerText(), /20 USD, once/);
  assert.match(await fees.innerText(), /5 USD per month/);
  assert.ok(await page.getByTestId('bank-open').isDisabled(), 'the fees are agreed first');
  await shot(ctx, page, 'journey-1-bank-fees-dark-desktop');
  await page.getByTestId('bank-agree').check();
  await page.getByTestId('bank-open').click();
  await page.locator('[data-state="EKYC_PENDING"]').waitFor({ timeout: 30_000 });
  const virtualAccount = (await page.getByTestId('bank-account-number').innerText()).trim();
  const opened = context.waitForEvent('page');
  await page.getByTestId('ekyc-link').click();
  const bankPage = await opened;
  const href = await page.getByTestId('ekyc-continue').getAttribute('href');
  assert.ok(href, 'the e-KYC link is shown');
  await bankPage.waitForURL(href);
  await bankPage.getByRole('button', { name: 'Pass identity check' }).click();
  await bankPage.getByRole('heading', { name: 'Identity check passed' }).waitFor();
  await bankPage.close();
  await page.locator('[data-state="ACTIVE"]').waitFor({ timeout: 30_000 });
  await shot(ctx, page, 'journey-1-bank-active-dark-desktop');
  ctx.log(`  ${email}: partner-bank account ${virtualAccount} open, e-KYC passed`);

  // 2. Her own bank account on the whitelist, for USD (the step-up needs the Authenticator).
  const { secret, used } = await linkAuthenticator(ctx, page);
  await page.goto(`${ctx.baseUrl}/accountCenter/bankCardManage`);
  await page.getByTestId('bank-accounts').waitFor();
  await page.getByTestId('add-bank-account').click();
  const form = page.getByTestId('bank-form');
  await form.getByLabel('Account holder').fill(HOLDER);
  await form.getByLabel('Account number').fill(OWN_ACCOUNT);
  await form.getByLabel('Bank name').fill('The Hongkong and Shanghai Banking Corporation Limited');
  await form.getByLabel('Bank code').fill('004');
  await form.getByLabel('SWIFT code').fill(OWN_SWIFT);
  await form.getByLabel('Bank address').fill('1 Queen Road Central, Hong Kong');
  await form.getByRole('button', { name: 'Continue' }).click();
  await enterCodes(ctx, page, email, secret, used);
  await confirmStepUp(ctx, page, email, secret, used);
  const card = page.locator('[data-bank-account]');
  await card.getByTestId('badge-verified').filter({ hasText: 'Unverified' }).waitFor();
  await card.getByTestId('badge-linked').filter({ hasText: 'Linked' }).waitFor();
  await shot(ctx, page, 'journey-2-bank-card-unverified-dark-desktop');
  ctx.log('  her own bank account linked for USD, unverified until its first deposit');

  // 3. USD in through the bank: the agreements once, the virtual account shown, the sandbox.
  await page.goto(`${ctx.baseUrl}/fiatChannel/JYB`);
  await page.getByTestId('fiat-agreements').waitFor();
  await page.getByRole('tab', { name: 'Fund transfer agreement' }).click();
  await page.getByTestId('agreements-read').check();
  await page.getByTestId('agreements-accept').click();
  const instructions = page.getByTestId('bank-instructions');
  await instructions.waitFor();
  const shown = (
    await instructions.locator('dt:text-is("Account number") + dd .fiat-mono').innerText()
  ).trim();
  assert.equal(shown, virtualAccount, 'the deposit page shows her virtual account');
  await shot(ctx, page, 'journey-3-bank-deposit-dark-desktop');
  ctx.log(
    `  ${simBank(ctx, 'deposit', shown, 'USD', DEPOSIT, '--payer-name', HOLDER, '--payer-account', OWN_ACCOUNT, '--payer-swift', OWN_SWIFT)}`,
  );
  await page.goto(`${ctx.baseUrl}/accountCenter/orders/fiatHistory`);
  const deposit = page.getByTestId('fiat-history-row').first();
  await deposit.filter({ hasText: 'Credited' }).waitFor({ timeout: 60_000 });
  const depositText = await deposit.innerText();
  assert.match(depositText, /Deposit/);
  assert.match(depositText, /Bank transfer/);
  assert.match(depositText, /5000/);
  await shot(ctx, page, 'journey-3-fiat-history-credited-dark-desktop');

  // The partner-bank fees owed since the opening are taken from the credit.
  await page.goto(`${ctx.baseUrl}/accountCenter/identity/bankAccount`);
  const feeRows = page.locator('.bank-table tbody tr');
  await waitUntil(
    'the owed fees deducted',
    async () => {
      await page.reload();
      await feeRows.first().waitFor();
      return (await feeRows.allInnerTexts()).join('\n');
    },
    (text) => !text.includes('Owed'),
    30_000,
  );
  let bankFees = 0;
  for (const text of await feeRows.allInnerTexts()) {
    const m = /([\d.]+) USD/.exec(text);
    assert.ok(m?.[1], `a fee row with an amount: ${text}`);
    bankFees += cents(m[1]);
  }
  assert.ok(bankFees >= cents(20), `the opening fee at least (${usd(bankFees)})`);
  await shot(ctx, page, 'journey-3-bank-fees-paid-dark-desktop');
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await page.locator('header[data-mode="0"]').waitFor();
  const afterDeposit = cents(DEPOSIT) - bankFees;
  await waitUntil(
    'USD credited, less the partner-bank fees',
    () => availableOf(page, 'USD'),
    (v) => cents(v) === afterDeposit,
    20_000,
  );
  await shot(ctx, page, 'journey-3-wallet-usd-dark-desktop');
  await page.goto(`${ctx.baseUrl}/accountCenter/bankCardManage`);
  await card
    .getByTestId('badge-verified')
    .filter({ hasText: /^Verified$/ })
    .waitFor();
  await shot(ctx, page, 'journey-3-bank-card-verified-dark-desktop');
  ctx.log(
    `  ${DEPOSIT} USD credited; partner-bank fees ${usd(bankFees)} USD taken; the linked account verified`,
  );

  // 4. USDT bought in Real mode from a second user's resting sell order.
  const bob = await verifiedUser(ctx);
  const bobAddress = await depositAddress(ctx, bob.page, 'USDT', /Tron \(TRC20\)/);
  faucet(ctx, 'TRX', bobAddress, '500', 'USDT');
  await depositState(bob.page, /^Available$/);
  await placeLimit(ctx, bob.page, 'Sell', USDT_PRICE, USDT_AMOUNT);
  ctx.log(`  the second user: 500 USDT from the faucet, selling ${USDT_AMOUNT} at ${USDT_PRICE}`);
  await placeLimit(ctx, page, 'Buy', USDT_PRICE, USDT_AMOUNT, 'journey-4-buy-usdt-dark-desktop');
  const spent = cents(USDT_PRICE) * Number(USDT_AMOUNT);
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await waitUntil(
    'USDT bought',
    () => availableOf(page, 'USDT'),
    (v) => v > 99,
    20_000,
  );
  assert.equal(cents(await availableOf(page, 'USD')), afterDeposit - spent);
  await shot(ctx, page, 'journey-4-wallet-after-trade-dark-desktop');
  await bob.context.close();
  ctx.log(`  bought ${USDT_AMOUNT} USDT for ${usd(spent)} USD`);

  // 5. USD out to the linked account: preview, codes, review -> frozen -> scheduled -> sent.
  await page.goto(`${ctx.baseUrl}/withdrawAssets/JYB`);
  const beforeWithdrawal = afterDeposit - spent;
  await waitUntil(
    'the available USD on the withdrawal page',
    async () =>
      cents(/[\d,]+(\.\d+)?/.exec(await page.getByTestId('fiat-available').innerText())?.[0] ?? ''),
    (v) => v === beforeWithdrawal,
  );
  const w = page.getByTestId('fiat-form');
  await w.getByLabel('Amount', { exact: true }).fill(WITHDRAW);
  await w.getByLabel('Bank city').fill('Hong Kong');
  await w.getByLabel('Recipient address').fill('Flat 1, 2 Nathan Road');
  await w.getByLabel('Recipient city').fill('Kowloon');
  await w.getByLabel('Recipient ZIP code').fill('000000');
  await page.getByTestId('fiat-received').filter({ hasText: '988 USD' }).waitFor();
  const terms = await page.getByTestId('fiat-terms').innerText();
  assert.match(terms, /12 USD/, 'the estimated fee is shown');
  // Outside banking hours the estimate is the next window's opening (inside, about now).
  const window = nextHkBankingInstant(Date.now() + 30_000);
  const sendsBy = window > Date.now() + 60_000 ? `${hkWallClock(window)} Hong Kong time` : '';
  assert.ok(terms.includes(`${sendsBy || 'Hong Kong time'}`), `sent to the bank: ${terms}`);
  await snap(ctx, page, 'journey-5-withdraw-form-dark-desktop');
  await page.setViewportSize(MOBILE);
  await noSidewaysScroll(page, 'the fiat withdrawal form at 375 px');
  await snap(ctx, page, 'journey-5-withdraw-form-dark-375');
  await page.setViewportSize(DESKTOP);
  await w.getByTestId('fiat-submit').click();
  const confirm = page.getByRole('dialog', { name: 'Confirm withdrawal' });
  await confirm.getByTestId('confirm-received').filter({ hasText: '988' }).waitFor();
  await enterCodes(ctx, page, email, secret, used);
  await snap(ctx, page, 'journey-5-withdraw-step-up-dark-desktop');
  await confirmStepUp(ctx, page, email, secret, used, confirm);
  const row = page.locator('tr[data-fiat-withdrawal]').first();
  const state = row.getByTestId('fiat-withdrawal-state');
  const id = await row.getAttribute('data-fiat-withdrawal');
  assert.ok(id);
  await state.filter({ hasText: 'Under review' }).waitFor();
  await snap(ctx, page, 'journey-5-withdraw-review-dark-desktop');
  await state.filter({ hasText: 'Frozen' }).waitFor({ timeout: 30_000 });
  await snap(ctx, page, 'journey-5-withdraw-frozen-dark-desktop');
  ctx.log(`  withdrawal ${id}: under review, then frozen`);

  // When its freeze ends: the next Hong Kong banking window, by the rule worked out here.
  const released = await waitUntil(
    'the freeze ends',
    async () => (await row.getAttribute('data-state')) ?? '',
    (s) => s !== 'FROZEN',
    60_000,
  );
  const expected = nextHkBankingInstant(Date.now());
  const overridden = released === 'SCHEDULED' && expected > Date.now();
  if (overridden) {
    const detail = await row.locator('.fiat-state__detail').innerText();
    assert.ok(
      detail.includes(`${hkWallClock(expected)} Hong Kong time`),
      `scheduled for ${hkWallClock(expected)} Hong Kong time, shown: ${detail}`,
    );
    assert.ok(hkWallClock(expected).endsWith('09:00'));
    await snap(ctx, page, 'journey-5-withdraw-scheduled-dark-desktop');
    await page.setViewportSize(MOBILE);
    await noSidewaysScroll(page, 'the fiat withdrawal page at 375 px');
    await snap(ctx, page, 'journey-5-withdraw-scheduled-dark-375');
    await page.setViewportSize(DESKTOP);
    ctx.log(`  scheduled for ${hkWallClock(expected)} Hong Kong time, as the rule says`);
    // The override (see the comment at the top): the bank's clock at that banking instant, the
    // operator's audited send-now.
    ctx.log(`  ${simBank(ctx, 'set-clock', new Date(expected).toISOString())}`);
    ctx.log(
      `  ${gateway('src/features/fiat/fiat-withdrawal/review-cli.ts', 'send-now', id, '--by', 'e2e-operator')}`,
    );
  } else ctx.log(`  inside Hong Kong banking hours: ${released}, no override needed`);
  await state.filter({ hasText: 'Sent' }).waitFor({ timeout: 60_000 });
  await row
    .locator('.fiat-state__detail')
    .filter({ hasText: /^sent / })
    .waitFor();
  const feeText = await row.innerText();
  const actual = /([\d.]+) USD \(received ([\d.]+)\)/.exec(feeText);
  assert.ok(actual?.[1] && actual[2], `the actual fee shown: ${feeText}`);
  assert.ok(cents(actual[1]) >= 1000 && cents(actual[1]) <= 1200, 'fee 10-12 USD');
  assert.equal(cents(actual[1]) + cents(actual[2]), cents(WITHDRAW));
  await snap(ctx, page, 'journey-5-withdraw-sent-dark-desktop');
  await page.setViewportSize(MOBILE);
  await noSidewaysScroll(page, 'the fiat withdrawal page at 375 px');
  await snap(ctx, page, 'journey-5-withdraw-sent-dark-375');
  await page.setViewportSize(DESKTOP);
  ctx.log(`  sent: ${actual[2]} USD received, intermediary fee ${actual[1]} USD`);
  const audit = gateway(
    'src/cli/ops.ts',
    'audit',
    '--entity',
    'fiat-withdrawal',
    '--key',
    id,
    '--json',
  );
  // Inside Hong Kong banking hours it went without the operator: nothing in the audit then.
  if (overridden) assert.match(audit, /send-now/, 'the override is in the operator audit');
  else assert.doesNotMatch(audit, /send-now/, 'no override, none in the operator audit');

  // 6. The ledger audit, and the USD balance to the cent.
  ctx.log(`  ${gateway('src/features/wallet/ledger/audit-cli.ts').split('\n').pop() ?? ''}`);
  await page.goto(`${ctx.baseUrl}/accountCenter/orders/fiatHistory`);
  const history = page.getByTestId('fiat-history-row');
  await history.first().filter({ hasText: 'Sent' }).waitFor();
  // Both name her account the same way, masked: the money went out where it came from.
  const last4 = OWN_ACCOUNT.replace(/\D/g, '').slice(-4);
  for (const text of await history.allInnerTexts()) assert.ok(text.includes(`•••• ${last4}`), text);
  await snap(ctx, page, 'journey-6-fiat-history-dark-desktop');
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  const final = cents(DEPOSIT) - spent - cents(WITHDRAW) - bankFees;
  await waitUntil(
    'USD = deposit - spent - withdrawn - partner-bank fees',
    () => availableOf(page, 'USD'),
    (v) => cents(v) === final,
  );
  const frozen = await page.locator('tr[data-asset="USD"] .wallet-table__frozen').innerText();
  assert.equal(cents(frozen || '0'), 0, 'nothing left frozen');
  await snap(ctx, page, 'journey-6-wallet-final-dark-desktop');
  ctx.log(
    `  USD ${usd(final)} = ${DEPOSIT} - ${usd(spent)} - ${WITHDRAW} - ${usd(bankFees)}; ledger audit clean`,
  );
  await context.close();
}
