import assert from 'node:assert/strict';
import { newPage, registerUser, shot, type ScenarioContext } from './scenarios';
import { noSidewaysScroll } from './helpers';

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1366, height: 900 };

/**
 * A user who continues without identity verification is limited, not refused: in Real mode the
 * crypto pages give a deposit address and the withdraw and transfer forms, foreign exchange its
 * form, each with the 24-hour limit and what remains above it; in four languages, both themes
 * and at 375 px.
 */
export async function optedOutLimits(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  const email = await registerUser(ctx, page, context, { optOut: true });
  ctx.log(`  ${email} continued without verification`);

  // Deposit: an address, with the limit above it.
  await page.goto(`${ctx.baseUrl}/cryptoChannel?tab=deposit&coin=USDT`);
  const note = page.getByTestId('opted-out-limit');
  await note
    .getByText(/crypto deposit .* is limited to 1,000 USD per 24 hours\. 1,000 USD remain\./)
    .waitFor({ timeout: 10_000 });
  await page.getByRole('radio', { name: /Tron \(TRC20\)/ }).check();
  await page.getByTestId('deposit-address').waitFor({ timeout: 10_000 });
  assert.equal(await page.getByTestId('kyc-needed').count(), 0, 'no refusal in place of the form');
  await shot(ctx, page, 'opted-out-deposit-dark-desktop');

  // Withdraw and transfer: the forms, with their own budgets.
  await page.goto(`${ctx.baseUrl}/cryptoChannel?tab=withdraw&coin=USDT`);
  await note
    .getByText(
      'Without identity verification, crypto withdrawal is limited to 1,000 USD per 24 hours. 1,000 USD remain.',
    )
    .waitFor({ timeout: 10_000 });
  await shot(ctx, page, 'opted-out-withdraw-dark-desktop');
  await page.goto(`${ctx.baseUrl}/cryptoChannel?tab=transfer&coin=USDT`);
  await note.getByText(/transfer by UID is limited to 1,000 USD/).waitFor({ timeout: 10_000 });

  // Foreign exchange: the form instead of "cannot use this feature".
  await page.goto(`${ctx.baseUrl}/foreignExchange`);
  await note.getByText(/foreign exchange is limited to 1,000 USD/).waitFor({ timeout: 10_000 });
  assert.equal(await page.getByTestId('kyc-needed').count(), 0);
  await shot(ctx, page, 'opted-out-fx-dark-desktop');

  for (const [lang, theme, size, text] of [
    ['zh-CN', 'light', DESKTOP, '数字货币提现每 24 小时限额 1,000 USD。'],
    ['de', 'dark', DESKTOP, 'ist die Krypto-Auszahlung auf 1,000 USD pro 24 Stunden begrenzt'],
    ['ar', 'light', PHONE, 'سحب العملات الرقمية'],
    ['en', 'light', PHONE, 'crypto withdrawal is limited'],
  ] as const) {
    await page.setViewportSize(size);
    await page.goto(
      `${ctx.baseUrl}/cryptoChannel?tab=withdraw&coin=USDT&lang=${lang}&theme=${theme}`,
    );
    await page.waitForFunction((l) => document.documentElement.lang === l, lang);
    await note.getByText(text, { exact: false }).waitFor({ timeout: 10_000 });
    await noSidewaysScroll(page, `the limited withdraw page in ${lang} at ${size.width} px`);
    await shot(ctx, page, `opted-out-withdraw-${lang.toLowerCase()}-${theme}-${size.width}`);
  }
  await context.close();
}
