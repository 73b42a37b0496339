import assert from 'node:assert/strict';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { User } from './fixtures';
import { openMenu, shot, type ScenarioContext } from './scenarios';
import { noSidewaysScroll, waitUntil } from './helpers';
import { placed } from './trading';

/**
 * The first minutes of a new user, items 7 and 8 of the issue: transaction history shows one
 * line per action (a fill with its fee and a link to its order; a cancelled order changes no
 * balance and is not a line; the funding is one readable line), and the wallet hides zero rows,
 * shows each asset's decimals right-aligned, offers its actions and asks before a reset, in
 * words of the mode (Demo, or Trade for Reward in Trial).
 */

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 375, height: 812 };
const MODES = { real: 'Real', demo: 'Demo Trading', trial: 'Trade for Reward' } as const;

async function switchMode(page: Page, mode: keyof typeof MODES): Promise<void> {
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: MODES[mode] }).click();
  await page
    .locator(`header[data-mode="${mode === 'real' ? 0 : mode === 'demo' ? 1 : 2}"]`)
    .waitFor();
}

/** A GET of the API with the page's session (its HttpOnly cookie), in the mode given. */
async function api<T>(page: Page, url: string, mode = 1): Promise<T> {
  return page.evaluate(
    async ([u, m]) => {
      const res = await fetch(u, { headers: { 'runtime-mode': m } });
      return ((await res.json()) as { data: unknown }).data;
    },
    [url, String(mode)] as const,
  ) as Promise<T>;
}

const historyRows = (page: Page): Locator =>
  page.getByRole('table', { name: 'Transaction history' }).locator('tbody tr');
const walletRow = (page: Page, code: string): Locator =>
  page.getByRole('table', { name: 'Wallet' }).locator(`tbody tr[data-asset="${code}"]`);

/** Demo: place and cancel a limit order, buy at market, then read the history and the wallet. */
export async function walletAndHistory(ctx: ScenarioContext, user: User): Promise<void> {
  const { context, page, email } = user;
  ctx.log(`  registered ${email}`);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await switchMode(page, 'demo');
  const bids = page.getByRole('list', { name: 'Buy orders' });
  await bids.locator('li').first().waitFor({ timeout: 20_000 });
  await page
    .getByRole('list', { name: 'Sell orders' })
    .locator('li')
    .first()
    .waitFor({ timeout: 20_000 });
  await page
    .locator('[data-testid="available-quote"]')
    .filter({ hasNotText: /^(-|0\.00)$/ })
    .waitFor({ timeout: 15_000 });
  const form = page.locator('.order-form');

  // 1. A limit buy well below the market, then cancelled: no balance changes, so no line.
  const bestBid = Number(await bids.locator('li').first().getAttribute('data-price'));
  assert.ok(bestBid > 0, 'the book shows a best bid');
  await form.getByRole('tab', { name: 'Limit', exact: true }).click();
  await form.getByLabel('Price').fill((Math.floor(bestBid * 0.8 * 100) / 100).toFixed(2));
  await form.getByLabel('Amount').fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'limit');
  const cancel = page
    .locator('.trade-orders')
    .getByRole('button', { name: /^Cancel order / })
    .first();
  await cancel.waitFor({ timeout: 10_000 });
  const cancelledId = ((await cancel.getAttribute('aria-label')) ?? '').replace(
    'Cancel order ',
    '',
  );
  await cancel.click();
  await page.locator('.trade-orders').getByText('No open orders').waitFor({ timeout: 10_000 });
  ctx.log(`  placed and cancelled limit order ${cancelledId}`);

  // 2. A market buy for 100 USDT fills against the market makers.
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Total', { exact: true }).fill('100');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'market');
  const orders = await waitUntil(
    'the market order fills',
    () =>
      api<{ result: { id: string; type: string; status: string }[] }>(
        page,
        '/v1/spot-order/history?pageSize=10',
      ),
    (p) => p.result.some((o) => o.type === 'MARKET' && o.status === 'FILLED'),
  );
  const marketId = orders.result.find((o) => o.type === 'MARKET')?.id ?? '';
  const fills = await api<{ result: { orderId: string }[] }>(
    page,
    '/v1/spot-order/trades?pageSize=100',
  );
  const fillCount = fills.result.filter((f) => f.orderId === marketId).length;
  assert.ok(fillCount > 0, 'the market order has fills');
  ctx.log(`  market order ${marketId} filled in ${fillCount} trade(s)`);

  // 3. Transaction history: one line per fill and one for the funding, nothing for the cancelled order.
  await page.goto(`${ctx.baseUrl}/accountCenter/transactionHistory`);
  await page.getByRole('table', { name: 'Transaction history' }).waitFor({ timeout: 10_000 });
  const lines = await waitUntil(
    'the history lines',
    () => historyRows(page).count(),
    (n) => n === fillCount + 1,
  );
  const entries = await api<{ result: unknown[] }>(
    page,
    `/v1/wallet/flows?pageSize=100&startTime=${Date.now() - 86_400_000}`,
  );
  assert.ok(
    entries.result.length > lines,
    `the ledger has more entries (${entries.result.length}) than the history has lines (${lines})`,
  );
  for (let i = 0; i < fillCount; i += 1) {
    const row = historyRows(page).nth(i);
    assert.equal(await row.getAttribute('data-type'), 'TRADE');
    assert.match(
      (await row.locator('.history-table__title').textContent()) ?? '',
      /^Buy BTC\/USDT$/,
    );
    assert.match(
      (await row.locator('.history-table__amount').textContent()) ?? '',
      /\+0\.\d{8} BTC.*-\d+\.\d{6} USDT/,
    );
    assert.match(
      (await row.locator('.history-table__fee').textContent()) ?? '',
      /^(-|\d+\.\d{8} BTC)$/,
    );
    const link = row.getByRole('link', { name: `Order #${marketId}` });
    assert.equal(
      await link.getAttribute('href'),
      `/accountCenter/orders?tab=history&orderId=${marketId}`,
    );
  }
  const funding = historyRows(page).last();
  assert.equal(await funding.locator('.history-table__title').textContent(), 'Demo funds credited');
  const pageText = (await page.locator('.account-page').textContent()) ?? '';
  assert.ok(!pageText.includes(`Order #${cancelledId}`), 'the cancelled order is not a line');
  assert.ok(
    !/frozen|released|DEMO_FUNDING|TRADE \d/i.test(pageText),
    'no bookkeeping words or raw references',
  );
  // The type filter lists only what a spot user can have in Demo (no option flows).
  const typeOptions = await waitUntil(
    'the type filter',
    () => page.getByRole('combobox', { name: 'Type' }).locator('option').allTextContents(),
    (o) => o.length > 1,
  );
  assert.deepEqual(typeOptions, ['All', 'Trade', 'Demo funds credited', 'Demo funds reset']);
  await shots(ctx, page, 'history', '/accountCenter/transactionHistory', '.history-table');
  ctx.log(`  history: ${lines} lines for ${entries.result.length} ledger entries`);

  // The line's reference opens the order.
  await historyRows(page)
    .first()
    .getByRole('link', { name: `Order #${marketId}` })
    .click();
  const detail = page.getByRole('region', { name: `Order #${marketId}` });
  await detail.locator('dd', { hasText: /^Filled$/ }).waitFor({ timeout: 10_000 });
  await shot(ctx, page, 'history-order-detail-dark-1440');

  // 4. Wallet: zero rows hidden by default, decimals per asset, right-aligned, actions.
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await walletRow(page, 'BTC').waitFor({ timeout: 10_000 });
  const hideZero = page.getByRole('checkbox', { name: 'Hide zero balances' });
  assert.equal(await hideZero.isChecked(), true, 'zero balances are hidden by default');
  assert.equal(await walletRow(page, 'EUR').count(), 0, 'a zero fiat balance is hidden');
  for (const [code, decimals] of [
    ['BTC', 8],
    ['USDT', 6],
    ['HKRE', 4],
  ] as const) {
    const total = walletRow(page, code).locator('.wallet-table__total');
    const text = (await total.textContent()) ?? '';
    assert.match(
      text,
      new RegExp(`^[\\d,]+\\.\\d{${decimals}}$`),
      `${code} shows ${decimals} decimals (${text})`,
    );
    assert.ok(
      ['right', 'end'].includes(await total.evaluate((el) => getComputedStyle(el).textAlign)),
      `${code} is right-aligned`,
    );
    assert.equal(
      await total.evaluate((el) => getComputedStyle(el).fontVariantNumeric),
      'tabular-nums',
    );
  }
  const btc = walletRow(page, 'BTC');
  assert.equal(
    await btc.getByRole('link', { name: 'Trade BTC' }).getAttribute('href'),
    '/trade/spot/BTC_USDT',
  );
  assert.equal(
    await page.getByRole('button', { name: /^(Deposit|Withdraw)/ }).count(),
    0,
    'Demo funds are simulated: no deposit or withdraw',
  );
  assert.match((await btc.locator('.asset-label').textContent()) ?? '', /BTC\s*Bitcoin/);
  await hideZero.uncheck();
  await walletRow(page, 'EUR').waitFor();
  await hideZero.check();
  await shots(ctx, page, 'wallet-demo', '/accountCenter/wallet?type=wallet', '.wallet-table');

  // 5. Reset asks first, in Demo words.
  await page.getByRole('button', { name: 'Reset Demo funds' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your Demo funds?' });
  await dialog.waitFor();
  await shot(ctx, page, 'wallet-reset-confirm-demo-dark-1440');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Reset Demo funds' }).click();
  await dialog.getByRole('button', { name: 'Reset funds' }).click();
  await page.getByText('Demo funds restored.').waitFor({ timeout: 10_000 });
  await page.goto(`${ctx.baseUrl}/accountCenter/transactionHistory`);
  await historyRows(page)
    .first()
    .locator('.history-table__title', { hasText: 'Demo funds reset' })
    .waitFor({ timeout: 10_000 });
  ctx.log('  reset asked for confirmation and shows as one line');

  // 6. Trial: the same actions, in Trade for Reward words.
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await switchMode(page, 'trial');
  await page.getByRole('button', { name: 'Reset Trade for Reward funds' }).click();
  const trial = page.getByRole('dialog', { name: 'Reset your Trade for Reward funds?' });
  await trial.waitFor();
  assert.ok(!/demo/i.test((await trial.textContent()) ?? ''), 'the Trial reset never says Demo');
  await shot(ctx, page, 'wallet-reset-confirm-trial-dark-1440');
  await trial.getByRole('button', { name: 'Cancel' }).click();

  // 7. Real: nothing funded; a coin deposits on /cryptoChannel, USD on the bank deposit page;
  // USD withdraws to a whitelisted bank account; JPY (card deposits only) is paid out through
  // USD: its action says so and opens the exchange from JPY to USD.
  await switchMode(page, 'real');
  await page.getByRole('button', { name: 'Show all assets' }).click();
  const cryptoDeposit = walletRow(page, 'USDT').getByRole('link', { name: 'Deposit USDT' });
  assert.match((await cryptoDeposit.getAttribute('href')) ?? '', /^\/cryptoChannel/);
  // Every catalogue asset has a network in Real: SOL and XRP on their chains, HKRE and PCRED
  // as ERC-20 tokens; no "Coming soon" is left on a coin.
  for (const code of ['SOL', 'XRP', 'HKRE', 'PCRED']) {
    const link = walletRow(page, code).getByRole('link', { name: `Deposit ${code}` });
    assert.match((await link.getAttribute('href')) ?? '', /^\/cryptoChannel/, `${code} deposits`);
    assert.equal(
      await walletRow(page, code)
        .getByRole('button', { name: /Coming soon/ })
        .count(),
      0,
      `${code} has no Coming soon`,
    );
  }
  const fiatDeposit = walletRow(page, 'USD').getByRole('link', { name: 'Deposit USD' });
  assert.equal(await fiatDeposit.getAttribute('href'), '/fiatChannel/JYB');
  const fiatWithdraw = walletRow(page, 'USD').getByRole('link', { name: 'Withdraw USD' });
  assert.equal(await fiatWithdraw.getAttribute('href'), '/withdrawAssets/JYB');
  const withdraw = walletRow(page, 'JPY').getByRole('link', { name: 'Withdraw via USD' });
  assert.equal(await withdraw.getAttribute('href'), '/foreignExchange?from=JPY&to=USD');
  assert.equal(
    await walletRow(page, 'JPY')
      .getByRole('button', { name: /Coming soon/ })
      .count(),
    0,
  );
  await withdraw.hover();
  await page.waitForTimeout(200);
  await page.screenshot({
    path: path.join(ctx.shotsDir, 'wallet-real-withdraw-via-dark-1440.png'),
  });
  await page.setViewportSize(PHONE);
  await walletRow(page, 'JPY').scrollIntoViewIfNeeded();
  await page.screenshot({ path: path.join(ctx.shotsDir, 'wallet-real-withdraw-via-dark-375.png') });
  await page.setViewportSize(DESKTOP);
  await withdraw.click();
  // This user has not verified yet: the exchange page says that first.
  await page.waitForURL('**/foreignExchange?from=JPY&to=USD');
  await page.getByTestId('kyc-needed').waitFor();
  await page.goBack();
  await switchMode(page, 'demo');
  await context.close();
}

/** The page in both themes at 1440 and 375 px wide; at 375 nothing scrolls sideways. */
async function shots(
  ctx: ScenarioContext,
  page: Page,
  name: string,
  route: string,
  ready: string,
): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    for (const [label, viewport] of [
      ['1440', DESKTOP],
      ['375', PHONE],
    ] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${ctx.baseUrl}${route}${route.includes('?') ? '&' : '?'}theme=${theme}`);
      await page.locator(ready).waitFor({ timeout: 10_000 });
      await page
        .waitForFunction(() => !document.querySelector('.spinner'), undefined, { timeout: 10_000 })
        .catch(() => undefined);
      if (label === '375') await noSidewaysScroll(page, `${name} at 375 px (${theme})`);
      await shot(ctx, page, `${name}-${theme}-${label}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await page.goto(`${ctx.baseUrl}${route}${route.includes('?') ? '&' : '?'}theme=dark`);
  await page.locator(ready).waitFor({ timeout: 10_000 });
}
