import type { Notification } from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { fakeSocket, ok, renderApp, resetApp } from '../../test/render';

beforeEach(resetApp);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const user = makeUser({ email: 'ada@example.com', uid: '10001' });
const filled: Notification = {
  id: '0b8f7a52-4a55-4f7a-9d3c-2b1e7d9e0a11',
  type: 'ORDER_FILLED',
  read: false,
  createdAt: '2026-11-20T10:00:00.000Z',
  params: {
    orderId: '42',
    symbol: 'BTC_USDT',
    side: 'SELL',
    mode: 1,
    status: 'FILLED',
    quantity: '0.5',
    filledQuantity: '0.5',
    averagePrice: '60000',
  },
};
const kyc: Notification = {
  id: '1c9f7a52-4a55-4f7a-9d3c-2b1e7d9e0a12',
  type: 'KYC_RESULT',
  read: true,
  createdAt: '2026-11-19T10:00:00.000Z',
  params: { status: 'REJECT', kycLevel: null, reason: 'Blurred photo' },
};
const pageOf = (result: Notification[]) => ok({ pageNum: 1, pageSize: 10, result });
const announcements = ok({
  pageNum: 1,
  pageSize: 10,
  result: [
    {
      id: 7,
      category: 'ANNOUNCEMENT',
      title: 'Maintenance on Sunday',
      summary: 'Trading pauses for 30 minutes.',
      body: 'Trading pauses for 30 minutes from 02:00 UTC.',
      publishedAt: '2026-11-18T00:00:00.000Z',
    },
  ],
});

describe('the header bell', () => {
  it('shows the unread count, raises it on a push and lists the notices in words', async () => {
    startSession({ user });
    const { socket, push } = fakeSocket();
    renderApp(
      '/market',
      {
        '/v1/user/profile': ok(user),
        '/v1/notification/unread-count': ok({ unreadCount: 1 }),
        '/v1/notification/list': pageOf([filled, kyc]),
      },
      { socket },
    );
    expect((await screen.findByTestId('unread-badge')).textContent).toBe('1');
    push('notification', {
      unreadCount: 2,
      notification: { ...filled, id: kyc.id.replace('1c', '2c') },
    });
    await waitFor(() => expect(screen.getByTestId('unread-badge').textContent).toBe('2'));
    fireEvent.click(screen.getByRole('button', { name: /Notifications, 2 unread/ }));
    const menu = await screen.findByText('Recent notifications');
    const panel = menu.closest('.notification-menu') as HTMLElement;
    await waitFor(() => expect(within(panel).getByText('Order filled')).toBeDefined());
    expect(
      within(panel).getByText(
        'Sell BTC/USDT (Demo): 0.5 of 0.5 filled at an average price of 60000.',
      ),
    ).toBeDefined();
    expect(
      within(panel).getByText(
        'Your identity verification was rejected: Blurred photo. Correct it and submit again.',
      ),
    ).toBeDefined();
  });
});

describe('the message centre', () => {
  it('opens a notice, marks it read, and marks all read', async () => {
    startSession({ user });
    const reads: unknown[] = [];
    const { router } = renderApp('/MessageCenter', {
      '/v1/user/profile': ok(user),
      '/v1/notification/unread-count': ok({ unreadCount: 1 }),
      '/v1/notification/list': pageOf([filled, kyc]),
      [`/v1/notification/detail/${filled.id}`]: ok(filled),
      '/v1/notification/preferences': ok({
        preferences: [
          { type: 'ORDER_FILLED', email: false, changeable: true },
          { type: 'NEW_DEVICE_LOGIN', email: true, changeable: false },
        ],
      }),
      '/v1/notification/read': (_url, init) => {
        reads.push(JSON.parse(typeof init?.body === 'string' ? init.body : 'null'));
        // Another notice arrived meanwhile: one is still unread.
        return ok({ unreadCount: 1 });
      },
      '/v1/notification/read-all': () => {
        reads.push('ALL');
        return ok({ unreadCount: 0 });
      },
    });
    const rows = await screen.findAllByTestId('notification-row');
    expect(rows).toHaveLength(2);
    expect(screen.getByTestId('unread-count').textContent).toBe('1 unread');
    // E-mail choices: the fixed one cannot be switched.
    expect(screen.getByTestId<HTMLInputElement>('email-pref-NEW_DEVICE_LOGIN').disabled).toBe(true);
    expect(screen.getByTestId<HTMLInputElement>('email-pref-ORDER_FILLED').checked).toBe(false);

    fireEvent.click(rows[0]!);
    const detail = await screen.findByTestId('notification-detail');
    expect(router.state.location.search).toBe(`?id=${filled.id}`);
    expect(within(detail).getByRole('heading', { name: 'Order filled' })).toBeDefined();
    await waitFor(() => expect(reads).toEqual([{ ids: [filled.id] }]));

    fireEvent.click(screen.getByRole('button', { name: /Back to the list/ }));
    await screen.findAllByTestId('notification-row');
    fireEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(reads).toContain('ALL'));
    // Nothing left unread: the button is off.
    await waitFor(() =>
      expect(
        screen.getByRole<HTMLButtonElement>('button', { name: 'Mark all as read' }).disabled,
      ).toBe(true),
    );
  });

  it('shows announcements to a visitor and asks to log in for personal ones', async () => {
    renderApp('/MessageCenter', { '/v1/notification/public/announcements': announcements });
    expect(await screen.findByText('Maintenance on Sunday')).toBeDefined();
    fireEvent.click(screen.getByRole('tab', { name: 'My notifications' }));
    expect(await screen.findByText('Log in to see your own notifications.')).toBeDefined();
    expect(screen.queryByText('Maintenance on Sunday')).toBeNull();
  });
});

describe('the account-centre overview', () => {
  it('shows the UID, e-mail, account type, KYC level and security level', async () => {
    startSession({ user });
    renderApp('/accountCenter', {
      '/v1/user/profile': ok(user),
      '/v1/notification/list': pageOf([kyc]),
      '/v1/security/status': ok({
        email: 'ada@example.com',
        securityLevel: 1,
        verifications: ['EMAIL'],
        authenticatorLinked: false,
        authenticatorLinkedAt: null,
        hasPassword: true,
        lock: null,
      }),
      '/v1/wallet/balances': ok([]),
      '/v1/market-data/public/tickers': ok([]),
    });
    expect((await screen.findByTestId('overview-uid')).textContent).toBe('10001');
    expect(screen.getByTestId('overview-email').textContent).toBe('ada@example.com');
    expect(screen.getByTestId('overview-type').textContent).toBe('Individual');
    expect(screen.getByTestId('overview-kyc').textContent).toBe('Verified (level 1)');
    expect(screen.getByTestId('overview-security-level').textContent).toBe('Level 1 of 3');
    // Both places appear, not necessarily in the same render (findAll resolves on the first).
    await waitFor(() => expect(screen.getAllByText('Identity verification')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('valuation-0').textContent).toContain('0'));
  });

  const usd = {
    code: 'USD',
    name: 'US Dollar',
    decimals: 2,
    type: 'FIAT',
    category: null,
    sign: '$',
    status: 'ACTIVE',
    tags: ['real'],
    isMainFiat: true,
    isCommonFiat: true,
    marketCap: null,
    coinInfo: null,
  };
  const overviewAnswers = (rates: Record<string, string>) => ({
    '/v1/user/profile': ok(user),
    '/v1/notification/list': pageOf([]),
    '/v1/wallet/balances': ok([
      { asset: 'USDT', available: '1000', frozen: '234.5', total: '1234.5' },
    ]),
    '/v1/market-data/public/tickers': ok([]),
    '/v1/common/public/configs': ok({
      mainFiat: 'USD',
      commonFiat: ['USD'],
      languages: [{ value: 'en', label: 'English' }],
      defaultLanguage: 'en',
    }),
    '/v1/common/public/configs/assets': ok([usd]),
    '/v1/external-market-data/public/exchange-rates': ok({
      ts: 1,
      quote: 'HKD',
      units: 100,
      rates: { HKD: '100', USD: '780', ...rates },
    }),
  });

  it('values each mode in the main fiat through the exchange rates, the USDT figure under it', async () => {
    startSession({ user });
    renderApp('/accountCenter', overviewAnswers({ USDT: '772.2' }));
    // 1234.5 USDT at 772.2 HKD per 100 USDT, over 780 HKD per 100 USD: 1222.155 USD.
    await waitFor(() =>
      expect(screen.getByTestId('valuation-0-main').textContent).toBe('≈ $1,222.15'),
    );
    expect(screen.getByTestId('valuation-0').textContent).toContain('≈ 1,234.50 USDT');
    expect(screen.getByText(/Estimated in USD/)).toBeDefined();
    expect(screen.queryByTestId('valuation-parity')).toBeNull();
  });

  it('takes USDT at USD parity when the feed has no USDT rate, and says so', async () => {
    startSession({ user });
    renderApp('/accountCenter', overviewAnswers({}));
    await waitFor(() =>
      expect(screen.getByTestId('valuation-0-main').textContent).toBe('≈ $1,234.50'),
    );
    expect((await screen.findByTestId('valuation-parity')).textContent).toBe(
      'The rate feed has no USDT rate yet: USDT is counted at 1 USD.',
    );
  });
});
