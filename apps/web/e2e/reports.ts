import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as PdfJs from 'pdfjs-dist';
import type { Download, Page } from 'playwright-core';
import { noSidewaysScroll } from './helpers';
import {
  DESKTOP,
  MOBILE,
  newPage,
  openMenu,
  registerUser,
  shot,
  type ScenarioContext,
} from './scenarios';

/**
 * Fee reports and statements (issue 21): the public fee schedule the footer links to, the fund
 * flow of a new Demo user, and a monthly statement downloaded as CSV and as PDF, the PDF's first
 * page rendered with pdf.js to a canvas and screenshotted.
 */

const require = createRequire(import.meta.url);
const PDFJS_DIR = path.dirname(require.resolve('pdfjs-dist/package.json'));

async function switchToDemo(page: Page): Promise<void> {
  await openMenu(page, 'Trading mode');
  await page.getByRole('button', { name: 'Demo Trading' }).click();
  await page.locator('header[data-mode="1"]').waitFor();
}

async function saved(download: Promise<Download>): Promise<Buffer> {
  const file = await (await download).path();
  return readFileSync(file);
}

/**
 * Renders the first page of a PDF in the browser with pdf.js on a page of its own (served by the
 * test, so the exchange's content security policy is not in the way) and returns its text.
 */
async function renderPdf(page: Page, baseUrl: string, pdf: Buffer): Promise<string> {
  await page.route(`${baseUrl}/__pdf/**`, async (route) => {
    const name = new URL(route.request().url()).pathname.replace('/__pdf/', '');
    if (name === 'view')
      return route.fulfill({
        contentType: 'text/html',
        body: '<!doctype html><html><body style="margin:0;background:#888"><canvas id="c"></canvas></body></html>',
      });
    return route.fulfill({
      contentType: 'text/javascript',
      body: readFileSync(path.join(PDFJS_DIR, 'legacy/build', name)),
    });
  });
  await page.goto(`${baseUrl}/__pdf/view`);
  return page.evaluate(async (base64) => {
    const url = '/__pdf/pdf.min.mjs';
    const pdfjs = (await import(url)) as typeof PdfJs;
    pdfjs.GlobalWorkerOptions.workerSrc = '/__pdf/pdf.worker.min.mjs';
    const data = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const doc = await pdfjs.getDocument({ data }).promise;
    const first = await doc.getPage(1);
    const viewport = first.getViewport({ scale: 1.5 });
    const canvas = document.getElementById('c') as HTMLCanvasElement;
    canvas.width = viewport.width;
    canvas.height = viewport.height;
    await first.render({ canvas, canvasContext: canvas.getContext('2d')!, viewport }).promise;
    const text = await first.getTextContent();
    return text.items.map((i) => ('str' in i ? i.str : '')).join(' ');
  }, pdf.toString('base64'));
}

export async function feeReportsAndStatements(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);

  // A visitor follows the footer's Fees link to the schedule.
  await page.goto(`${ctx.baseUrl}/home`);
  await page.locator('footer').getByRole('link', { name: 'Fees', exact: true }).click();
  await page.waitForURL('**/fee');
  await page.getByRole('heading', { name: 'Fee schedule' }).waitFor();
  const spot = page.getByTestId('fee-symbols').locator('tbody tr');
  await spot.first().waitFor();
  assert.ok((await spot.count()) >= 5, 'the schedule lists the spot markets');
  const withdrawal = page
    .getByTestId('fee-channels')
    .locator('tr[data-channel="CRYPTO_WITHDRAWAL"]');
  assert.match(
    (await withdrawal.textContent()) ?? '',
    /1% of the amount\s*Limited-time offer.\s*The network gas/,
  );
  assert.doesNotMatch((await withdrawal.textContent()) ?? '', /Not offered yet/);
  const card = page.getByTestId('fee-channels').locator('tr[data-channel="CARD_DEPOSIT"]');
  assert.match((await card.textContent()) ?? '', /4\.7% of the amount \+ 0\.3 USD.*1,000,000 USD/);
  // Card deposits are offered now (the fiat deposit pages).
  assert.doesNotMatch((await card.textContent()) ?? '', /Not offered yet/);
  await page.getByText('Log in to see the fees you paid.').waitFor();
  await shot(ctx, page, 'fee-page-dark-desktop');
  await page.setViewportSize(MOBILE);
  await noSidewaysScroll(page, 'the fee page at 375 px');
  await shot(ctx, page, 'fee-page-dark-mobile');
  await page.setViewportSize(DESKTOP);

  // A new user enters Demo (funded on entry): the fund flow shows the funding.
  const email = await registerUser(ctx, page, context);
  ctx.log(`  registered ${email}`);
  await page.goto(`${ctx.baseUrl}/accountCenter/wallet?type=wallet`);
  await switchToDemo(page);
  await page
    .getByRole('table', { name: 'Wallet' })
    .locator('tbody tr[data-asset="USDT"]')
    .waitFor({ timeout: 15_000 });
  await page.goto(`${ctx.baseUrl}/accountCenter/fundFlow`);
  await page.getByRole('heading', { name: 'Fund flow' }).waitFor();
  await page.getByText('No fund flow in this period.').waitFor(); // Real, the default, is empty
  await page.getByLabel('Mode', { exact: true }).selectOption({ label: 'Demo Trading' });
  const flows = page.getByTestId('fund-flow').locator('tbody tr');
  await flows.first().waitFor();
  assert.ok((await flows.count()) >= 2, 'the Demo funding credits several assets');
  assert.match((await flows.first().textContent()) ?? '', /Demo funding.*140001/);
  await shot(ctx, page, 'fund-flow-dark-desktop');
  await page.setViewportSize(MOBILE);
  await noSidewaysScroll(page, 'the fund flow at 375 px');
  await shot(ctx, page, 'fund-flow-dark-mobile');
  await page.setViewportSize(DESKTOP);
  // The type filter offers the types of this user's Demo flows, named, and none of the products
  // the exchange does not offer (the spec's option and digital-option flows).
  const typeOptions = page.getByLabel('Type', { exact: true }).locator('option');
  await typeOptions.filter({ hasText: /^140001 · Demo funding$/ }).waitFor({ state: 'attached' });
  const options = await typeOptions.allTextContents();
  for (const code of ['916001', '917004', '921009'])
    assert.ok(!options.some((o) => o.startsWith(code)), `${code} is not offered`);
  const csv = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('flows-csv').click()]).then(
      ([d]) => d,
    ),
  );
  assert.equal(csv.subarray(0, 3).toString('hex'), 'efbbbf', 'the CSV starts with a BOM');
  assert.match(csv.toString('utf8'), /Demo funding/);

  // The statement of this month in Demo, downloaded as CSV and PDF.
  await page.goto(`${ctx.baseUrl}/accountCenter/statements`);
  await page.getByRole('heading', { name: 'Monthly statements' }).waitFor();
  await page.getByLabel('Mode', { exact: true }).selectOption({ label: 'Demo Trading' });
  const summary = page.getByTestId('statement-summary');
  await summary.waitFor();
  const usdtClosing =
    (await summary.locator('tr[data-asset="USDT"] [data-testid="closing"]').textContent())?.replace(
      /,/g,
      '',
    ) ?? '';
  assert.ok(Number(usdtClosing) > 0, 'the Demo funding is in the closing balance');
  await shot(ctx, page, 'statements-dark-desktop');
  await page.setViewportSize(MOBILE);
  await noSidewaysScroll(page, 'the statements at 375 px');
  await shot(ctx, page, 'statements-dark-mobile');
  await page.setViewportSize(DESKTOP);
  const statementCsv = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('download-csv').click()]).then(
      ([d]) => d,
    ),
  );
  assert.match(statementCsv.toString('utf8'), /^\uFEFFsection,time_hkt,asset/);
  assert.match(
    statementCsv.toString('utf8'),
    new RegExp(`CLOSING,[^\\r]*,USDT,,,${usdtClosing},0,${usdtClosing}`),
  );
  const pdf = await saved(
    Promise.all([page.waitForEvent('download'), page.getByTestId('download-pdf').click()]).then(
      ([d]) => d,
    ),
  );
  assert.equal(pdf.subarray(0, 5).toString(), '%PDF-');
  const text = await renderPdf(page, ctx.baseUrl, pdf);
  assert.match(text, /Account statement/);
  assert.match(text, new RegExp(email.replace(/[.+]/g, '\\$&')));
  assert.ok(text.includes(usdtClosing), `the PDF shows the closing balance ${usdtClosing}`);
  await page.screenshot({ path: path.join(ctx.shotsDir, 'statement-pdf-page-1.png') });
  ctx.log('  statement downloaded as CSV and PDF; the PDF page rendered');
  await context.close();
}
