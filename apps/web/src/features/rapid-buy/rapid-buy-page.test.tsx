import {
  RAPID_BUY_PATHS,
  type RapidBuy,
  type RapidBuyInfo,
  type RapidBuyQuote,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { fail, ok, renderApp, resetApp } from '../../test/render';

const user = makeUser({ uid: '10001' });

beforeEach(() => {
  resetApp();
  startSession({ user });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const info: RapidBuyInfo = {
  available: true,
  symbol: 'USDT_USD',
  spendAsset: 'USD',
  receiveAsset: 'USDT',
  minSpend: '5',
  tickSize: '0.01',
  stepSize: '0.01',
  feeRate: '0',
  maintenance: null,
};
const quote = (over: Partial<RapidBuyQuote> = {}): RapidBuyQuote => ({
  symbol: 'USDT_USD',
  usdAmount: '100',
  usdFilled: '99.9962',
  usdtGross: '99.31',
  fee: '0',
  usdtReceived: '99.31',
  averagePrice: '1.00690363',
  bestPrice: '1',
  worstPrice: '1.02',
  limitPrice: '1.03',
  levels: 3,
  covered: true,
  noCounterparty: false,
  usdUnspent: '0.0038',
  ...over,
});
const bought = (over: Partial<RapidBuy> = {}): RapidBuy => ({
  id: '5b1c2d3e-4f5a-4b6c-8d7e-9f0a1b2c3d4e',
  clientRequestId: 'rapid-1',
  mode: 0,
  symbol: 'USDT_USD',
  usdRequested: '100',
  orderId: '7',
  quotedPrice: '1.00690363',
  quotedAmount: '99.31',
  limitPrice: '1.03',
  usdFilled: '99.9962',
  usdtReceived: '99.31',
  fee: '0',
  averagePrice: '1.00690363',
  usdReturned: '0.0038',
  state: 'FILLED',
  reason: null,
  createdAt: '2026-11-24T10:00:00.000Z',
  updatedAt: '2026-11-24T10:00:00.000Z',
  ...over,
});
const base = {
  '/v1/user/profile': ok(user),
  '/v1/wallet/balances': ok([{ asset: 'USD', available: '1000', frozen: '0', total: '1000' }]),
  [RAPID_BUY_PATHS.info]: ok(info),
};

describe('Rapid Buy page', () => {
  it('quotes as the amount is typed, confirms, and shows the fill and the history', async () => {
    let list: RapidBuy[] = [];
    const { fetch } = renderApp('/rapidBuy', {
      ...base,
      [RAPID_BUY_PATHS.quote]: ok(quote()),
      [RAPID_BUY_PATHS.orders]: (_url, init) => {
        if (init?.method === 'POST') {
          list = [bought()];
          return ok(bought());
        }
        return ok({ pageNum: 1, pageSize: 10, result: list });
      },
    });
    await screen.findByTestId('rapid-form');
    await waitFor(() =>
      expect(screen.getByTestId('rapid-available').textContent).toBe('Available: 1000.00 USD'),
    );
    fireEvent.change(screen.getByTestId('rapid-amount'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('rapid-receive').textContent).toContain('99.31'));
    expect(screen.getByTestId('rapid-levels').textContent).toBe('order book price levels used: 3');
    expect(screen.getByTestId('rapid-quote').textContent).toContain('at most 1.03 USD per USDT');
    expect(screen.getByTestId('rapid-quote').textContent).toContain('Free');
    fireEvent.click(screen.getByTestId('rapid-buy'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    fireEvent.click(within(dialog).getByTestId('rapid-confirm'));
    await waitFor(() =>
      expect(screen.getByTestId('rapid-result-received').textContent).toBe('99.31 USDT'),
    );
    expect(screen.getByTestId('rapid-result-returned').textContent).toBe('0.0038 USD');
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ usdAmount: '100' });
    await waitFor(() => expect(document.querySelector('tr[data-state="FILLED"]')).not.toBeNull());
  });

  it('says there is no counterparty with a link to a limit order, and warns of a partial fill', async () => {
    let empty = true;
    renderApp('/rapidBuy', {
      ...base,
      [RAPID_BUY_PATHS.quote]: () =>
        ok(
          empty
            ? quote({
                usdFilled: '0',
                usdtGross: '0',
                usdtReceived: '0',
                averagePrice: null,
                bestPrice: null,
                worstPrice: null,
                limitPrice: null,
                levels: 0,
                covered: false,
                noCounterparty: true,
                usdUnspent: '100',
              })
            : quote({ usdAmount: '200', covered: false, usdUnspent: '100.0038' }),
        ),
      [RAPID_BUY_PATHS.orders]: ok({ pageNum: 1, pageSize: 10, result: [] }),
    });
    await screen.findByTestId('rapid-form');
    fireEvent.change(screen.getByTestId('rapid-amount'), { target: { value: '100' } });
    const none = await screen.findByTestId('rapid-no-counterparty');
    expect(none.textContent).toContain('No counterparty, please choose a limit order.');
    expect(within(none).getByRole('link').getAttribute('href')).toBe('/trade/spot/USDT_USD');
    expect(screen.getByTestId<HTMLButtonElement>('rapid-buy').disabled).toBe(true);
    empty = false;
    fireEvent.change(screen.getByTestId('rapid-amount'), { target: { value: '200' } });
    const partial = await screen.findByTestId('rapid-partial');
    expect(partial.textContent).toContain('partial fill');
    expect(partial.textContent).toContain('100.00 USD stays in your balance');
  });

  it('says Rapid Buy is unavailable when the pair is not offered', async () => {
    renderApp('/rapidBuy', {
      ...base,
      [RAPID_BUY_PATHS.info]: ok({ ...info, available: false }),
    });
    expect((await screen.findByTestId('rapid-unavailable')).textContent).toContain(
      'Rapid Buy is unavailable',
    );
  });

  it('shows the refusal of the gateway in the dialog', async () => {
    renderApp('/rapidBuy', {
      ...base,
      [RAPID_BUY_PATHS.quote]: ok(quote()),
      [RAPID_BUY_PATHS.orders]: (_url, init) =>
        init?.method === 'POST'
          ? fail('7001', 'Insufficient KYC level permissions.', 403)
          : ok({ pageNum: 1, pageSize: 10, result: [] }),
    });
    await screen.findByTestId('rapid-form');
    fireEvent.change(screen.getByTestId('rapid-amount'), { target: { value: '100' } });
    await waitFor(() => expect(screen.getByTestId('rapid-receive').textContent).toContain('99.31'));
    fireEvent.click(screen.getByTestId('rapid-buy'));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm your purchase' });
    fireEvent.click(within(dialog).getByTestId('rapid-confirm'));
    expect((await within(dialog).findByTestId('rapid-confirm-error')).textContent).toContain(
      'Insufficient KYC level permissions',
    );
  });
});
