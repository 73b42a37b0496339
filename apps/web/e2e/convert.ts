import assert from 'node:assert/strict';
import { newPage, openMenu, registerUser, shot, type ScenarioContext } from './scenarios';
import { noSidewaysScroll, waitUntil } from './helpers';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

/** "1,234.5 BTC" -> 1234.5 */
const amountOf = (text: string | null) => Number((text ?? '').replace(/[^\d.]/g, ''));

/**
 * Convert in Demo mode against the market makers: the header's Convert link opens /trade/swap;
 * USDT to BTC is quoted with its countdown, confirmed, and listed as converted; the way back
 * (BTC to USDT) too. Screenshots in four languages, both themes and at 375 px.
 */
export async function convertJourney(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  await registerUser(ctx, page, context);
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  // The market makers quote the Demo book once the exchange runs.
  await page
    .getByRole('list', { name: 'Sell orders' })
    .locator('li')
    .first()
    .waitFor({ timeout: 20_000 });
  await page.locator('#main-nav').getByRole('link', { name: 'Convert', exact: true }).click();
  await page.waitForURL('**/trade/swap');
  await page.getByRole('heading', { level: 1, name: 'Convert' }).waitFor();

  // USDT -> BTC: quote, countdown, confirm.
  const form = page.locator('.convert-form');
  await form.getByRole('combobox', { name: 'From' }).selectOption('USDT');
  await form.getByRole('combobox', { name: 'To' }).selectOption('BTC');
  await form.getByText(/^Available: [\d,.]+ USDT$/).waitFor({ timeout: 10_000 });
  await form.getByLabel('Amount (USDT)').fill('100');
  await form.getByRole('button', { name: 'Preview conversion' }).click();
  const quote = page.getByTestId('convert-quote');
  await quote.waitFor({ timeout: 10_000 });
  let receive = amountOf(await quote.getByTestId('convert-receive').textContent());
  assert.ok(receive > 0, `a quote receives BTC (${receive})`);
  assert.match(
    (await quote.getByTestId('convert-countdown').textContent()) ?? '',
    /^Valid for \d+ s$/,
  );
  await shot(ctx, page, 'convert-quote-dark-desktop');
  const history = page.getByRole('table', { name: 'Conversion history' });
  const first = history.locator('tbody tr').first();
  // The market makers requote the book every round: when it moved past the quote's protection
  // before the order reached it, nothing converts ("No counterparty", nothing spent), and a user
  // asks again. At most three tries.
  let state = '';
  let tries = 0;
  for (;;) {
    tries += 1;
    if (tries > 1) {
      // A conversion clears the form: the amount again, then a new quote.
      await form.getByLabel('Amount (USDT)').fill('100');
      await form.getByRole('button', { name: 'Preview conversion' }).click();
      await quote.waitFor({ timeout: 10_000 });
      receive = amountOf(await quote.getByTestId('convert-receive').textContent());
    }
    await form.getByRole('button', { name: 'Convert now' }).click();
    await page.getByText('Converted USDT to BTC.').first().waitFor({ timeout: 10_000 });
    await waitUntil(
      'the conversion in the history',
      () => history.locator('tbody tr').count(),
      (n) => n === tries,
      20_000,
    );
    state = await waitUntil(
      'the conversion settled in the history',
      async () => ((await first.locator('td').nth(4).textContent()) ?? '').trim(),
      (s) => s === 'Converted' || s === 'Partly converted, rest kept' || s === 'No counterparty',
      20_000,
    );
    if (state !== 'No counterparty') break;
    ctx.log(`  try ${tries}: the book moved past the quote, nothing converted`);
    assert.ok(tries < 3, 'converted within three tries');
  }
  const received = amountOf(await first.locator('td').nth(3).textContent());
  assert.ok(received >= receive, `received at least the quote: ${received} >= ${receive}`);
  ctx.log(`  100 USDT -> ${received} BTC (${state}); quoted at least ${receive}`);

  // And back: BTC -> USDT.
  await form.getByRole('button', { name: 'Swap the two assets' }).click();
  await form.getByLabel('Amount (BTC)').fill('0.0005');
  await form.getByRole('button', { name: 'Preview conversion' }).click();
  await quote.waitFor({ timeout: 10_000 });
  await form.getByRole('button', { name: 'Convert now' }).click();
  await page.getByText('Converted BTC to USDT.').waitFor({ timeout: 10_000 });
  await waitUntil(
    'two conversions in the history',
    () => history.locator('tbody tr').count(),
    (n) => n === tries + 1,
    20_000,
  );
  await shot(ctx, page, 'convert-history-dark-desktop');

  for (const [lang, theme, size, title] of [
    ['zh-CN', 'light', DESKTOP, '闪兑'],
    ['de', 'dark', DESKTOP, 'Umtauschen'],
    ['ar', 'light', PHONE, 'التحويل'],
    ['en', 'light', PHONE, 'Convert'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(`${ctx.baseUrl}/trade/swap?lang=${lang}&theme=${theme}`);
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await page.getByRole('heading', { level: 1, name: title }).waitFor();
    await page.locator('.convert-history tbody tr').first().waitFor({ timeout: 10_000 });
    await page.locator('.convert-form input[name="amount"]').fill('50');
    await page.locator('.convert-form button[type="submit"]').click();
    await page.getByTestId('convert-quote').waitFor({ timeout: 10_000 });
    await noSidewaysScroll(page, `Convert in ${lang} at ${size.width} px`);
    await shot(ctx, page, `convert-${lang.toLowerCase()}-${theme}-${size.width}`);
  }
  await context.close();
}
