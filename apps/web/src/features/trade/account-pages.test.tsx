import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startSession } from '../../lib/session';
import { updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { ok, renderApp, resetApp } from '../../test/render';
import { flowsToCsv, PATHS_API, sixMonthsAgo, valueInUsdt } from './api';

beforeEach(() => {
  resetApp();
  startSession({ token: 'tok', refreshToken: 'ref', user: makeUser() });
});
afterEach(cleanup);

const order = (id: string, patch: Record<string, unknown> = {}) => ({
  id,
  clientOrderId: null,
  symbol: 'BTC_USDT',
  side: 'BUY',
  type: 'LIMIT',
  timeInForce: 'GTC',
  price: '100',
  amount: '0.5',
  total: null,
  filled: '0',
  filledTotal: '0',
  averagePrice: null,
  fee: '0',
  feeAsset: null,
  liquidity: null,
  status: 'NEW',
  icebergSize: null,
  trailingDelta: null,
  activationPrice: null,
  triggerPrice: null,
  triggerDirection: null,
  runtimeMode: 1,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...patch,
});

const base = {
  '/v1/user/profile': ok(makeUser()),
  [PATHS_API.tickers]: ok([
    { symbol: 'BTC_USDT', last: '50000' },
    { symbol: 'USDT_HKD', last: '7.8' },
  ]),
};

describe('wallet', () => {
  it('values balances in USDT from the tickers', () => {
    const tickers = [
      { symbol: 'BTC_USDT', last: '50000' },
      { symbol: 'USDT_HKD', last: '8' },
    ];
    expect(valueInUsdt('BTC', '0.5', tickers)).toBe(25000);
    expect(valueInUsdt('HKD', '80', tickers)).toBe(10);
    expect(valueInUsdt('USDT', '3', tickers)).toBe(3);
    expect(valueInUsdt('XYZ', '3', tickers)).toBeNull();
  });

  it('lists balances with available, frozen and value; Demo offers the reset', async () => {
    updateSettings({ runtimeMode: 1 });
    const reset = vi.fn(() => ok(null));
    renderApp('/accountCenter/wallet?type=wallet', {
      ...base,
      [PATHS_API.balances]: ok([
        { asset: 'BTC', available: '0.4', frozen: '0.1', total: '0.5' },
        { asset: 'USDT', available: '1000', frozen: '0', total: '1000' },
        { asset: 'ETH', available: '0', frozen: '0', total: '0' },
      ]),
      [PATHS_API.demoReset]: reset,
    });
    const btc = await screen.findByRole('row', { name: /BTC/ });
    expect(within(btc).getByText('0.4')).toBeDefined();
    expect(within(btc).getByText('0.1')).toBeDefined();
    expect(within(btc).getByText('25,000.00 USDT')).toBeDefined();
    await waitFor(() => expect(screen.getByTestId('wallet-total').textContent).toBe('26,000.00 USDT'));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hide zero balances' }));
    expect(screen.queryByRole('row', { name: /ETH/ })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Reset demo funds' }));
    await waitFor(() => expect(reset).toHaveBeenCalled());
    expect(await screen.findByText('Demo funds restored.')).toBeDefined();
  });

  it('has no reset in Real mode', async () => {
    renderApp('/accountCenter/wallet?type=wallet', { ...base, [PATHS_API.balances]: ok([]) });
    await screen.findByText('No balances yet');
    expect(screen.queryByRole('button', { name: 'Reset demo funds' })).toBeNull();
  });
});

describe('orders', () => {
  it('shows open orders with cancel, history with filters and paging', async () => {
    const cancel = vi.fn(() => ok(order('1', { status: 'CANCELED' })));
    const history = vi.fn((url: URL) => {
      const page = Number(url.searchParams.get('pageNum'));
      return ok({ pageNum: page, pageSize: 10, result: Array.from({ length: page === 1 ? 10 : 3 }, (_, i) => order(`h${page}-${i}`, { status: 'FILLED', filled: '0.5' })) });
    });
    renderApp('/accountCenter/orders', {
      ...base,
      [PATHS_API.openOrders]: ok({ pageNum: 1, pageSize: 10, result: [order('1')] }),
      [PATHS_API.history]: history,
      [PATHS_API.cancel]: cancel,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 1' }));
    await waitFor(() => expect(cancel).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('tab', { name: 'Order history' }));
    await screen.findByText('Page 1');
    expect(screen.getAllByText('Filled').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Side' }), { target: { value: 'SELL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(history.mock.calls.some(([url]) => url.searchParams.get('side') === 'SELL')).toBe(true));
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true));
  });
});

describe('order lists', () => {
  it('shows the conditions of stop, trailing and iceberg orders', async () => {
    renderApp('/accountCenter/orders', {
      ...base,
      [PATHS_API.openOrders]: ok({
        pageNum: 1,
        pageSize: 10,
        result: [
          order('1', { type: 'TRIGGER', triggerPrice: '90', triggerDirection: 'BELOW' }),
          order('2', { type: 'TRIGGER', triggerPrice: '120', triggerDirection: 'ABOVE' }),
          order('3', { type: 'TRAILING', side: 'SELL', price: null, trailingDelta: '5', status: 'TRAILING' }),
          order('4', { type: 'ICEBERG', icebergSize: '0.1' }),
        ],
      }),
    });
    const cell = async (id: string) => within((await screen.findByRole('button', { name: `Cancel order ${id}` })).closest('tr') as HTMLElement);
    expect((await cell('1')).getByText('≤ 90')).toBeDefined();
    expect((await cell('2')).getByText('≥ 120')).toBeDefined();
    expect((await cell('3')).getByText('Δ 5')).toBeDefined();
    expect((await cell('3')).getByText('Trailing', { selector: 'td:nth-child(10)' })).toBeDefined();
    expect((await cell('4')).getByText('Visible size 0.1')).toBeDefined();
  });

  it('never draws one list in the columns of another while the next one loads', async () => {
    renderApp('/accountCenter/orders?tab=history', {
      ...base,
      [PATHS_API.history]: ok({ pageNum: 1, pageSize: 10, result: [order('h1', { type: 'MARKET', price: null, amount: null, total: '100', status: 'FILLED', filled: '0.002' })] }),
      [PATHS_API.myTrades]: ok({
        pageNum: 1,
        pageSize: 10,
        result: [{ id: 't1', symbol: 'BTC_USDT', orderId: 'h1', side: 'BUY', price: '50000', amount: '0.002', total: '100', fee: '0', feeAsset: 'BTC', liquidity: 'TAKER', createdAt: '2026-11-01T10:00:00.000Z' }],
      }),
    });
    await screen.findByRole('table', { name: 'Order history' });
    fireEvent.click(screen.getByRole('tab', { name: 'My trades' }));
    // Not the order drawn as a trade: the trades table shows up with its own rows only.
    expect(screen.queryByRole('table', { name: 'My trades' })).toBeNull();
    const trades = await screen.findByRole('table', { name: 'My trades' });
    expect(within(trades).getByText('Taker')).toBeDefined();
    expect(within(trades).queryByText('-')).toBeNull();
  });
});

describe('transaction history', () => {
  it('asks for the past 6 months only and names the flow types', async () => {
    const flows = vi.fn(() =>
      ok({
        pageNum: 1,
        pageSize: 20,
        result: [{ id: 'f1', txId: 'tx1', asset: 'USDT', bucket: 'AVAILABLE', amount: '100000', flowType: 140001, flowName: 'DEMO_FUNDING', refType: 'DEMO', refId: 'u1', createdAt: '2026-11-01T10:00:00.000Z' }],
      }),
    );
    renderApp('/accountCenter/transactionHistory', { ...base, [PATHS_API.flows]: flows });
    expect(await screen.findByText('Demo funding')).toBeDefined();
    const [url] = flows.mock.calls[0] as unknown as [URL];
    expect(Number(url.searchParams.get('startTime'))).toBeGreaterThanOrEqual(sixMonthsAgo() - 60_000);
  });

  it('exports flows as CSV', () => {
    const csv = flowsToCsv(
      [{ id: 'f1', txId: 'tx1', asset: 'USDT', bucket: 'AVAILABLE', amount: '-5', flowType: 100004, flowName: 'Trading fee, spot', refType: 'TRADE', refId: '9', createdAt: '2026-11-01T10:00:00.000Z' }],
      ['time', 'asset', 'amount', 'flowType', 'flowName', 'bucket', 'refType', 'refId', 'txId'],
    );
    expect(csv).toBe('time,asset,amount,flowType,flowName,bucket,refType,refId,txId\n2026-11-01T10:00:00.000Z,USDT,-5,100004,"Trading fee, spot",AVAILABLE,TRADE,9,tx1\n');
  });
});
