import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { toChecksumAddress } from '@exchange/contracts';
import type { BrowserContext, Page } from 'playwright-core';
import { authenticatorCode, noStepUsed, type UsedSteps } from './authenticator';
import { noSidewaysScroll, readEmailCode, waitUntil } from './helpers';
import { fill, image, select, upload } from './kyc';
import { MOBILE, newPage, registerUser, shot, type ScenarioContext } from './scenarios';

/**
 * The crypto wallet (issue 18) end to end: two verified users each get a deposit address, the
 * test sends them coins with the simulated chain's faucet (`npm run sim:chain -- send`), the
 * pages show the deposits confirming, under review and available; the second user's resting
 * sell order is the Real-mode liquidity the first user buys from (Real has no market makers);
 * the first user links Google Authenticator, whitelists an address, turns "whitelisted only" on,
 * withdraws the coins bought to it with the Authenticator and e-mail codes, and sees it completed.
 *
 * The exchange of the run (exchange.ts) mines a block every half second and reviews deposits
 * and withdrawals in seconds, with no whitelist cooling period, so the whole story takes about
 * two minutes. Its night batch is off (WITHDRAWAL_NIGHT_BATCH=false; the gateway tests run the
 * 22:00-09:00 Hong Kong window on the manual clock), so the withdrawal completes at any hour.
 */

const SIM_DIR = path.resolve(import.meta.dirname, '../../matching-sim');
/** Where the coins go out: an EIP-55 address of a wallet outside the exchange. */
const OUTSIDE = toChecksumAddress(Uint8Array.from({ length: 20 }, (_, i) => (i * 37 + 11) % 256));

/** The faucet of the run's simulated chains (at the exchange's port + 12, as `npm start` runs it). */
export function faucet(
  ctx: ScenarioContext,
  network: string,
  address: string,
  amount: string,
  asset: string,
) {
  const port = Number(new URL(ctx.baseUrl).port) + 12;
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'src/sim/chain/cli.ts', 'send', network, address, amount, asset],
    {
      cwd: SIM_DIR,
      encoding: 'utf8',
      env: { ...process.env, CHAIN_SIM_URL: `http://127.0.0.1:${port}` },
    },
  );
  assert.equal(run.status, 0, `the faucet failed: ${run.stderr}${run.stdout}`);
  ctx.log(`  faucet: ${run.stdout.trim().split('\n')[0]}`);
}

/** Fills the individual verification and waits for the simulated provider's approval. */
export async function verify(ctx: ScenarioContext, page: Page): Promise<void> {
  await page.goto(`${ctx.baseUrl}/accountCenter/identity/individualKyc`);
  await page.locator('[name="firstName"]').waitFor();
  await select(page, 'title', 'MS');
  await fill(page, 'firstName', 'Ada');
  await fill(page, 'lastName', 'Lovelace');
  await select(page, 'gender', 'FEMALE');
  await fill(page, 'birthDate', '1990-05-01');
  await select(page, 'nationality', 'GB');
  await select(page, 'country', 'HK');
  await fill(page, 'phoneAreaCode', '852');
  await fill(page, 'phoneNumber', '55512345');
  await select(page, 'livingAddress.country', 'HK');
  await fill(page, 'livingAddress.state', 'Hong Kong Island');
  await fill(page, 'livingAddress.city', 'Hong Kong');
  await fill(page, 'livingAddress.code', '999077');
  await fill(page, 'livingAddress.address1', '1 Queen Road Central');
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByRole('form', { name: 'Advanced verification' }).waitFor({ timeout: 15_000 });
  await fill(page, 'idNumber', 'A1234567');
  await fill(page, 'validDate', '2031-06-30');
  for (const [name, type] of [
    ['addressProof', 'image/png'],
    ['idFront', 'image/jpeg'],
    ['idBack', 'image/png'],
    ['holdingId', 'image/jpeg'],
  ] as const) {
    await upload(page, name, {
      name: `${name}.${type === 'image/png' ? 'png' : 'jpg'}`,
      mimeType: type,
      buffer: await image(page, type, name),
    });
  }
  await page.getByRole('button', { name: 'Submit for review' }).click();
  await page.waitForURL((url) => url.pathname === '/accountCenter/identity', { timeout: 15_000 });
  await page.locator('.kyc-status[data-status="PASS"]').waitFor({ timeout: 90_000 });
}

export async function verifiedUser(ctx: ScenarioContext) {
  const { context, page } = await newPage(ctx);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: ctx.baseUrl });
  const email = await registerUser(ctx, page, context);
  await verify(ctx, page);
  ctx.log(`  ${email} registered and verified by the simulated provider`);
  return { context, page, email };
}

/** Chooses a coin and a network on the open /cryptoChannel tab. */
async function choose(page: Page, coin: string, network: RegExp) {
  await page.locator('select[name="coin"]').first().selectOption(coin);
  await page.getByRole('radio', { name: network }).check();
}

/** Dismisses every guidance tip shown (each once: the flags stay in local storage). */
async function dismissGuides(page: Page) {
  for (;;) {
    const tip = page.locator('.crypto-guide').first();
    if ((await tip.count()) === 0) return;
    await tip.getByRole('button', { name: 'Got it' }).click();
  }
}

/** The deposit address of a coin on a network, read from the page, after checking Copy. */
export async function depositAddress(
  ctx: ScenarioContext,
  page: Page,
  coin: string,
  network: RegExp,
  shotName?: string,
): Promise<string> {
  await page.goto(`${ctx.baseUrl}/cryptoChannel?coin=${coin}`);
  await page.getByRole('radio', { name: network }).waitFor();
  if (shotName) await shot(ctx, page, `${shotName}-guidance-dark-desktop`);
  await choose(page, coin, network);
  await dismissGuides(page);
  const box = page.getByTestId('deposit-address');
  await box.waitFor();
  await page.getByTestId('deposit-qr').waitFor();
  const address = ((await box.textContent()) ?? '').trim();
  await page.getByRole('button', { name: 'Copy address' }).click();
  await page.getByRole('button', { name: 'Copied' }).waitFor();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, address, 'Copy puts the address on the clipboard');
  if (shotName) await shot(ctx, page, `${shotName}-dark-desktop`);
  return address;
}

/** Waits for the newest deposit's state to read `text` (the page is live: no reload). */
export async function depositState(page: Page, text: RegExp, timeout = 90_000) {
  await page
    .getByTestId('deposit-history')
    .locator('tbody tr')
    .first()
    .getByTestId('deposit-state')
    .filter({ hasText: text })
    .waitFor({ timeout });
}

export async function availableOf(page: Page, asset: string): Promise<number> {
  const row = page.locator(`tr[data-asset="${asset}"]`);
  await row.waitFor();
  return Number(
    ((await row.locator('.wallet-table__available').textContent()) ?? '0').replace(/,/g, ''),
  );
}

/** Step-up codes in an open dialog: the Google code and a STEP_UP code mailed to the account. */
export async function enterCodes(
  ctx: ScenarioContext,
  page: Page,
  email: string,
  secret: string,
  used: UsedSteps,
) {
  const dialog = page.getByRole('dialog');
  const before = await readEmailCode(ctx.baseUrl, email).catch(() => '');
  // One code per EMAIL_CODE_RESEND_SECONDS (3 s here) per account: a code mailed for the previous
  // step makes the server ask to wait (the field says so); the test asks again a second later, as
  // a person would, instead of sleeping a fixed while.
  const sent = dialog.getByText('A code was sent. It is valid for 10 minutes.');
  const refused = dialog
    .locator('.field', { has: page.getByLabel('E-mail verification code') })
    .locator('.field__error');
  for (let attempt = 0; ; attempt += 1) {
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await sent.or(refused).first().waitFor({ timeout: 15_000 });
    if (await sent.isVisible()) break;
    assert.ok(attempt < 60, `the e-mail code could not be sent: ${await refused.innerText()}`);
    await page.waitForTimeout(1_000);
  }
  const code = await waitUntil(
    'a new e-mailed code',
    () => readEmailCode(ctx.baseUrl, email),
    (c) => c !== before,
  );
  await dialog.getByLabel('E-mail verification code').fill(code);
  await dialog.getByLabel('Google verification code').fill(await authenticatorCode(secret, used));
}

/**
 * Confirms a step-up dialog whose codes are entered and waits for it to close. Should a code be
 * refused anyway (authenticatorCode leaves the server 15 s or more to check it), the test enters
 * fresh codes once more, as a person would; any other answer fails with the dialog's text.
 */
export async function confirmStepUp(
  ctx: ScenarioContext,
  page: Page,
  email: string,
  secret: string,
  used: UsedSteps,
  dialog = page.getByRole('dialog'),
): Promise<void> {
  for (let attempt = 0; ; attempt += 1) {
    await dialog.getByRole('button', { name: 'Confirm' }).click();
    const closed = await dialog
      .waitFor({ state: 'detached', timeout: 20_000 })
      .then(() => true)
      .catch(() => false);
    if (closed) return;
    const error = await dialog
      .getByTestId('step-up-error')
      .innerText({ timeout: 1_000 })
      .catch(() => '');
    assert.ok(
      attempt === 0 && /code/i.test(error),
      `the step-up dialog stayed open: ${error || (await dialog.innerText())}`,
    );
    ctx.log(`  step-up answered "${error}": fresh codes`);
    await enterCodes(ctx, page, email, secret, used);
  }
}

async function placeLimit(
  ctx: ScenarioContext,
  page: Page,
  side: 'Buy' | 'Sell',
  price: string,
  amount: string,
) {
  await page.goto(`${ctx.baseUrl}/trade/spot/ETH_USDT`);
  await page.locator('header[data-mode="0"]').waitFor();
  const form = page.locator('.order-form');
  await form.getByRole('button', { name: side, exact: true }).click();
  await form.getByRole('tab', { name: 'Limit', exact: true }).click();
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Amount', { exact: true }).fill(amount);
  // The balance the form checks against has loaded (the quote for a buy, the base for a sell).
  await page
    .locator(`[data-testid="${side === 'Buy' ? 'available-quote' : 'available-base'}"]`)
    .filter({ hasNotText: /^(-|0(\.0+)?)$/ })
    .waitFor({ timeout: 15_000 });
  const submit = form.getByRole('button', { name: `${side} ETH` });
  await waitUntil(
    'the Real order form is enabled',
    () => submit.isEnabled(),
    (v) => v,
  );
  await submit.click();
  await page
    .getByText('Order placed.')
    .waitFor({ timeout: 15_000 })
    .catch(async (err: unknown) => {
      await shot(ctx, page, `crypto-trade-${side.toLowerCase()}-failed`);
      throw err;
    });
}

export async function cryptoWallet(ctx: ScenarioContext): Promise<void> {
  const alice = await verifiedUser(ctx);
  const bob = await verifiedUser(ctx);
  const { page } = alice;

  // The wallet's Deposit button leads to /cryptoChannel with the coin chosen.
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await page.locator('header[data-mode="0"]').waitFor();
  const hideZero = page.getByRole('checkbox', { name: 'Hide zero balances' });
  if (await hideZero.isChecked()) await hideZero.uncheck();
  await page.locator('tr[data-asset="USDT"]').getByRole('link', { name: 'Deposit USDT' }).click();
  await page.waitForURL('**/cryptoChannel?tab=deposit&coin=USDT');

  // Alice: USDT on Tron. The guidance shows once; the address copies; the faucet sends 500.
  const tron = /Tron \(TRC20\)/;
  const aliceAddress = await depositAddress(ctx, page, 'USDT', tron, 'crypto-deposit-address');
  assert.match(aliceAddress, /^T[1-9A-HJ-NP-Za-km-z]{33}$/, 'a Tron address');
  faucet(ctx, 'TRX', aliceAddress, '500', 'USDT');
  await depositState(page, /^Confirming \d+\/20$/, 30_000);
  await shot(ctx, page, 'crypto-deposit-confirming-dark-desktop');
  ctx.log('  Alice: 500 USDT on Tron, confirming n/20 on the page');
  await depositState(page, /^Under review$/);
  await shot(ctx, page, 'crypto-deposit-review-dark-desktop');
  await depositState(page, /^Available$/);
  await shot(ctx, page, 'crypto-deposit-available-dark-desktop');
  ctx.log('  Alice: under review, then available, without a reload');

  // Bob: 1 ETH on Ethereum, the Real liquidity Alice buys from.
  const bobAddress = await depositAddress(ctx, bob.page, 'ETH', /^Ethereum/);
  assert.equal(bobAddress, toChecksumAddress(bobAddress), 'an EIP-55 address');
  faucet(ctx, 'ETH', bobAddress, '1', 'ETH');
  // SOL and XRP deposit on their own chains, in their wallets' address formats.
  const sol = await depositAddress(ctx, bob.page, 'SOL', /^Solana/, 'crypto-deposit-address-sol');
  assert.match(sol, /^[1-9A-HJ-NP-Za-km-z]{32,44}$/, 'a Solana address');
  const xrp = await depositAddress(ctx, bob.page, 'XRP', /^XRP Ledger/);
  assert.match(xrp, /^r[1-9A-HJ-NP-Za-km-z]{24,34}$/, 'an XRP Ledger address');
  await depositAddress(ctx, bob.page, 'ETH', /^Ethereum/);
  await depositState(bob.page, /^Available$/);
  await placeLimit(ctx, bob.page, 'Sell', '2000', '0.1');
  ctx.log(
    '  Bob: 1 ETH deposited, a resting sell of 0.1 ETH at 2000 USDT (Real has no market makers)',
  );

  // Alice buys it in Real mode with the USDT she deposited.
  await placeLimit(ctx, page, 'Buy', '2000', '0.1');
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await waitUntil(
    'Alice holds ETH',
    () => availableOf(page, 'ETH'),
    (v) => v > 0.09,
    20_000,
  );
  assert.ok((await availableOf(page, 'USDT')) <= 300, 'USDT paid for the ETH');
  await shot(ctx, page, 'crypto-wallet-after-trade-dark-desktop');
  ctx.log('  Alice bought 0.1 ETH from Bob in Real mode');

  // Without Google Authenticator the withdrawal says so before the form is filled in, links to
  // the security page, and cannot be sent.
  await page.goto(`${ctx.baseUrl}/cryptoChannel?tab=withdraw&coin=ETH`);
  await choose(page, 'ETH', /^Ethereum/);
  await dismissGuides(page);
  await page.getByTestId('no-authenticator').waitFor();
  await page.getByLabel('Address').fill(OUTSIDE);
  await page.getByLabel('Amount', { exact: true }).fill('0.05');
  assert.ok(
    await page.getByRole('button', { name: 'Withdraw', exact: true }).isDisabled(),
    'no withdrawal without an Authenticator',
  );
  await shot(ctx, page, 'crypto-withdraw-no-authenticator-dark-desktop');
  await page.getByTestId('no-authenticator').getByRole('link').click();
  await page.waitForURL('**/accountCenter/security');

  // Link the Authenticator (the secret beside the QR code goes into the "app": otplib).
  await page.getByTestId('method-google').getByRole('button', { name: 'Link' }).click();
  const link = page.getByRole('dialog', { name: 'Link Google Authenticator' });
  const secretBox = link.getByTestId('authenticator-secret');
  await secretBox.waitFor();
  const secret = ((await secretBox.textContent()) ?? '').trim();
  const used = noStepUsed();
  await link.getByLabel('Google verification code').fill(await authenticatorCode(secret, used));
  await link.getByRole('button', { name: 'Link' }).click();
  await page.getByTestId('google-state').filter({ hasText: 'Linked' }).waitFor();
  ctx.log('  Alice linked Google Authenticator');

  // Whitelist the outside address (note rules first), then "whitelisted only" on.
  await page.goto(`${ctx.baseUrl}/accountCenter/address`);
  await page.getByRole('button', { name: 'Add address' }).click();
  const add = page.getByRole('form', { name: 'Add address' });
  await add.locator('select[name="coin"]').selectOption('ETH');
  await add.getByLabel('Address').fill(OUTSIDE);
  await add.getByLabel('Note').fill('x');
  await add.getByRole('button', { name: 'Save' }).click();
  await add.getByText('Please enter 2-30 character Note.').waitFor();
  await shot(ctx, page, 'crypto-whitelist-note-error-dark-desktop');
  await add.getByLabel('Note').fill('My cold wallet');
  await add.getByRole('button', { name: 'Save' }).click();
  await page.getByRole('dialog', { name: 'Add to the whitelist' }).waitFor();
  await enterCodes(ctx, page, alice.email, secret, used);
  await shot(ctx, page, 'crypto-whitelist-step-up-dark-desktop');
  await page.getByRole('dialog').getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  const entry = page.locator('tr[data-entry]').filter({ hasText: 'My cold wallet' });
  await entry.waitFor();
  const only = page.getByRole('switch', { name: 'Withdraw to whitelisted addresses only' });
  await page.locator('label.switch').click();
  await waitUntil(
    'whitelisted only is on',
    () => only.isChecked(),
    (v) => v,
  );
  await shot(ctx, page, 'crypto-whitelist-dark-desktop');
  ctx.log('  whitelisted the outside address, "whitelisted only" on');

  // Withdraw 0.05 ETH to it, picked from the whitelist: fees previewed, then the two codes.
  await page.goto(`${ctx.baseUrl}/cryptoChannel?tab=withdraw&coin=ETH`);
  await choose(page, 'ETH', /^Ethereum/);
  await page.getByTestId('whitelist-only').waitFor();
  await page.getByRole('button', { name: 'Whitelist', exact: true }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /My cold wallet/ })
    .click();
  assert.equal(await page.getByLabel('Address').inputValue(), OUTSIDE);
  await page.getByLabel('Amount', { exact: true }).fill('0.05');
  await waitUntil(
    'the fee preview',
    async () => (await page.getByTestId('preview-receive').textContent()) ?? '',
    (v) => v !== '-',
  );
  // 1 % of 0.05 is 0.0005; the network fee 0.0015: 0.048 arrives.
  assert.equal(await page.getByTestId('preview-fee').textContent(), '0.0005 ETH');
  assert.equal(await page.getByTestId('preview-receive').textContent(), '0.048 ETH');
  await shot(ctx, page, 'crypto-withdraw-form-dark-desktop');
  await page.getByRole('button', { name: 'Withdraw', exact: true }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm the withdrawal' });
  await confirm.waitFor();
  assert.equal(await confirm.getByTestId('confirm-receive').textContent(), '0.048 ETH');
  await enterCodes(ctx, page, alice.email, secret, used);
  await shot(ctx, page, 'crypto-withdraw-confirm-dark-desktop');
  await confirm.getByRole('button', { name: 'Confirm' }).click();
  await confirm.waitFor({ state: 'detached' });
  const state = page
    .getByTestId('withdrawal-history')
    .locator('tbody tr')
    .first()
    .getByTestId('withdrawal-state');
  await state.waitFor();
  ctx.log(`  withdrawal requested: ${await state.textContent()}`);
  await waitUntil(
    'the withdrawal completes',
    async () => (await state.textContent()) ?? '',
    (v) => v === 'Completed',
    120_000,
  );
  await shot(ctx, page, 'crypto-withdraw-final-dark-desktop');
  ctx.log('  withdrawal completed on the chain, live on the page');

  // On a phone: the deposit page and the whitelist fit.
  await page.setViewportSize(MOBILE);
  await page.goto(`${ctx.baseUrl}/cryptoChannel?coin=USDT`);
  await choose(page, 'USDT', tron);
  await page.getByTestId('deposit-address').waitFor();
  await noSidewaysScroll(page, 'the deposit page at 375 px');
  await shot(ctx, page, 'crypto-deposit-dark-375');
  await page.goto(`${ctx.baseUrl}/cryptoChannel?tab=withdraw&coin=ETH`);
  await choose(page, 'ETH', /^Ethereum/);
  await page.getByTestId('withdrawal-history').locator('tbody tr').first().waitFor();
  await noSidewaysScroll(page, 'the withdraw page at 375 px');
  await shot(ctx, page, 'crypto-withdraw-dark-375');
  await page.goto(`${ctx.baseUrl}/accountCenter/address`);
  await entry.waitFor();
  await noSidewaysScroll(page, 'the whitelist at 375 px');
  await shot(ctx, page, 'crypto-whitelist-dark-375');
  // In Arabic (right to left) and Chinese: the texts of every language, the layout mirrored.
  await page.setViewportSize({ width: 1366, height: 860 });
  await page.goto(`${ctx.baseUrl}/cryptoChannel?coin=USDT&lang=ar`);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.getByRole('heading', { name: 'إيداع العملات المشفرة وسحبها' }).waitFor();
  await choose(page, 'USDT', tron);
  await page.getByTestId('deposit-address').waitFor();
  await shot(ctx, page, 'crypto-deposit-ar-dark-desktop');
  await page.goto(`${ctx.baseUrl}/accountCenter/address?lang=zh-CN`);
  await page.getByRole('heading', { name: '白名单', level: 1 }).waitFor();
  await entry.waitFor();
  await shot(ctx, page, 'crypto-whitelist-zh-cn-dark-desktop');
  await closeAll([alice.context, bob.context]);
}

async function closeAll(contexts: BrowserContext[]) {
  for (const c of contexts) await c.close();
}
