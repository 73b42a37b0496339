import assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { quietly } from './quiet';
import { newPage, openMenu, registerUser, shot, type ScenarioContext } from './scenarios';
import { mainThreadMeter } from './main-thread';
import { noSidewaysScroll, waitUntil } from './helpers';

/** Scenarios of the /trade/spot screen against the running exchange and its market makers. */

const DEMO = 1;

/** "99,905.79" -> 99905.79; "-" and empty text -> NaN. */
function num(text: string | null): number {
  const t = (text ?? '').replace(/,/g, '').trim();
  return t === '' || t === '-' ? Number.NaN : Number(t);
}

/** Rounds onto the 0.01 tick of the USDT pairs. */
const tick = (price: number) => (Math.round(price * 100) / 100).toFixed(2);
/** A price near `price` that no other order is likely to share (a few dollars below it). */
const uniquePrice = (price: number) => tick(price - Math.floor(Math.random() * 500) / 100);

/**
 * Page script: keeps the page's WebSockets, so the test can drop the open ones the way a broken
 * network does (the app's own code is not touched).
 */
const TRACK_SOCKETS = `(() => {
  const Native = window.WebSocket;
  const open = new Set();
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      open.add(this);
      this.addEventListener('close', () => open.delete(this));
    }
  };
  window.__e2eDropSockets = () => {
    let n = 0;
    for (const ws of open) if (ws.readyState === Native.OPEN) {
      // A broken network ends a socket at once (1006): the page hears it now, not after the
      // closing handshake that close() waits for behind the emulated offline network.
      ws.dispatchEvent(new CloseEvent('close', { code: 1006, reason: 'e2e: network broken' }));
      ws.close(4000, 'e2e: network broken');
      n += 1;
    }
    return n;
  };
})();`;

const cells = (row: Locator) => row.locator('td').allTextContents();

/** A new verified user on /trade/spot/BTC_USDT in Demo mode, with a two-sided book on screen. */
async function demoTrader(ctx: ScenarioContext, opts: { trackSockets?: boolean } = {}) {
  const { context, page } = await newPage(ctx);
  if (opts.trackSockets) await context.addInitScript(TRACK_SOCKETS);
  const email = await registerUser(ctx, page, context);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  const bids = page.getByRole('list', { name: 'Buy orders' });
  const asks = page.getByRole('list', { name: 'Sell orders' });
  // The market makers keep the Demo books two-sided once the exchange runs.
  await bids.locator('li').first().waitFor({ timeout: 20_000 });
  await asks.locator('li').first().waitFor({ timeout: 20_000 });
  await page
    .locator('[data-testid="available-quote"]')
    .filter({ hasNotText: /^(-|0\.00)$/ })
    .waitFor({ timeout: 15_000 });
  const form = page.locator('.order-form');
  const orders = page.locator('.trade-orders');
  return { context, page, email, bids, asks, form, orders };
}

async function balances(page: Page): Promise<{ quote: number; base: number }> {
  return {
    quote: num(await page.locator('[data-testid="available-quote"]').textContent()),
    base: num(await page.locator('[data-testid="available-base"]').textContent()),
  };
}

export async function placed(ctx: ScenarioContext, page: Page, label: string): Promise<void> {
  const toast = page.getByText('Order placed.');
  await toast.waitFor({ timeout: 10_000 }).catch(async (err: unknown) => {
    await shot(ctx, page, `trade-${label}-failed`);
    const alert = await page.locator('.order-form [role="alert"]').allTextContents();
    throw new Error(
      `${label} was not placed (${alert.join('; ') || 'no message'}): ${String(err)}`,
    );
  });
  // Let it go, so the next order's toast is its own.
  await page
    .locator('.toast, [role="status"]')
    .filter({ hasText: 'Order placed.' })
    .first()
    .waitFor({ state: 'detached', timeout: 10_000 })
    .catch(() => undefined);
}

/**
 * Demo mode: a market buy by quote total fills against the market makers. The order shows as
 * filled in the order history, its fills in my trades, and the available balances move by
 * what was traded: USDT down by the filled total, BTC up by the filled amount less the fee.
 */
export async function marketOrder(ctx: ScenarioContext): Promise<void> {
  const { context, page, form, orders } = await demoTrader(ctx);
  const before = await balances(page);
  assert.ok(before.quote > 1000, `the Demo account has USDT to spend (${before.quote})`);

  const total = '100';
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form.getByLabel('Total', { exact: true }).fill(total);
  await shot(ctx, page, 'trade-market-form-dark-desktop');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'market-buy');

  await orders.getByRole('tab', { name: 'Order history' }).click();
  const history = orders.getByRole('table', { name: 'Order history' });
  const row = history.locator('tbody tr').filter({ hasText: 'Market' }).first();
  const order = await waitUntil(
    'the market order in the order history',
    () => cells(row),
    (c) => c[9] === 'Filled',
    15_000,
  );
  assert.equal(order[2], 'Market');
  assert.equal(order[3], 'Buy');
  assert.match(order[5] ?? '', /^100 \(Total\)$/, 'a market buy is placed by its quote total');
  const filled = num(order[6] ?? null);
  const average = num(order[7] ?? null);
  assert.ok(filled > 0 && average > 0, `filled ${order[6]} at ${order[7]}`);
  await shot(ctx, page, 'trade-market-filled-history-dark-desktop');

  await orders.getByRole('tab', { name: 'My trades' }).click();
  const tradeRows = orders.getByRole('table', { name: 'My trades' }).locator('tbody tr');
  await tradeRows.first().waitFor({ timeout: 10_000 });
  const trades = await Promise.all((await tradeRows.all()).map(cells));
  let tradedBase = 0;
  let tradedQuote = 0;
  let fee = 0;
  for (const t of trades) {
    assert.equal(t[2], 'Buy');
    assert.equal(t[7], 'Taker', 'a market order takes liquidity');
    tradedBase += num(t[4] ?? null);
    tradedQuote += num(t[5] ?? null);
    const [feeAmount = '0', feeAsset = 'BTC'] = (t[6] ?? '0 BTC').split(' ');
    assert.equal(feeAsset, 'BTC', 'a buyer pays the fee in what it receives');
    fee += num(feeAmount);
  }
  assert.ok(
    Math.abs(tradedBase - filled) < 1e-9,
    `my trades add up to the filled amount (${tradedBase} vs ${filled})`,
  );
  assert.ok(
    tradedQuote > 0 && tradedQuote <= Number(total) + 1e-9,
    `the fills cost at most the total (${tradedQuote})`,
  );
  await shot(ctx, page, 'trade-market-my-trades-dark-desktop');

  // Balances follow the private pushes: USDT down by the filled total, BTC up by the fill less the fee.
  const after = await waitUntil(
    'the available balances after the fill',
    () => balances(page),
    (b) => b.quote < before.quote - 1 && b.base > before.base,
    10_000,
  );
  const spent = before.quote - after.quote;
  const received = after.base - before.base;
  // The form shows USDT to 2 places (rounded down) and BTC to its own 5.
  assert.ok(
    Math.abs(spent - tradedQuote) <= 0.011,
    `USDT went down by the filled total: ${spent.toFixed(2)} vs ${tradedQuote.toFixed(6)}`,
  );
  assert.ok(
    Math.abs(received - (tradedBase - fee)) < 1e-8,
    `BTC went up by the filled amount less the fee: ${received} vs ${tradedBase} - ${fee}`,
  );
  ctx.log(
    `  market buy for ${total} USDT filled ${filled} BTC at ${average} in ${trades.length} trade(s); USDT ${before.quote} -> ${after.quote}, BTC ${before.base} -> ${after.base}`,
  );

  // The account centre's pages with this fill, in Simplified and Traditional Chinese.
  for (const [lang, theme, pages] of [
    [
      'zh-CN',
      'light',
      [
        ['wallet', '/accountCenter/wallet?type=wallet', ['资产估值', '可用', '冻结']],
        ['orders', '/accountCenter/orders?tab=history', ['历史委托', '市价', '完全成交']],
        ['transactions', '/accountCenter/transactionHistory', ['BTC/USDT 买入', '模拟资金发放']],
      ],
    ],
    [
      'zh-TW',
      'dark',
      [
        ['wallet', '/accountCenter/wallet?type=wallet', ['資產估值', '可用', '凍結']],
        ['orders', '/accountCenter/orders?tab=history', ['歷史委託', '市價', '完全成交']],
        ['transactions', '/accountCenter/transactionHistory', ['BTC/USDT 買入', '模擬資金發放']],
      ],
    ],
  ] as const) {
    for (const [name, route, texts] of pages) {
      await page.goto(
        `${ctx.baseUrl}${route}&lang=${lang}&theme=${theme}`.replace('History&', 'History?'),
      );
      await page.locator('.account-page table').first().waitFor({ timeout: 10_000 });
      for (const text of texts)
        await page
          .locator('.account-page')
          .getByText(text, { exact: true })
          .filter({ visible: true })
          .first()
          .waitFor({ timeout: 5_000 });
      await shot(ctx, page, `${name}-demo-${lang.toLowerCase()}-${theme}-desktop`);
    }
  }
  // The same pages in English on a 375 px phone, in both themes.
  await page.setViewportSize({ width: 375, height: 812 });
  for (const theme of ['light', 'dark'] as const) {
    for (const [name, route, texts] of [
      ['wallet', '/accountCenter/wallet?type=wallet', ['Estimated value', 'Available', 'Frozen']],
      ['orders', '/accountCenter/orders?tab=history', ['Order history']],
      ['transactions', '/accountCenter/transactionHistory', []],
    ] as const) {
      await page.goto(
        `${ctx.baseUrl}${route}${route.includes('?') ? '&' : '?'}lang=en&theme=${theme}`,
      );
      await page
        .locator('.account-page table, .account-page [role="list"]')
        .first()
        .waitFor({ timeout: 10_000 });
      for (const text of texts)
        await page
          .locator('.account-page')
          .getByText(text, { exact: true })
          .filter({ visible: true })
          .first()
          .waitFor({ timeout: 5_000 });
      await noSidewaysScroll(page, `${name} at 375 px`);
      await shot(ctx, page, `${name}-demo-${theme}-375`);
    }
  }
  await context.close();
}

/**
 * Demo mode: an iceberg, a stop-limit (trigger) and a trailing order placed through the form
 * show in open orders with their states: the iceberg resting (Open, only its visible part in
 * the book), the untriggered stop Open with its trigger condition, the trailing order trailing. Then
 * they are cancelled one by one and the history shows them cancelled. Also shows the screen
 * with these orders in both themes and in Simplified and Traditional Chinese.
 */
export async function advancedOrders(ctx: ScenarioContext): Promise<void> {
  const { context, page, bids, form, orders } = await demoTrader(ctx);
  // A last trade price: trailing orders follow it, stop directions are set from it.
  await page.locator('.market-trades__list li').first().waitFor({ timeout: 20_000 });
  const last = num(await page.getByTestId('book-last').textContent());
  const bestBid = num(await bids.locator('li').first().getAttribute('data-price'));
  assert.ok(last > 0 && bestBid > 0, `market prices known (last ${last}, best bid ${bestBid})`);

  const openRows = orders.getByRole('table', { name: 'Open orders' }).locator('tbody tr');
  const rowOf = (type: string) =>
    openRows.filter({ has: page.locator('td:nth-child(3)', { hasText: new RegExp(`^${type}$`) }) });

  // Iceberg: 0.01 BTC shown 0.002 at a time, 3 % below the market: deeper than the market
  // makers' 20 levels move in the minute this scenario lasts, so nothing fills it.
  const icebergPrice = uniquePrice(bestBid * 0.97);
  await form.getByRole('tab', { name: 'Iceberg', exact: true }).click();
  await form.getByLabel('Price', { exact: true }).fill(icebergPrice);
  await form.getByLabel('Amount', { exact: true }).fill('0.01');
  await form.getByLabel('Visible size', { exact: true }).fill('0.002');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'iceberg');
  const iceberg = await waitUntil(
    'the iceberg in open orders',
    () => cells(rowOf('Iceberg')),
    (c) => c[9] === 'Open',
  );
  assert.equal(num(iceberg[4] ?? null), Number(icebergPrice));
  assert.equal(iceberg[5], '0.01');
  assert.equal(iceberg[8], 'Visible size 0.002');
  // The book holds only the visible part at its price (the public depth, deeper than the 14
  // levels the page draws; the market makers' 20 levels a side are in front of it).
  const levelAmount = async () => {
    const depth = await page.evaluate(async () => {
      const res = await fetch('/v1/market-data/public/depth?symbol=BTC_USDT&limit=500', {
        headers: { 'runtime-mode': '1' },
      });
      return (await res.json()) as { data: { bids: [string, string][] } };
    });
    const found = depth.data.bids.find(([p]) => Number(p) === Number(icebergPrice));
    return found ? Number(found[1]) : 0;
  };
  assert.equal(
    await waitUntil('the iceberg level in the depth', levelAmount, (a) => a > 0),
    0.002,
    'only the visible size is in the book',
  );

  // Stop-limit: buy 0.001 at 90% of the last price once the price falls there.
  const stop = tick(last * 0.9);
  await form.getByRole('tab', { name: 'Trigger', exact: true }).click();
  await form.getByLabel('Trigger price', { exact: true }).fill(stop);
  await form.getByLabel('Price', { exact: true }).fill(stop);
  await form.getByLabel('Amount', { exact: true }).fill('0.001');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'trigger');
  // Not in the book until the price reaches the trigger: the API calls it NEW, shown as Open,
  // with the trigger and its direction (below the last price: falls to it) as the condition.
  const trigger = await waitUntil(
    'the stop order in open orders',
    () => cells(rowOf('Trigger')),
    (c) => c[9] === 'Open',
  );
  assert.match(trigger[8] ?? '', /^≤ [\d,.]+$/, 'the condition shows the trigger direction');
  assert.equal(num((trigger[8] ?? '').slice(2)), Number(stop), 'and the trigger price');
  assert.equal(num(trigger[4] ?? null), Number(stop), 'the limit price');

  // Trailing stop: sell 0.001 BTC at the market once the price falls 20% from its highest since
  // placing. (A trailing or stop-market BUY by total is refused by the matching service: see
  // the report of this scenario.)
  const delta = tick(last * 0.2);
  await form.getByRole('button', { name: 'Sell', exact: true }).click();
  await form.getByRole('tab', { name: 'Trailing', exact: true }).click();
  await form.getByLabel('Trailing delta', { exact: true }).fill(delta);
  await form.getByLabel('Amount', { exact: true }).fill('0.001');
  await form.getByRole('button', { name: 'Sell BTC' }).click();
  await placed(ctx, page, 'trailing');
  const trailing = await waitUntil(
    'the trailing order in open orders',
    () => cells(rowOf('Trailing')),
    (c) => c[9] === 'Trailing',
  );
  assert.equal(trailing[3], 'Sell');
  assert.equal(trailing[4], 'Market');
  assert.equal(trailing[5], '0.001');
  assert.equal(
    num((trailing[8] ?? '').replace(/^Δ /, '')),
    Number(delta),
    'the condition shows the trailing delta',
  );
  assert.equal(await openRows.count(), 3);
  ctx.log(
    `  open: iceberg 0.01 (0.002 shown) at ${icebergPrice}, stop-limit at ${stop}, trailing sell delta ${delta}; last ${last}`,
  );
  await shot(ctx, page, 'trade-advanced-orders-dark-desktop');

  for (const [lang, theme, texts] of [
    ['zh-CN', 'light', ['当前委托', '冰山委托', '止盈止损', '跟踪中', '未成交', '买入 BTC']],
    ['zh-TW', 'dark', ['當前委託', '冰山委託', '止盈止損', '追蹤中', '未成交', '買入 BTC']],
    ['en', 'light', ['Open orders']],
  ] as const) {
    await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?lang=${lang}&theme=${theme}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await orders.locator('tbody tr').nth(2).waitFor({ timeout: 10_000 });
    for (const text of texts)
      await page.getByText(text, { exact: true }).first().waitFor({ timeout: 5_000 });
    await page.locator('.chart-panel canvas').first().waitFor({ timeout: 10_000 });
    await shot(
      ctx,
      page,
      `trade-advanced-orders-${lang === 'en' ? 'en' : lang.toLowerCase()}-${theme}-desktop`,
    );
  }
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?theme=dark`);

  for (const type of ['Trailing', 'Trigger', 'Iceberg']) {
    await rowOf(type)
      .getByRole('button', { name: /Cancel order/ })
      .click();
    await rowOf(type).waitFor({ state: 'detached', timeout: 10_000 });
  }
  await orders.getByText('No open orders').waitFor({ timeout: 10_000 });
  await waitUntil('the iceberg level gone from the depth', levelAmount, (a) => a === 0);
  await orders.getByRole('tab', { name: 'Order history' }).click();
  const historyRows = orders.getByRole('table', { name: 'Order history' }).locator('tbody tr');
  const statuses = await waitUntil(
    'the cancelled orders in the history',
    async () =>
      (await Promise.all((await historyRows.all()).map(cells)))
        .map((c) => `${c[2]}:${c[9]}`)
        .sort(),
    (s) => s.length === 3,
  );
  assert.deepEqual(statuses, ['Iceberg:Cancelled', 'Trailing:Cancelled', 'Trigger:Cancelled']);
  ctx.log('  cancelled all three; the history shows them cancelled');
  await context.close();
}

/**
 * The live connection breaks (the browser goes offline and the open socket drops): the screen
 * says so, then reconnects by itself when the network is back; after that the order book moves
 * again and a new order's states arrive live (placed and cancelled over REST, outside the page).
 * Last, a page opened while offline (its code not loaded yet) loads when the network is back.
 */
export async function socketRecovery(ctx: ScenarioContext): Promise<void> {
  const { context, page, bids, orders } = await demoTrader(ctx, { trackSockets: true });
  await page.locator('.chart-panel canvas').first().waitFor({ timeout: 10_000 });
  const badge = page.locator('.trade-ticker .conn');
  await page.locator('.conn--open').waitFor({ timeout: 10_000 });
  // The page itself cannot read its token (HttpOnly cookie); this outside client takes it from
  // the browser's cookie jar to act as a second device of the same session would.
  assert.equal(
    await page.evaluate(() => localStorage.getItem('token')),
    'cookie',
    'only a marker in storage',
  );
  const token = (await context.cookies()).find((c) => c.name === 'token' && c.httpOnly)?.value;
  assert.ok(token, 'logged in with an HttpOnly token cookie');

  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const network = (offline: boolean) =>
    cdp.send('Network.emulateNetworkConditions', {
      offline,
      latency: 0,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });

  await network(true);
  // Offline emulation stops new connections but leaves an open WebSocket alone (until the
  // heartbeat gives up after 30 s): drop it the way a broken network would.
  const dropped = await page.evaluate(() =>
    (window as unknown as { __e2eDropSockets: () => number }).__e2eDropSockets(),
  );
  assert.ok(dropped >= 1, 'the page had an open socket');
  await page.locator('.conn--closed, .conn--connecting').waitFor({ timeout: 5_000 });
  await page.waitForTimeout(1500); // A few failed retries.
  const shown = (await badge.textContent()) ?? '';
  assert.match(shown, /^(Disconnected|Connecting…)$/);
  await shot(ctx, page, 'trade-disconnected-dark-desktop');
  ctx.log(`  offline: the badge shows "${shown}"`);

  const reconnectStart = Date.now();
  await network(false);
  await page.locator('.conn--open').waitFor({ timeout: 10_000 });
  ctx.log(`  back online: live again after ${Date.now() - reconnectStart} ms`);

  // The book moves again over the reconnected socket: the market makers requote every few
  // seconds, so the drawn bids change without a reload.
  const drawn = () =>
    bids
      .locator('li')
      .evaluateAll((rows) =>
        rows.map((r) => `${r.getAttribute('data-price')}:${r.textContent}`).join('|'),
      );
  const before = await drawn();
  await waitUntil('the book moving after the reconnect', drawn, (now) => now !== before, 30_000);

  // A new order placed outside the page: its states reach the open orders, only over the
  // reconnected socket. Its price is 3 % under the best bid, where neither the market makers'
  // walk nor their taker reaches it while it lives (a price inside the drawn levels could be
  // filled, or pushed out of view by a requote, before the page showed it).
  const bestBid = Number(await bids.locator('li').first().getAttribute('data-price'));
  const price = uniquePrice(bestBid * 0.97);
  const post = async (path: string, body: unknown) => {
    const res = await fetch(`${ctx.baseUrl}${path}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'runtime-mode': String(DEMO),
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });
    return (await res.json()) as { code: string; data: { id: string } | null; message: string };
  };
  const api = async (path: string, body: unknown) => {
    const json = await post(path, body);
    assert.equal(json.code, '200', `${path}: ${json.message}`);
    return json.data;
  };
  const order = await api('/v1/spot-order/place', {
    symbol: 'BTC_USDT',
    side: 'BUY',
    type: 'LIMIT',
    price,
    amount: '0.0015',
    timeInForce: 'GTC',
  });
  assert.ok(order?.id);
  // Generous: on a loaded machine the table took over 10 s to show a new order.
  const row = orders.locator(`tr[data-order-id="${order.id}"]`);
  await row.waitFor({ timeout: 30_000 });
  assert.equal((await cells(row))[9], 'Open');
  await shot(ctx, page, 'trade-reconnected-dark-desktop');
  await api('/v1/spot-order/cancel', { orderId: order.id });
  await row.waitFor({ state: 'detached', timeout: 30_000 });
  ctx.log(
    `  after the reconnect: the book moved; order ${order.id} at ${price} appeared in the open orders and left them when cancelled`,
  );

  // A screen whose code has not loaded yet, opened while offline, loads once the network is back.
  await network(true);
  await page.locator('#main-nav').getByRole('link', { name: 'News', exact: true }).click();
  await page.waitForTimeout(1500);
  assert.equal(
    await page.getByText('Unexpected Application Error').count(),
    0,
    'a failed chunk does not take the page down',
  );
  await network(false);
  await page.getByRole('heading', { name: 'News and announcements' }).waitFor({ timeout: 10_000 });
  ctx.log('  the news page opened offline loaded when the network came back');
  await context.close();
}

/**
 * Page scripts (text, so the bundler's helpers stay out of them): every requestAnimationFrame
 * interval, every long task and every DOM change in the order book, until stopped.
 */
const START_FRAME_METER = `(() => {
  const state = { deltas: [], longTasks: [], rowChanges: 0, stop: false };
  window.__frames = state;
  let prev = 0;
  const loop = (now) => {
    state.deltas.push(now - prev);
    prev = now;
    if (!state.stop) requestAnimationFrame(loop);
  };
  requestAnimationFrame((now) => {
    prev = now;
    requestAnimationFrame(loop);
  });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) state.longTasks.push(e.duration);
  }).observe({ type: 'longtask' });
  new MutationObserver((records) => {
    state.rowChanges += records.length;
  }).observe(document.querySelector('.order-book'), { subtree: true, childList: true, characterData: true });
})()`;

const STOP_FRAME_METER = `(() => {
  const s = window.__frames;
  s.stop = true;
  const sorted = [...s.deltas].sort((a, b) => a - b);
  const q = (p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
  return {
    frames: sorted.length,
    p50: q(0.5),
    p95: q(0.95),
    p99: q(0.99),
    max: sorted.at(-1) ?? 0,
    over50: sorted.filter((d) => d > 50).length,
    longTasks: s.longTasks.length,
    longTaskMs: s.longTasks.reduce((a, b) => a + b, 0),
    rowChanges: s.rowChanges,
  };
})()`;

interface FrameStats {
  frames: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  over50: number;
  longTasks: number;
  longTaskMs: number;
  rowChanges: number;
}

/**
 * Frame times under a busy order book: 50 book increments a second for 12 s, published the
 * way the gateway publishes them, to a logged-out trade screen in Real mode (no market makers
 * there, so the test owns that book). Frame times come from requestAnimationFrame, stalls from
 * the 'longtask' PerformanceObserver. The bound is generous: it fails only if the page stalls.
 */
export async function bookFrameTimes(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  const mode = 0;
  const symbol = 'BTC_USDT';
  // The gateway builds the book's Redis keys on its first read.
  await fetch(`${ctx.baseUrl}/v1/market-data/public/depth?symbol=${symbol}`, {
    headers: { 'runtime-mode': String(mode) },
  });
  await page.goto(`${ctx.baseUrl}/trade/spot/${symbol}`);
  await page.locator('header[data-mode="0"]').waitFor();
  await page.locator('.conn--open').waitFor({ timeout: 10_000 });
  await page.locator('.chart-panel canvas').first().waitFor({ timeout: 10_000 });
  const bids = page.getByRole('list', { name: 'Buy orders' });

  // A book of 25 levels a side around 94,000; the page shows the best 14 of each.
  const levels = 25;
  const book = new Map<string, string>();
  const price = (side: 'BUY' | 'SELL', i: number) =>
    (side === 'BUY' ? 94_000 - i * 0.5 : 94_000.5 + i * 0.5).toFixed(2);
  const amount = () => (0.001 + Math.random() * 0.5).toFixed(5);
  const apply = async (side: 'BUY' | 'SELL', p: string, a: string) => {
    await ctx.puzzles.applyDepth(mode, symbol, side, p, a);
    if (Number(a) === 0) book.delete(`${side}:${p}`);
    else book.set(`${side}:${p}`, a);
  };
  try {
    // The gateway subscribes to the fan-out topic a moment after the page's subscribe: publish
    // until the first level shows.
    await waitUntil(
      'the first test level in the book',
      async () => {
        await apply('BUY', price('BUY', 0), amount());
        return bids.locator('li').count();
      },
      (n) => n > 0,
      10_000,
    );
    for (let i = 1; i < levels; i += 1) await apply('BUY', price('BUY', i), amount());
    for (let i = 0; i < levels; i += 1) await apply('SELL', price('SELL', i), amount());
    await waitUntil(
      'the test book on screen',
      () => bids.locator('li').count(),
      (n) => n === 14,
    );

    // A sequence gap makes the page fetch a new snapshot: count them during the burst.
    let snapshots = 0;
    page.on('request', (req) => {
      if (req.url().includes('/v1/market-data/public/depth')) snapshots += 1;
    });
    // 50 increments a second for 12 s: amounts change, levels go and come back, mostly in view.
    // Measured while npm test's background checks are stopped (quietly): beside them the p95
    // came out at 66-83 ms, 17-50 ms alone.
    const rate = 50;
    const seconds = 12;
    let sent = 0;
    let late = 0;
    // The renderer's main-thread time during the burst (Chrome's own counters, in seconds).
    const mainThread = await mainThreadMeter(context, page);
    const { elapsed, stats, busy } = await quietly(async () => {
      const before = await mainThread();
      await page.evaluate(START_FRAME_METER);
      const started = Date.now();
      while (sent < rate * seconds) {
        const due = started + (sent * 1000) / rate;
        const wait = due - Date.now();
        if (wait > 0) await new Promise((r) => setTimeout(r, wait));
        else if (wait < -100) late += 1;
        const side = sent % 2 === 0 ? 'BUY' : 'SELL';
        const i = Math.floor(Math.random() ** 2 * levels);
        const p = price(side, i);
        await apply(side, p, book.has(`${side}:${p}`) && Math.random() < 0.15 ? '0' : amount());
        sent += 1;
      }
      const took = (Date.now() - started) / 1000;
      const after = await mainThread();
      return {
        elapsed: took,
        stats: await page.evaluate<FrameStats>(STOP_FRAME_METER),
        busy: {
          task: (after.task - before.task) / took,
          script: (after.script - before.script) / took,
          layout: (after.layout - before.layout) / took,
        },
      };
    });
    const resyncs = snapshots;
    // Let the last pushes land, then compare the screen with the book the test built.
    const best = [...book.entries()]
      .filter(([k]) => k.startsWith('BUY:'))
      .map(([k, a]) => [Number(k.slice(4)), a] as const)
      .sort((x, y) => y[0] - x[0])[0];
    assert.ok(best);
    const bestRow = bids.locator('li').first();
    await waitUntil(
      'the best bid on screen after the burst',
      async () => [
        await bestRow.getAttribute('data-price'),
        (await bestRow.locator('.order-book__amount').textContent())?.trim(),
      ],
      ([p, a]) => Number(p) === best[0] && a === Number(best[1]).toFixed(5),
      5_000,
    );

    const f = (n: number) => n.toFixed(1);
    ctx.log(
      `  load: ${sent} book increments in ${elapsed.toFixed(1)} s (${(sent / elapsed).toFixed(1)}/s, ${late} sent late), ${stats.rowChanges} DOM changes in the book, ${resyncs} snapshot refetches`,
    );
    ctx.log(
      `  frame times over ${stats.frames} frames: p50 ${f(stats.p50)} ms, p95 ${f(stats.p95)} ms, p99 ${f(stats.p99)} ms, max ${f(stats.max)} ms; ${stats.over50} frames over 50 ms; ${stats.longTasks} long tasks (${f(stats.longTaskMs)} ms in all)`,
    );
    const pct = (n: number) => `${(n * 100).toFixed(1)} %`;
    ctx.log(
      `  the page's main thread was busy ${pct(busy.task)} of the time: script ${pct(busy.script)}, style and layout ${pct(busy.layout)}`,
    );
    await shot(ctx, page, 'trade-busy-book-dark-desktop');
    assert.ok(
      stats.frames > seconds * 20,
      `the page kept drawing (${stats.frames} frames in ${elapsed.toFixed(1)} s)`,
    );
    // Frame times come in whole vsyncs at 60 Hz (16.7, 33.4, 50.0, 66.7 ms): 95 % of frames are
    // drawn within four. On this 2-core machine, quiet, the p95 measured 33.4, 50.0 or 66.6 ms
    // from run to run with the same code (a bound of three vsyncs failed about one run in
    // four); another process busy beside it gave 66.6-83.4 ms, so npm test stops its background
    // checks meanwhile (quietly, above). A stalling page is far above this.
    assert.ok(stats.p95 <= 67, `p95 frame time ${f(stats.p95)} ms is within four frames`);
    assert.ok(stats.max < 1000, `no frame took a second or more (max ${f(stats.max)} ms)`);
    assert.ok(stats.rowChanges > sent / 10, 'the book on screen changed with the increments');
    assert.equal(resyncs, 0, 'no increment was lost on the way (a gap refetches the snapshot)');
  } finally {
    // Empty the Real book again for whatever runs next.
    for (const key of [...book.keys()]) {
      const [side, p] = key.split(':') as ['BUY' | 'SELL', string];
      await apply(side, p, '0');
    }
    await context.close();
  }
}

/**
 * Demo mode, the order form's full entry: the allowed range under the fields; a resting limit
 * buy modified in place (new price and amount, one step: the row's order id changes, nothing is
 * left of the old one); a stop-market sell placed with "Market price" and shown with its
 * condition and no limit price; a market buy sized by amount, filled. Screenshots of the form
 * and the modify dialog in both themes, four languages and at 375 px.
 */
export async function orderEntry(ctx: ScenarioContext): Promise<void> {
  const { context, page, bids, form, orders } = await demoTrader(ctx);
  await page.locator('.market-trades__list li').first().waitFor({ timeout: 20_000 });
  const last = num(await page.getByTestId('book-last').textContent());
  const bestBid = num(await bids.locator('li').first().getAttribute('data-price'));
  assert.ok(last > 0 && bestBid > 0, `market prices known (last ${last}, best bid ${bestBid})`);
  const openRows = orders.getByRole('table', { name: 'Open orders' }).locator('tbody tr');

  // 1. The allowed range under the amount (BTC/USDT: 0.00001 to 100 BTC).
  await form.getByRole('tab', { name: 'Limit', exact: true }).click();
  await form.getByText('Min 0.00001 · Max 100 BTC').waitFor();
  const price = uniquePrice(bestBid * 0.9);
  await form.getByLabel('Price', { exact: true }).fill(price);
  await form.getByLabel('Amount', { exact: true }).fill('0.002');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'limit-to-modify');
  const first = await waitUntil(
    'the limit buy in open orders',
    async () =>
      (await openRows.count()) === 1 && (await openRows.first().getAttribute('data-order-id')),
    (id) => !!id,
  );

  // 2. Modify it in place: new price and amount; the old order is gone, the new one rests.
  await openRows
    .first()
    .getByRole('button', { name: `Modify order ${String(first)}` })
    .click();
  const dialog = page.getByRole('dialog', { name: `Modify order #${String(first)}` });
  await dialog.waitFor();
  assert.equal(await dialog.getByLabel('Amount', { exact: true }).inputValue(), '0.002');
  const newPrice = uniquePrice(bestBid * 0.85);
  await dialog.getByLabel('Price', { exact: true }).fill(newPrice);
  await dialog.getByLabel('Amount', { exact: true }).fill('0.003');
  await shot(ctx, page, 'trade-modify-order-dark-desktop');
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Order modified.').waitFor({ timeout: 10_000 });
  await dialog.waitFor({ state: 'detached' });
  const replaced = await waitUntil(
    'the replacement in open orders',
    async () => ({
      id: await openRows.first().getAttribute('data-order-id'),
      count: await openRows.count(),
      cells: await cells(openRows.first()),
    }),
    (r) => r.count === 1 && r.id !== first,
  );
  assert.equal(num(replaced.cells[4] ?? null), Number(newPrice), 'the new price');
  assert.equal(replaced.cells[5], '0.003', 'the new amount');
  ctx.log(`  modified order ${String(first)} into ${String(replaced.id)}: ${newPrice} x 0.003`);

  // 3. Stop-market sell: no limit price, the trigger below the market.
  const stop = tick(last * 0.8);
  await form.getByRole('button', { name: 'Sell', exact: true }).click();
  await form.getByRole('tab', { name: 'Trigger', exact: true }).click();
  await form
    .getByRole('radiogroup', { name: 'Execute at' })
    .getByRole('radio', { name: 'Market price' })
    .click();
  assert.equal(await form.getByLabel('Price', { exact: true }).count(), 0, 'no limit price');
  await form.getByLabel('Trigger price', { exact: true }).fill(stop);
  await form.getByLabel('Amount', { exact: true }).fill('0.001');
  await shot(ctx, page, 'trade-stop-market-form-dark-desktop');
  await form.getByRole('button', { name: 'Sell BTC' }).click();
  await placed(ctx, page, 'stop-market');
  const stopRow = openRows.filter({
    has: page.locator('td:nth-child(3)', { hasText: /^Trigger$/ }),
  });
  const stopCells = await waitUntil(
    'the stop-market in open orders',
    () => cells(stopRow),
    (c) => c[9] === 'Open',
  );
  assert.equal(stopCells[4], 'Market', 'a stop-market has no limit price');
  assert.equal(num((stopCells[8] ?? '').slice(2)), Number(stop), 'its trigger');

  // 4. Market buy sized by amount: it fills against the market makers.
  await form.getByRole('button', { name: 'Buy', exact: true }).click();
  await form.getByRole('tab', { name: 'Market', exact: true }).click();
  await form
    .getByRole('radiogroup', { name: 'Size by' })
    .getByRole('radio', { name: 'Amount' })
    .click();
  await form.getByLabel('Amount', { exact: true }).fill('0.0005');
  await form.getByRole('button', { name: 'Buy BTC' }).click();
  await placed(ctx, page, 'market-by-amount');
  await orders.getByRole('tab', { name: 'Order history' }).click();
  const history = orders.getByRole('table', { name: 'Order history' }).locator('tbody tr');
  const filled = await waitUntil(
    'the market buy by amount filled',
    () => cells(history.first()),
    (c) => c[2] === 'Market' && c[9] === 'Filled',
    15_000,
  );
  assert.equal(filled[5], '0.0005');
  assert.equal(filled[6], '0.0005');
  ctx.log(`  stop-market sell at ${stop}; market buy of 0.0005 BTC by amount filled`);
  await orders.getByRole('tab', { name: 'Open orders' }).click();

  // 5. The form and the dialog in other languages, both themes, and at 375 px.
  for (const [lang, theme, width, texts] of [
    ['zh-CN', 'light', 1366, ['执行方式', '市价']],
    ['de', 'dark', 1366, ['Ausführung zum', 'Marktpreis']],
    ['ar', 'light', 375, ['التنفيذ عند', 'سعر السوق']],
    ['en', 'light', 375, ['Execute at', 'Market price']],
  ] as const) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?lang=${lang}&theme=${theme}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await form.getByRole('tab').nth(4).click();
    await form.getByRole('radiogroup').getByRole('radio').nth(1).click();
    for (const text of texts) await form.getByText(text, { exact: true }).first().waitFor();
    await noSidewaysScroll(page, `the stop-market form in ${lang} at ${width} px`);
    await form.scrollIntoViewIfNeeded();
    await shot(ctx, page, `trade-stop-market-form-${lang.toLowerCase()}-${theme}-${width}`);
    // The modified limit order's first action is Modify, whatever the language calls it.
    const row = orders.locator(`tr[data-order-id="${String(replaced.id)}"]`);
    await row.waitFor({ timeout: 10_000 });
    await row.getByRole('button').first().click();
    const modal = page.getByRole('dialog');
    await modal.waitFor();
    await shot(ctx, page, `trade-modify-order-${lang.toLowerCase()}-${theme}-${width}`);
    await page.keyboard.press('Escape');
    await modal.waitFor({ state: 'detached' });
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?lang=en&theme=dark`);
  await orders.getByRole('button', { name: 'Cancel all' }).click();
  await orders.getByText('No open orders').waitFor({ timeout: 10_000 });
  await context.close();
}
