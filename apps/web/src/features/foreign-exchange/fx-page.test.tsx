import {
  FOREIGN_EXCHANGE_PATHS as P,
  type ForeignExchange,
  type FxCurrency,
  type FxQuote,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';
import { displayRate } from './components/fx-page';

const user = makeUser({ uid: '10001' });

beforeEach(() => {
  resetApp();
  startSession({ user });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const currencies: FxCurrency[] = [
  { code: 'USD', name: 'US Dollar', sign: '$', decimals: 2, available: '1000' },
  { code: 'HKD', name: 'Hong Kong Dollar', sign: 'HK$', decimals: 2, available: '0' },
  { code: 'JPY', name: 'Japanese Yen', sign: '¥', decimals: 0, available: '0' },
];
let serial = 0;
const quote = (over: Partial<FxQuote> = {}): FxQuote => ({
  id: `q-${++serial}`,
  from: 'USD',
  to: 'HKD',
  amount: '100',
  rate: '7.77120024',
  midRate: '7.79458400',
  spread: '0.003',
  receive: '777.12',
  fee: '0',
  available: '1000',
  expiresAt: '2026-11-24T10:00:15.000Z',
  ttlSeconds: 15,
  validForMs: 15_000,
  estimatedSettleAt: '2026-11-24T10:30:00.000Z',
  ...over,
});
const exchange = (over: Partial<ForeignExchange> = {}): ForeignExchange => ({
  id: '8b3e4d5c-2f3a-4b6c-9d0e-1f2a3b4c5d6e',
  clientRequestId: 'fx-1',
  quoteId: 'q-1',
  from: 'USD',
  to: 'HKD',
  sellAmount: '100',
  receiveAmount: '777.12',
  rate: '7.77120024',
  midRate: '7.794584',
  status: 'PROCESSING',
  reason: null,
  settleAt: '2026-11-24T10:30:00.000Z',
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  completedAt: null,
  ...over,
});
const base = { '/v1/user/profile': ok(user), [P.currencies]: ok(currencies) };

describe('foreign exchange page', () => {
  it('reads rates for people: 4 decimals from 1 up, 8 below, never rounded up', () => {
    expect(displayRate('7.77120024')).toBe('7.7712');
    expect(displayRate('155.532')).toBe('155.532');
    expect(displayRate('0.00639102')).toBe('0.00639102');
    expect(displayRate('2')).toBe('2');
  });

  it('quotes, restates both amounts, confirms and follows the exchange live', async () => {
    const { socket, push } = fakeSocket();
    let confirmed: unknown = null;
    renderApp(
      '/foreignExchange',
      {
        ...base,
        [P.quotes]: () => ok(quote()),
        [P.exchanges]: (_url, init) => {
          confirmed = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : null;
          return ok(exchange());
        },
        [P.exchange(exchange().id)]: ok(exchange()),
      },
      { socket },
    );
    const form = await screen.findByTestId('fx-form');
    fireEvent.change(within(form).getByLabelText('Amount to sell (USD)'), {
      target: { value: '100' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('fx-rate').textContent).toBe('1 USD = 7.7712 HKD'),
    );
    expect(screen.getByTestId('fx-receive').textContent).toBe('777.12 HKD');
    expect(screen.getByTestId('fx-quote').textContent).toContain('Free');
    expect(screen.getByTestId('fx-countdown').textContent).toMatch(/^1[45] s$/);
    fireEvent.click(screen.getByTestId('fx-submit'));
    const dialog = await screen.findByTestId('fx-confirm');
    expect(within(dialog).getByTestId('fx-confirm-sell').textContent).toBe('100 USD');
    expect(within(dialog).getByTestId('fx-confirm-receive').textContent).toBe('777.12 HKD');
    fireEvent.click(screen.getByTestId('fx-confirm-submit'));
    const state = await screen.findByTestId('fx-state');
    expect(state.textContent).toBe('Processing');
    expect((confirmed as { quoteId: string }).quoteId).toMatch(/^q-/);
    push('foreignExchange', exchange({ status: 'COMPLETED', completedAt: '2026-11-24T10:30:00Z' }));
    await waitFor(() => expect(screen.getByTestId('fx-state').textContent).toBe('Completed'));
    expect(screen.getByTestId('fx-result').textContent).toContain(
      '777.12 HKD has been credited to your account.',
    );
  });

  it('opens on the pair the wallet names: from=JPY&to=USD (Withdraw via USD)', async () => {
    renderApp('/foreignExchange?from=JPY&to=USD', base);
    const form = await screen.findByTestId('fx-form');
    await waitFor(() =>
      expect(within(form).getByLabelText<HTMLSelectElement>('From').value).toBe('JPY'),
    );
    expect(within(form).getByLabelText<HTMLSelectElement>('To').value).toBe('USD');
  });

  it('says so when a quote expired and shows the fresh one', async () => {
    let quotes = 0;
    renderApp('/foreignExchange', {
      ...base,
      [P.quotes]: () => ok(quote({ receive: quotes++ === 0 ? '777.12' : '776.50' })),
      [P.exchanges]: fail('6405', 'This quote has expired or does not exist.'),
    });
    const form = await screen.findByTestId('fx-form');
    fireEvent.change(within(form).getByLabelText('Amount to sell (USD)'), {
      target: { value: '100' },
    });
    await waitFor(() => expect(screen.getByTestId('fx-receive').textContent).toBe('777.12 HKD'));
    fireEvent.click(screen.getByTestId('fx-submit'));
    fireEvent.click(await screen.findByTestId('fx-confirm-submit'));
    expect((await screen.findByTestId('fx-confirm-error')).textContent).toContain('expired');
    await waitFor(() =>
      expect(screen.getByTestId('fx-confirm-receive').textContent).toBe('776.50 HKD'),
    );
  });

  it('refuses an amount above the balance or with too many decimals before quoting', async () => {
    renderApp('/foreignExchange', { ...base, [P.quotes]: () => ok(quote()) });
    const form = await screen.findByTestId('fx-form');
    const input = within(form).getByLabelText('Amount to sell (USD)');
    fireEvent.change(input, { target: { value: '1000.01' } });
    expect(await screen.findByText('Insufficient available balance.')).toBeTruthy();
    fireEvent.change(input, { target: { value: '1.001' } });
    expect(
      await screen.findByText('Enter an amount greater than 0 with at most 2 decimals.'),
    ).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('fx-submit').disabled).toBe(true);
  });

  it('is for Real mode and verified identities', async () => {
    updateSettings({ runtimeMode: 1 });
    renderApp('/foreignExchange', base);
    await screen.findByTestId('real-only');
    cleanup();
    resetApp();
    const unverified = makeUser({ uid: '10002', kycLevel: null });
    startSession({ user: unverified });
    renderApp('/foreignExchange', { ...base, '/v1/user/profile': ok(unverified) });
    await screen.findByTestId('kyc-needed');
  });

  it('lists the history with its filters and the CSV link', async () => {
    const { fetch } = renderApp('/foreignExchange?tab=history', {
      ...base,
      [P.exchanges]: ok({ pageNum: 1, pageSize: 10, result: [exchange({ status: 'COMPLETED' })] }),
    });
    const row = await screen.findByTestId('fx-history-row');
    expect(row.textContent).toContain('USD → HKD');
    expect(row.textContent).toContain('Completed');
    const filters = screen.getByTestId('fx-filters');
    fireEvent.change(within(filters).getByLabelText('To'), { target: { value: 'HKD' } });
    await waitFor(() =>
      expect(
        fetch.mock.calls.some(
          ([href]) => String(href).includes(`${P.exchanges}?`) && String(href).includes('to=HKD'),
        ),
      ).toBe(true),
    );
    expect(screen.getByTestId('fx-history-csv').getAttribute('href')).toContain('to=HKD');
  });
});
