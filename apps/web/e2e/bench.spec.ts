/**
 * A figure, not a check: what the trade page costs the browser at rest in a live market (Demo
 * BTC/USDT with the market makers quoting and trading), over 20 s. Skipped unless E2E_BENCH is
 * set, so npm test does not spend its time here:
 *   E2E_BENCH=1 pnpm exec playwright test bench.spec.ts --no-deps
 */
import { mainThreadMeter } from './main-thread';
import { test } from './fixtures';

// A benchmark prints figures and asserts nothing; beside npm test's other steps it would measure a
// loaded machine and add about 50 s, so it runs only when asked for.
test.skip(!process.env.E2E_BENCH, 'a benchmark, not a check: E2E_BENCH=1 runs it');

test('bench: the trade page at rest in a live market', async ({ ctx, registeredUser }) => {
  const { page, context } = registeredUser;
  await page.goto(`${ctx.baseUrl}/trade/spot/BTC_USDT`);
  await page.locator('.order-form').getByRole('button', { name: 'Practise in Demo' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
  await page.locator('.conn--open').waitFor({ timeout: 10_000 });
  await page.locator('.chart-panel canvas').first().waitFor({ timeout: 10_000 });
  await page.getByRole('list', { name: 'Buy orders' }).locator('li').first().waitFor();
  await page.waitForTimeout(3000);

  const read = await mainThreadMeter(context, page);
  await page.evaluate(`(() => {
    window.__mutations = 0;
    new MutationObserver((r) => { window.__mutations += r.length; })
      .observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  })()`);
  const seconds = 20;
  const before = await read();
  const started = Date.now();
  await page.waitForTimeout(seconds * 1000);
  const after = await read();
  const took = (Date.now() - started) / 1000;
  const mutations = await page.evaluate<number>('window.__mutations');
  const pct = (n: number) => `${((n / took) * 100).toFixed(1)} %`;
  ctx.log(
    `  over ${took.toFixed(1)} s: main thread busy ${pct(after.task - before.task)}, script ${pct(after.script - before.script)}, style and layout ${pct(after.layout - before.layout)}; ${(mutations / took).toFixed(0)} DOM changes a second`,
  );
});
