import assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import type { Operator, User } from './fixtures';
import { DESKTOP, MOBILE, openMenu, shot, type ScenarioContext } from './scenarios';

/**
 * The operator's command line changes what an open page shows: a symbol put under maintenance
 * with `npm run ops` shows its notice and disables its order form within a second, and both go
 * when the maintenance ends. The command runs as its own process against the exchange's
 * database and Redis, so the change travels as in production: through Redis to the gateway and
 * over the socket to the page.
 */

/**
 * Watches the page for a selector to appear (or disappear) and keeps the page's clock time at
 * that moment, to compare with the time the operator's change was committed.
 */
async function watchFor(page: Page, selector: string, present: boolean) {
  // A script as text: functions compiled by tsx carry helpers the page does not have.
  await page.evaluate(`(() => {
    delete window.__seenAt;
    const check = () => {
      if ((document.querySelector(${JSON.stringify(selector)}) !== null) === ${String(present)}) {
        window.__seenAt = Date.now();
        observer.disconnect();
      }
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { childList: true, subtree: true, attributes: true });
    check();
  })()`);
  return async () => {
    await page.waitForFunction('window.__seenAt !== undefined', null, { timeout: 5000 });
    return page.evaluate<number>('window.__seenAt');
  };
}

export async function operatorMaintenance(
  ctx: ScenarioContext,
  user: User,
  { ops }: Operator,
): Promise<void> {
  const { context, page } = user;
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  const form = page.locator('.order-form');
  const submit = form.getByRole('button', { name: 'Buy BTC' });
  await submit.waitFor();
  assert.equal(await submit.isEnabled(), true, 'the form is open before the maintenance');
  // The socket is up before the operator acts (the page subscribes to system and catalogue pushes).
  await page.locator('.conn--open').waitFor({ timeout: 15_000 });

  const banner = '[data-testid="symbol:BTC_USDT"]';
  const seen = await watchFor(page, banner, true);
  const message = 'Matching engine upgrade, back at 02:00 UTC';
  const changed = (await ops([
    'symbol',
    'maintenance',
    'BTC_USDT',
    'on',
    '--message',
    message,
  ])) as { maintenance: { since: string } };
  const appearedAt = await seen();
  const latency = appearedAt - Date.parse(changed.maintenance.since);
  ctx.log(`  the notice appeared ${latency} ms after the operator's change was committed`);
  assert.ok(latency < 1000, `notice after ${latency} ms`);

  await page.locator(banner).getByText(message).waitFor();
  await page.locator(banner).getByText('BTC/USDT: trading is paused for maintenance.').waitFor();
  const reason = form.locator('[data-code="1300"]');
  await reason.waitFor();
  assert.match(await reason.innerText(), /Trading of BTC\/USDT is paused for maintenance/);
  assert.equal(await submit.isDisabled(), true, 'the order form is disabled');
  await shot(ctx, page, 'operator-maintenance-on');
  await page.setViewportSize(MOBILE);
  await shot(ctx, page, 'operator-maintenance-on-375');
  await page.setViewportSize(DESKTOP);

  const gone = await watchFor(page, banner, false);
  const ended = (await ops(['symbol', 'maintenance', 'BTC_USDT', 'off'])) as {
    maintenance: null;
  };
  assert.equal(ended.maintenance, null);
  const clearedAt = await gone();
  ctx.log(
    `  the notice went ${clearedAt - appearedAt} ms after it appeared (command start included)`,
  );
  await page.getByText('BTC/USDT is available again.').waitFor();
  await reason.waitFor({ state: 'detached' });
  assert.equal(await submit.isEnabled(), true, 'the order form is open again');
  await shot(ctx, page, 'operator-maintenance-off');

  const audit = (await ops(['audit', '--entity', 'symbol', '--key', 'BTC_USDT'])) as {
    actor: string;
    action: string;
  }[];
  assert.deepEqual(
    audit.slice(0, 2).map((a) => `${a.actor} ${a.action}`),
    ['e2e-operator maintenance-off', 'e2e-operator maintenance-on'],
  );
  await context.close();
}
