import { ERROR_LANGUAGES, type ErrorLanguage, type Notification } from '@exchange/contracts';
import { describe, expect, it } from 'vitest';
import {
  cancellationResultMail,
  codeMail,
  existingAccountMail,
  securityNoticeMail,
  type CodeMailPurpose,
  type Mail,
  type SecurityNoticeKind,
} from '../../../../src/features/platform/mail/account-mails.js';
import { renderNotificationMail } from '../../../../src/features/platform/notifications/notification-mail.js';

/**
 * Every e-mail the exchange sends, complete in every client language: each one rendered from
 * sample values in English and in each other language must exist, carry every value the English
 * mail carries (a code, an amount, an address), and not be the English text. A failure lists
 * every mail at fault by language, so whoever added a text sees at once what to translate.
 */

type Sample = { name: string; render: (language: ErrorLanguage) => Mail | null };

const PURPOSES: CodeMailPurpose[] = [
  'REGISTER',
  'RESET_PASSWORD',
  'CHANGE_PASSWORD',
  'CHANGE_EMAIL_OLD',
  'CHANGE_EMAIL_NEW',
  'UNLINK_AUTHENTICATOR',
  'STEP_UP',
];
const NOTICES: SecurityNoticeKind[] = [
  'PASSWORD_CHANGED',
  'EMAIL_CHANGED',
  'AUTHENTICATOR_UNLINKED',
];

type Mailed = Pick<Notification, 'type' | 'params'>;
const notifications: Mailed[] = [
  ...(['FILLED', 'PARTIALLY_CANCELED'] as const).flatMap((status) =>
    ([0, 1, 2] as const).map(
      (mode): Mailed => ({
        type: 'ORDER_FILLED',
        params: {
          orderId: 'ord-77',
          symbol: 'BTC_USDT',
          side: 'BUY',
          mode,
          status,
          quantity: '0.5',
          filledQuantity: '0.25',
          averagePrice: '64321.5',
        },
      }),
    ),
  ),
  ...(['CRYPTO', 'FIAT', 'CARD', 'INTERNAL'] as const).map(
    (channel): Mailed => ({
      type: 'DEPOSIT_CREDITED',
      params: { mode: 0, asset: 'ETH', amount: '1.75', channel, reference: 'ref-9' },
    }),
  ),
  ...(['CRYPTO', 'FIAT'] as const).map(
    (channel): Mailed => ({
      type: 'WITHDRAWAL_SENT',
      params: {
        mode: 0,
        asset: 'USDT',
        amount: '250',
        channel,
        destination: '0xabc123def',
        reference: 'ref-8',
      },
    }),
  ),
  {
    type: 'TRANSFER_RECEIVED',
    params: { mode: 1, asset: 'BTC', amount: '0.01', fromUid: '100200' },
  },
  {
    type: 'FLASH_REMITTANCE_REQUEST',
    params: {
      requestId: 'req-1',
      asset: 'USD',
      amount: '99.5',
      fromUid: '100300',
      expiresAt: '2026-01-02T03:04:05.000Z',
    },
  },
  { type: 'KYC_RESULT', params: { status: 'PASS', kycLevel: 2, reason: null } },
  { type: 'KYC_RESULT', params: { status: 'REJECT', kycLevel: null, reason: 'blurred-photo' } },
  { type: 'KYC_RESULT', params: { status: 'FAILED', kycLevel: null, reason: null } },
  {
    type: 'NEW_DEVICE_LOGIN',
    params: { device: 'Firefox on Linux', ip: '203.0.113.7', at: '2026-01-02T03:04:05.000Z' },
  },
  ...(['UNDER_REVIEW', 'WITHDRAWN', 'FAILED', 'SUCCEEDED'] as const).map(
    (status): Mailed => ({
      type: 'ACCOUNT_CANCELLATION',
      params: { status, reason: status === 'FAILED' ? 'balance-left' : null },
    }),
  ),
  { type: 'STATEMENT_READY', params: { month: '2026-01' } },
];

const samples: Sample[] = [
  ...PURPOSES.map((p) => ({
    name: `code ${p}`,
    render: (l: ErrorLanguage) => codeMail(l, p, '482913'),
  })),
  { name: 'existing account', render: (l) => existingAccountMail(l) },
  ...NOTICES.map((k) => ({
    name: `security notice ${k}`,
    render: (l: ErrorLanguage) => securityNoticeMail(l, k, 'new-address@example.com'),
  })),
  { name: 'cancellation failed', render: (l) => cancellationResultMail(l, true) },
  { name: 'cancellation done', render: (l) => cancellationResultMail(l, false) },
  ...notifications.map((n) => ({
    name: `notification ${n.type} ${JSON.stringify(n.params)}`,
    render: (l: ErrorLanguage) => renderNotificationMail(n, l, 'https://exchange.example'),
  })),
];

/** The sample values a mail may carry: every string and number in the samples' inputs. */
const VALUES = [
  '482913',
  'new-address@example.com',
  ...notifications.flatMap((n) =>
    Object.values(n.params).filter(
      (v): v is string => typeof v === 'string' && /\d|[a-z]-[a-z]|@/.test(v),
    ),
  ),
];

function problemsOf(language: ErrorLanguage): string[] {
  const problems: string[] = [];
  for (const sample of samples) {
    const english = sample.render('en');
    if (!english) continue; // A type English does not mail.
    const mail = sample.render(language);
    if (!mail) {
      problems.push(`${sample.name}: no text`);
      continue;
    }
    for (const part of ['subject', 'text'] as const) {
      if (mail[part].trim() === '') problems.push(`${sample.name}: empty ${part}`);
      else if (mail[part] === english[part])
        problems.push(`${sample.name}: ${part} still English: ${JSON.stringify(english[part])}`);
      const lost = VALUES.filter((v) => english[part].includes(v) && !mail[part].includes(v));
      if (lost.length > 0)
        problems.push(`${sample.name}: ${part} lacks ${lost.join(', ')} (the English one has it)`);
    }
  }
  return problems;
}

describe('every e-mail in every client language', () => {
  it.each(ERROR_LANGUAGES.filter((l) => l !== 'en'))('%s', (language) => {
    const problems = problemsOf(language);
    if (problems.length > 0)
      throw new Error(
        `${language}: ${problems.length} mail texts to fix (apps/gateway/src/features/platform/mail/account-mails.ts, notifications/notification-mail.ts):\n${problems.map((p) => `  ${p}`).join('\n')}`,
      );
  });
});

describe('links in mails', () => {
  const request = notifications.find((n) => n.type === 'FLASH_REMITTANCE_REQUEST');

  it("links a flash remittance's recipient to the page where they agree or reject, in every language", () => {
    expect(request).toBeDefined();
    for (const language of ERROR_LANGUAGES) {
      const mail = renderNotificationMail(request!, language, 'https://exchange.example/');
      expect(mail?.text, language).toContain(
        'https://exchange.example/flashRemittance/confirm/req-1',
      );
    }
    // Without the address nothing is made up.
    expect(renderNotificationMail(request!, 'en')?.text).not.toContain('http');
  });
});
