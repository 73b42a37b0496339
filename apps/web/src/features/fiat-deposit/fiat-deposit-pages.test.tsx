import {
  FIAT_DEPOSIT_PATHS,
  type BankDepositInstructions,
  type FiatAgreementStatus,
  type FiatDeposit,
  type FiatHistoryItem,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';

const user = makeUser({ uid: '10001' });

beforeEach(() => {
  resetApp();
  startSession({ user });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const agreements = (complete: boolean): FiatAgreementStatus => ({
  version: '2026-11',
  accepted: complete
    ? { TRUST: '2026-11-24T10:00:00.000Z', FUND_TRANSFER: '2026-11-24T10:00:00.000Z' }
    : { TRUST: null, FUND_TRANSFER: null },
  complete,
});
const deposit = (over: Partial<FiatDeposit> = {}): FiatDeposit => ({
  id: 'd1',
  channel: 'CARD',
  currency: 'USD',
  amount: '100',
  fee: '5',
  credited: '95',
  state: 'REVIEW',
  reason: null,
  cardBrand: 'VISA',
  cardLast4: '4242',
  payerName: null,
  payerAccountMasked: null,
  actionUrl: null,
  reviewDueAt: null,
  creditedAt: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const instructions = (over: Partial<BankDepositInstructions> = {}): BankDepositInstructions => ({
  status: 'ACTIVE',
  accountNumber: '888000123456',
  accountName: 'ADA LOVELACE',
  bankName: 'Harbour Trust Bank (Hong Kong) Limited',
  swiftCode: 'HTBKHKHH',
  bankCode: '398',
  bankAddress: '1 Queen’s Road Central',
  currencies: ['USD', 'EUR'],
  reference: '10001',
  linkedAccounts: [],
  ...over,
});
const base = { '/v1/user/profile': ok(user) };

describe('fiat deposit pages', () => {
  it('asks for both agreements once, records them, then shows the card form', async () => {
    let accepted = false;
    const { fetch } = renderApp('/fiatChannel/ortherJYB', {
      ...base,
      [FIAT_DEPOSIT_PATHS.agreements]: (_url, init) => {
        if (init?.method === 'POST') accepted = true;
        return ok(agreements(accepted));
      },
    });
    await screen.findByTestId('fiat-agreements');
    expect(screen.getByTestId('agreement-TRUST').textContent).toContain('on trust');
    const accept = screen.getByTestId('agreements-accept');
    expect((accept as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByTestId('agreements-read'));
    fireEvent.click(accept);
    await screen.findByTestId('card-form');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({
      version: '2026-11',
      kinds: ['TRUST', 'FUND_TRANSFER'],
    });
  });

  it('shows the fee and the amount credited before the card is charged, then the result', async () => {
    const { fetch } = renderApp('/fiatChannel/ortherJYB?currency=USD', {
      ...base,
      [FIAT_DEPOSIT_PATHS.agreements]: ok(agreements(true)),
      [FIAT_DEPOSIT_PATHS.cardPreview]: ok({
        currency: 'USD',
        amount: '100',
        fee: '5',
        credited: '95',
        feeRate: '0.047',
        fixedFeeUsd: '0.3',
        maxAmount: '1000000',
      }),
      [FIAT_DEPOSIT_PATHS.cardCharge]: ok(deposit()),
      [`${FIAT_DEPOSIT_PATHS.deposits}/d1`]: ok(deposit()),
    });
    await screen.findByTestId('card-form');
    expect(screen.getByTestId('test-cards').textContent).toContain('4000000000003220');
    fireEvent.change(screen.getByTestId('card-amount'), { target: { value: '100' } });
    fireEvent.change(screen.getByTestId('card-number'), {
      target: { value: '4242 4242 4242 4242' },
    });
    fireEvent.change(screen.getByTestId('card-expiry'), { target: { value: '12/30' } });
    fireEvent.change(screen.getByTestId('card-cvc'), { target: { value: '123' } });
    fireEvent.change(screen.getByTestId('card-holder'), { target: { value: 'Ada Lovelace' } });
    await waitFor(() => expect(screen.getByTestId('card-summary').textContent).toContain('95 USD'));
    fireEvent.click(screen.getByTestId('card-submit'));
    expect((await screen.findByTestId('card-review')).textContent).toContain(
      'charged 100 USD and receive 95 USD',
    );
    // Nothing is charged before the second click.
    expect(fetch.mock.calls.some(([href]) => String(href).endsWith('/deposit/card'))).toBe(false);
    fireEvent.click(screen.getByTestId('card-submit'));
    expect((await screen.findByTestId('card-result-state')).textContent).toBe(
      'Payment received, under review',
    );
    expect(screen.getByTestId('card-result').textContent).toContain('VISA •••• 4242');
  });

  it('says why a charge was refused and keeps the form', async () => {
    renderApp('/fiatChannel/ortherJYB', {
      ...base,
      [FIAT_DEPOSIT_PATHS.agreements]: ok(agreements(true)),
      [FIAT_DEPOSIT_PATHS.cardPreview]: fail(
        '6106',
        'A single card recharge is at most 1000000 USD (the equivalent of 1,000,000 USD).',
      ),
    });
    await screen.findByTestId('card-form');
    fireEvent.change(screen.getByTestId('card-amount'), { target: { value: '2000000' } });
    expect(await screen.findByText(/single card recharge is at most/)).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('card-submit').disabled).toBe(true);
  });

  it('shows the virtual account on the bank page, or sends the user to open it', async () => {
    renderApp('/fiatChannel/JYB', {
      ...base,
      [FIAT_DEPOSIT_PATHS.agreements]: ok(agreements(true)),
      [FIAT_DEPOSIT_PATHS.bankInstructions]: ok(instructions()),
    });
    const panel = await screen.findByTestId('bank-instructions');
    expect(panel.textContent).toContain('888000123456');
    expect(panel.textContent).toContain('HTBKHKHH');
    cleanup();
    renderApp('/fiatChannel/JYB', {
      ...base,
      [FIAT_DEPOSIT_PATHS.agreements]: ok(agreements(true)),
      [FIAT_DEPOSIT_PATHS.bankInstructions]: ok(
        instructions({ status: 'NOT_OPEN', accountNumber: null, accountName: null }),
      ),
    });
    const notOpen = await screen.findByTestId('bank-not-open');
    expect(within(notOpen).getByRole('link').getAttribute('href')).toBe('/accountCenter/identity');
  });

  it('is Real mode only', async () => {
    updateSettings({ runtimeMode: 1 });
    renderApp('/fiatChannel/ortherJYB', base);
    expect(await screen.findByTestId('real-only')).toBeTruthy();
  });
});

describe('/accountCenter/orders/fiatHistory', () => {
  const row = (over: Partial<FiatHistoryItem> = {}): FiatHistoryItem => ({
    id: 'h1',
    type: 'DEPOSIT',
    channel: 'CARD',
    currency: 'USD',
    amount: '100',
    fee: '5',
    net: '95',
    state: 'REVIEW',
    account: 'VISA •••• 4242',
    reason: null,
    createdAt: '2026-11-24T10:00:00.000Z',
    updatedAt: '2026-11-24T10:00:00.000Z',
    ...over,
  });

  it('lists deposits and withdrawals, filters by type, exports CSV, and moves live', async () => {
    const socket = fakeSocket();
    let state = 'REVIEW';
    const { fetch } = renderApp(
      '/accountCenter/orders/fiatHistory',
      {
        ...base,
        [FIAT_DEPOSIT_PATHS.history]: (url) =>
          ok({
            pageNum: 1,
            pageSize: 10,
            result:
              url.searchParams.get('type') === 'WITHDRAWAL'
                ? [row({ id: 'w1', type: 'WITHDRAWAL', channel: 'BANK', state: 'FROZEN' })]
                : [row({ state })],
          }),
      },
      { socket: socket.socket },
    );
    const table = await screen.findByTestId('fiat-history');
    expect(table.textContent).toContain('Under review');
    const csv = screen.getByTestId('fiat-history-csv').getAttribute('href') ?? '';
    expect(csv).toMatch(/^\/v1\/fiat\/history\/export\?startTime=\d+/);
    state = 'CREDITED';
    socket.push('fiatDeposit', deposit({ state: 'CREDITED' }));
    await waitFor(() =>
      expect(screen.getByTestId('fiat-history').textContent).toContain('Credited'),
    );
    fireEvent.change(screen.getAllByRole('combobox')[0] as HTMLSelectElement, {
      target: { value: 'WITHDRAWAL' },
    });
    await waitFor(() =>
      expect(screen.getByTestId('fiat-history').textContent).toContain('Frozen (24 h)'),
    );
    const last = fetch.mock.calls
      .map(([href]) => String(href))
      .filter((h) => h.includes('/history?'));
    expect(last.at(-1)).toContain('type=WITHDRAWAL');
  });
});
