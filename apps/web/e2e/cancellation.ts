import assert from 'node:assert/strict';
import { readEmailCode } from './helpers';
import { image, upload } from './kyc';
import { MOBILE, newPage, registerUser, shot, type ScenarioContext } from './scenarios';
import { authenticatorCode, noStepUsed } from './authenticator';
import { newEmailCode } from './security';

/**
 * Account cancellation (issue 21): from the security settings, the conditions page (the
 * Authenticator condition first unmet, then met after linking), a reason, a proof image with its
 * preview, the step-up codes, the review with its expected decision, and "cancel the
 * cancellation", after which the account is as before.
 */
export async function accountCancellation(ctx: ScenarioContext): Promise<void> {
  const { context, page } = await newPage(ctx);
  // Full-page shots from the top: the fixed header would otherwise be drawn mid-page.
  const snap = async (name: string) => {
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot(ctx, page, name);
  };
  const email = await registerUser(ctx, page, context);
  ctx.log(`  registered ${email}`);

  // Without Google Authenticator the request cannot be confirmed: the page says so.
  await page.goto(`${ctx.baseUrl}/accountCenter/security`);
  await page.getByTestId('security-cancel').getByRole('link', { name: 'Cancel account' }).click();
  await page.waitForURL('**/accountCenter/security/cancellation');
  await page.getByRole('heading', { name: 'Account cancellation' }).waitFor();
  const google = page.getByTestId('condition-AUTHENTICATOR_LINKED');
  assert.equal(await google.getAttribute('data-met'), 'false');
  assert.equal(await page.getByTestId('condition-NO_OPEN_ORDERS').getAttribute('data-met'), 'true');
  assert.equal(await page.getByTestId('cancellation-submit').isDisabled(), true);
  await snap('cancellation-conditions-unmet-dark-desktop');

  // Link the Authenticator from the condition's own link.
  await google.getByRole('link', { name: 'Security settings' }).click();
  await page.waitForURL('**/accountCenter/security');
  await page.getByTestId('method-google').getByRole('button', { name: 'Link' }).click();
  const dialog = page.getByRole('dialog', { name: 'Link Google Authenticator' });
  const secretBox = dialog.getByTestId('authenticator-secret');
  await secretBox.waitFor();
  const secret = (await secretBox.textContent())?.trim() ?? '';
  const used = noStepUsed();
  await dialog.getByLabel('Google verification code').fill(await authenticatorCode(secret, used));
  await dialog.getByRole('button', { name: 'Link' }).click();
  await dialog.waitFor({ state: 'detached' });
  ctx.log('  linked Google Authenticator');

  // Every condition met: a reason, a note, a proof image, the codes.
  await page.goto(`${ctx.baseUrl}/accountCenter/security/cancellation`);
  await page
    .getByTestId('condition-AUTHENTICATOR_LINKED')
    .and(page.locator('[data-met="true"]'))
    .waitFor();
  const form = page.getByTestId('cancellation-form');
  await form.getByLabel('I want to register again with another account type').check();
  await form.getByLabel('Note').fill('Switching to an institution account');
  await upload(page, 'proof', {
    name: 'letter.png',
    mimeType: 'image/png',
    buffer: await image(page, 'image/png', 'Signed letter'),
  });
  await form.getByLabel('Google verification code').fill(await authenticatorCode(secret, used));
  const before = await readEmailCode(ctx.baseUrl, email);
  await form.getByRole('button', { name: 'Send code' }).click();
  await form.getByText('A code was sent. It is valid for 10 minutes.').waitFor();
  await form.getByLabel('E-mail verification code').fill(await newEmailCode(ctx, email, before));
  await form.getByRole('checkbox').check();
  await snap('cancellation-form-dark-desktop');
  await form.getByRole('button', { name: 'Submit request' }).click();

  // Under review: the expected decision date, what the user can still do, and the way back.
  const review = page.getByTestId('cancellation-review');
  await review.waitFor();
  assert.match((await review.textContent()) ?? '', /Under review/);
  assert.match((await page.getByTestId('cancellation-expected').textContent()) ?? '', /\d{4}/);
  assert.equal(await page.getByTestId('cancellation-form').count(), 0);
  await snap('cancellation-under-review-dark-desktop');
  ctx.log('  requested: under review');

  await page.setViewportSize(MOBILE);
  await snap('cancellation-under-review-dark-mobile');
  await page.setViewportSize({ width: 1280, height: 900 });

  await page.getByTestId('cancellation-withdraw').click();
  const confirm = page.getByRole('dialog', { name: 'Keep your account?' });
  await confirm.waitFor();
  await snap('cancellation-withdraw-confirm-dark-desktop');
  await page.getByTestId('cancellation-withdraw-confirm').click();
  await page.getByTestId('cancellation-withdrawn').waitFor();
  await page.getByTestId('cancellation-form').waitFor();
  await snap('cancellation-withdrawn-dark-desktop');
  ctx.log('  withdrawn: the account stays open');

  // The account is as before: the security page still opens (the session lives).
  await page.goto(`${ctx.baseUrl}/accountCenter/security`);
  await page.getByRole('heading', { name: 'Security settings' }).waitFor();
  await context.close();
}
