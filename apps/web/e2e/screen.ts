import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { openMenu, newPage, shot, uniqueEmail, type ScenarioContext } from './scenarios';
import { waitUntil } from './helpers';

const HOUR = 3_600_000;

/**
 * Demo BTC_USDT trades of the last hours, stored as settlement stores them, so the markets page
 * has hourly closes for its sparkline on a fresh exchange (its chart history starts now).
 */
function seedHourlyTrades(databaseUrl: string): void {
  const user = randomUUID();
  const now = Date.now();
  const rows = ['94200', '95100', '94800', '95300'].map((price, i) => {
    const at = new Date(now - (4 - i) * HOUR).toISOString();
    return `('e2e-screen', ${i + 1}, 1, 'BTC_USDT', ${price}, 0.01, ${Number(price) / 100}, 'BUY', 1, 2, '${user}', '${user}', 0, 0, '${at}')`;
  });
  const sql =
    'INSERT INTO spot_trade (shard, seq, mode, symbol, price, quantity, "quoteAmount", "takerSide", ' +
    '"makerOrderId", "takerOrderId", "makerUserId", "takerUserId", "makerFee", "takerFee", "createdAt") ' +
    `VALUES ${rows.join(', ')}`;
  const result = spawnSync('psql', [databaseUrl, '-v', 'ON_ERROR_STOP=1', '-c', sql], {
    encoding: 'utf8',
  });
  assert.equal(result.status, 0, `seeding trades failed: ${result.stderr}`);
}

/**
 * Google sign-in through the local provider lands logged in; in Demo the markets page shows
 * market cap, 24 h volume and sparklines, the trade page the coin info card; the redUp setting
 * turns the colours round. Screenshots in the dark and the light theme.
 */
export async function tradeScreenAndSignIn(ctx: ScenarioContext): Promise<void> {
  const databaseUrl =
    process.env.E2E_DATABASE_URL ?? 'postgresql://postgres@localhost:5432/exchange_e2e';
  seedHourlyTrades(databaseUrl);
  const { context, page } = await newPage(ctx);

  // Google through the local stand-in: pick a test identity on its login page.
  const email = uniqueEmail('e2e-google');
  await page.goto(`${ctx.baseUrl}/login?redirect_path=%2Fmarket`);
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await google.waitFor();
  // Both buttons enable once the gateway answers their provider's start address.
  await page.waitForFunction(
    () =>
      ['Continue with Google', 'Continue with Apple'].every((label) =>
        [...document.querySelectorAll('button')].some(
          (b) => b.textContent?.includes(label) && !b.disabled,
        ),
      ),
    undefined,
    { timeout: 15_000 },
  );
  await google.click();
  await page.getByRole('heading', { name: 'Sign in with Google' }).waitFor();
  await shot(ctx, page, 'oidc-local-google-login');
  await page.getByLabel('E-mail address').fill(email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.waitForURL((url) => url.origin === new URL(ctx.baseUrl).origin, { timeout: 20_000 });
  // A new account made by a sign-in with Google has agreed to no terms: it does so first, then
  // chooses its type, as after a registration by e-mail.
  const agree = page.getByRole('dialog', { name: 'Agree to our terms to go on' });
  await agree.waitFor();
  await agree.getByRole('link', { name: 'Terms of Service' }).waitFor();
  await shot(ctx, page, 'oidc-signed-in-agreements');
  const agreeButton = agree.getByRole('button', { name: 'Agree and continue' });
  assert.ok(await agreeButton.isDisabled(), 'nothing is agreed to before the box is ticked');
  await agree.getByRole('checkbox', { name: 'I have read and agree to them' }).check();
  await agreeButton.click();
  await agree.waitFor({ state: 'detached' });
  const chooser = page.getByRole('dialog', { name: 'Select your account type' });
  await chooser.waitFor();
  await shot(ctx, page, 'oidc-signed-in-account-type');
  await chooser.getByRole('button', { name: /Verify my identity/ }).click();
  await page
    .getByRole('dialog', { name: 'Verify your identity?' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  const popup = context.waitForEvent('page');
  await page
    .getByRole('dialog', { name: 'Please confirm once more' })
    .getByRole('button', { name: 'Confirm' })
    .click();
  await (await popup).close();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByRole('button', { name: 'Account' }).waitFor();
  ctx.log(`  signed in with the local Google provider as ${email} at ${page.url()}`);

  await page.goto(`${ctx.baseUrl}/market`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  const btc = page.locator('tr[data-code="BTC_USDT"]');
  await btc.locator('[data-testid="sparkline"]').waitFor({ timeout: 20_000 });
  const cap = (await btc.locator('[data-testid="market-cap"]').textContent()) ?? '';
  const volume = (await btc.locator('[data-testid="volume-24h"]').textContent()) ?? '';
  assert.match(cap, /^\d+(\.\d+)?[KMBT]$/, `BTC market cap: ${cap}`);
  assert.notEqual(volume, '-', 'BTC 24h volume');
  const caps = await page.locator('[data-testid="market-cap"]').allTextContents();
  assert.ok(caps.filter((c) => c !== '-').length >= 3, `market caps: ${caps.join(', ')}`);
  ctx.log(`  markets: BTC/USDT market cap ${cap}, 24h volume ${volume}`);
  await shot(ctx, page, 'markets-cap-volume-sparkline-dark');

  // redUp: the sparkline and the change colours turn round. Checked on a market that moved in
  // 24 hours: an unchanged one (24h change exactly 0) is grey in either setting.
  const moved = await page
    .locator('tr[data-code] [data-testid="sparkline"]:not(.sparkline--flat)')
    .first()
    .evaluate((el) => el.closest('tr')?.getAttribute('data-code') ?? '');
  assert.ok(moved, 'no market moved in 24 hours, so redUp has no colour to turn round');
  // The row's 24h direction and its sparkline's tone, read in one frame: the market keeps moving,
  // so a near-zero change may turn round between two reads.
  const row = page.locator(`tr[data-code="${moved}"]`);
  const look = () =>
    row.evaluate((tr) => {
      const line = tr.querySelector('[data-testid="sparkline"]');
      const polyline = line?.querySelector('polyline');
      return {
        change: /change--(up|down|flat)/.exec(tr.querySelector('td.change')?.className ?? '')?.[1],
        tone: /sparkline--(green|red|flat)/.exec(line?.getAttribute('class') ?? '')?.[1],
        stroke: polyline ? getComputedStyle(polyline).stroke : '',
      };
    });
  // Green up and red down by default; red up and green down once redUp is chosen.
  const agrees = (redUp: boolean) => (v: Awaited<ReturnType<typeof look>>) =>
    (v.change === 'up' && v.tone === (redUp ? 'red' : 'green')) ||
    (v.change === 'down' && v.tone === (redUp ? 'green' : 'red'));
  const before = await waitUntil('the sparkline is green up, red down', look, agrees(false), 5_000);
  await openMenu(page, 'Settings');
  await page.getByRole('radio', { name: 'Red up, green down' }).check();
  // The page draws the new colours on its next render: wait for it rather than read at once.
  const after = await waitUntil(
    'redUp turns the sparkline colour round',
    look,
    agrees(true),
    5_000,
  );
  if (before.tone !== after.tone)
    assert.notEqual(after.stroke, before.stroke, 'the other tone is drawn in the other colour');
  const stored = await page.evaluate(() => localStorage.getItem('settings') ?? '');
  ctx.log(
    `  redUp: sparkline ${before.change} ${before.stroke} -> ${after.change} ${after.stroke}; stored settings ${stored}`,
  );
  await shot(ctx, page, 'markets-red-up-dark');

  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  const card = page.getByTestId('coin-info');
  await card.waitFor();
  await card.getByRole('heading', { name: /About BTC/ }).waitFor();
  await card.getByRole('link', { name: 'White paper' }).waitFor();
  const cardCap = page.getByTestId('coin-info-market-cap');
  await page.waitForFunction(
    () => document.querySelector('[data-testid="coin-info-market-cap"]')?.textContent !== '-',
    undefined,
    { timeout: 15_000 },
  );
  ctx.log(`  coin info card: market cap ${(await cardCap.textContent()) ?? ''}`);
  await shot(ctx, page, 'trade-coin-info-red-up-dark');
  await openMenu(page, 'Settings');
  await page.getByRole('radio', { name: 'Green up, red down' }).check();
  await page.getByRole('radio', { name: 'Light' }).check();
  assert.equal(await page.locator('html').getAttribute('data-theme'), 'light');
  await page.keyboard.press('Escape');
  // A fresh load, so the chart is drawn in the light theme from the start.
  await page.reload();
  await page.getByTestId('coin-info').waitFor();
  await page.locator('.chart-panel canvas').first().waitFor();
  await shot(ctx, page, 'trade-coin-info-light');
  await page.goto(`${ctx.baseUrl}/market`);
  await page.locator('tr[data-code="BTC_USDT"] [data-testid="sparkline"]').waitFor();
  await shot(ctx, page, 'markets-cap-volume-sparkline-light');
  // The card and the settings menu in Arabic, right to left.
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT?lang=ar`);
  await page.waitForFunction(() => document.documentElement.dir === 'rtl');
  await page.getByRole('heading', { name: /حول BTC/ }).waitFor();
  await openMenu(page, 'الإعدادات');
  await page.getByRole('radio', { name: 'الأحمر للصعود والأخضر للهبوط' }).waitFor();
  await shot(ctx, page, 'trade-coin-info-ar-light');
  await context.close();
}
