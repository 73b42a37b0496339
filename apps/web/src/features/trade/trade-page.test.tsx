import {
  MARKET_DATA_PATHS,
  SPOT_ORDER_PATHS,
  STORAGE_KEYS,
  WALLET_PATHS,
  type TradingSymbol,
} from '@exchange/contracts';
import { sampleOrder } from '@exchange/contracts/testing';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYMBOLS_PATH } from '../../lib/catalogue';
import { setUser, startSession } from '../../lib/session';
import { updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';

// The canvas chart has its own chunk; happy-dom cannot draw it.
vi.mock('./components/chart-panel', () => ({
  default: ({ type, indicators = [] }: { type: string; indicators?: string[] }) => (
    <div data-testid="chart" data-chart-type={type} data-indicators={indicators.join(' ')} />
  ),
}));

beforeEach(resetApp);
afterEach(cleanup);

const btc: TradingSymbol = {
  code: 'BTC_USDT',
  symbol: 'BTC_USDT',
  status: 'ACTIVE',
  tags: ['real', 'simulated'],
  baseAssetCode: 'BTC',
  counterAssetCode: 'USDT',
  baseAsset: 'BTC',
  counterAsset: 'USDT',
  baseDecimals: 5,
  counterDecimals: 2,
  tickSize: '0.01',
  stepSize: '0.0001',
  minQty: '0.001',
  minNotional: '5',
  maxQty: '1000',
  maxNotional: '1000000',
};

const depth = (seq = 5) =>
  ok({
    symbol: 'BTC_USDT',
    seq,
    bids: [
      ['100.10', '1'],
      ['100.05', '2'],
    ],
    asks: [
      ['100.20', '1.5'],
      ['100.25', '0.5'],
    ],
  });

function answers(extra: Record<string, ReturnType<typeof ok>> = {}) {
  return {
    [SYMBOLS_PATH]: ok([btc]),
    [MARKET_DATA_PATHS.depth]: depth(),
    [MARKET_DATA_PATHS.trades]: ok([
      { id: 't1', price: '100.15', amount: '0.2', side: 'BUY', ts: 1_700_000_000_000 },
    ]),
    [MARKET_DATA_PATHS.tickers]: ok([
      {
        symbol: 'BTC_USDT',
        last: '100.15',
        open: '99',
        high: '101',
        low: '98',
        change: '1.15',
        changePercent: '1.16',
        volume: '10',
        quoteVolume: '1000',
        trades: 3,
      },
    ]),
    [MARKET_DATA_PATHS.candles]: ok([
      {
        openTime: 1_700_000_000_000,
        open: '99',
        high: '101',
        low: '98',
        close: '100',
        volume: '1',
        quoteVolume: '100',
        trades: 1,
      },
    ]),
    [WALLET_PATHS.balances]: ok([
      { asset: 'USDT', available: '1000', frozen: '0', total: '1000' },
      { asset: 'BTC', available: '0.5', frozen: '0', total: '0.5' },
    ]),
    [SPOT_ORDER_PATHS.openOrders]: ok({ pageNum: 1, pageSize: 20, result: [] }),
    '/v1/user/profile': ok(makeUser()),
    ...extra,
  };
}

const login = (kycLevel: number | null = 1) => startSession({ user: makeUser({ kycLevel }) });

function bookPrices(side: 'Sell orders' | 'Buy orders'): string[] {
  return within(screen.getByRole('list', { name: side }))
    .getAllByRole('listitem')
    .map((li) => li.getAttribute('data-price') ?? '');
}

/** Lets the book's once-per-frame rendering run. */
const nextFrame = () => act(() => new Promise((r) => setTimeout(r, 40)));

describe('spot trading: order book', () => {
  it('shows the REST snapshot, asks above bids, and groups by a chosen price step', async () => {
    renderApp('/trade/spot', answers());
    await screen.findByRole('list', { name: 'Buy orders' }, { timeout: 5000 });
    await waitFor(() => expect(bookPrices('Buy orders')).toEqual(['100.1', '100.05']));
    expect(bookPrices('Sell orders')).toEqual(['100.25', '100.2']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Price grouping' }), {
      target: { value: '0.1' },
    });
    expect(bookPrices('Buy orders')).toEqual(['100.1', '100']);
    expect(bookPrices('Sell orders')).toEqual(['100.3', '100.2']);
    fireEvent.change(screen.getByRole('combobox', { name: 'Price grouping' }), {
      target: { value: '1' },
    });
    const bids = within(screen.getByRole('list', { name: 'Buy orders' })).getAllByRole('listitem');
    expect(bids).toHaveLength(1);
    expect(bids[0]?.textContent).toContain('3.0000');
    expect(localStorage.getItem(STORAGE_KEYS.spotLayout)).toContain('BTC_USDT');
  });

  it('applies socket snapshots and increments, highlights changed levels and refetches on a sequence gap', async () => {
    const { socket, push, subscribe } = fakeSocket();
    const { fetch } = renderApp('/trade/spot/BTC_USDT', answers(), { socket });
    await waitFor(() => expect(bookPrices('Buy orders')).toHaveLength(2));
    push('orderBook', {
      type: 'snapshot',
      symbol: 'BTC_USDT',
      seq: 10,
      bids: [['100.10', '1']],
      asks: [['100.20', '1.5']],
    });
    await nextFrame();
    expect(bookPrices('Buy orders')).toEqual(['100.1']);

    push('orderBook', {
      type: 'increment',
      symbol: 'BTC_USDT',
      seq: 11,
      side: 'BUY',
      price: '100.12',
      amount: '0.7',
    });
    // The increments of one settlement batch arrive as one array.
    push('orderBook', [
      {
        type: 'increment',
        symbol: 'BTC_USDT',
        seq: 12,
        side: 'SELL',
        price: '100.20',
        amount: '0',
      },
      {
        type: 'increment',
        symbol: 'BTC_USDT',
        seq: 13,
        side: 'SELL',
        price: '100.30',
        amount: '2',
      },
    ]);
    await nextFrame();
    expect(bookPrices('Buy orders')).toEqual(['100.12', '100.1']);
    expect(bookPrices('Sell orders')).toEqual(['100.3']);
    const flashed = document.querySelectorAll('.order-book__row--flash');
    expect([...flashed].map((el) => el.getAttribute('data-price')).sort()).toEqual([
      '100.12',
      '100.3',
    ]);

    const depthCalls = () =>
      fetch.mock.calls.filter(([href]) => String(href).includes(MARKET_DATA_PATHS.depth)).length;
    const before = depthCalls();
    push('orderBook', {
      type: 'increment',
      symbol: 'BTC_USDT',
      seq: 15,
      side: 'BUY',
      price: '99',
      amount: '1',
    });
    await waitFor(() => expect(depthCalls()).toBe(before + 1));
    // The gap also resubscribes, so the socket sends a fresh snapshot.
    expect(subscribe.mock.calls.filter(([c]) => c === 'orderBook').length).toBeGreaterThanOrEqual(
      2,
    );
  });

  it('shows market trades, the 24h ticker and the connection state', async () => {
    const { socket, push } = fakeSocket();
    renderApp('/trade/spot?symbol=BTC_USDT', answers(), { socket });
    await screen.findByText('Market trades');
    await waitFor(() => expect(screen.getByTestId('ticker-last').textContent).toBe('100.15'));
    expect(screen.getByText('+1.16%')).toBeDefined();
    expect(screen.getByText('Live')).toBeDefined();
    push('trade', {
      id: 't2',
      price: '100.40',
      amount: '0.3',
      side: 'SELL',
      ts: 1_700_000_001_000,
    });
    const rows = document.querySelectorAll('.market-trades__row');
    expect(rows[0]?.className).toContain('market-trades__row--sell');
    expect(rows[0]?.textContent).toContain('100.40');
  });

  it('says when the socket is missing or reconnecting', async () => {
    renderApp('/trade/spot', answers());
    expect(await screen.findByText('Disconnected')).toBeDefined();
  });

  it('switches the chart through every type and remembers the interval', async () => {
    renderApp('/trade/spot', answers());
    const select = await screen.findByRole('combobox', { name: 'Chart type' });
    for (const type of ['hollow', 'bars', 'line', 'heikinAshi', 'baseline', 'depth', 'candles']) {
      fireEvent.change(select, { target: { value: type } });
      await waitFor(() =>
        expect(screen.getByTestId('chart').getAttribute('data-chart-type')).toBe(type),
      );
    }
    fireEvent.click(screen.getByRole('button', { name: '1h' }));
    expect(localStorage.getItem(STORAGE_KEYS.spotInterval)).toBe('"1h"');
  });

  it('draws the volume at first, adds overlays from the indicators menu and keeps them', async () => {
    renderApp('/trade/spot', answers());
    const chart = await screen.findByTestId('chart');
    expect(chart.getAttribute('data-indicators')).toBe('volume');
    expect(screen.queryByTestId('chart-legend')).toBeNull();
    fireEvent.click(screen.getByText('Indicators', { selector: 'summary' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Bollinger bands (20, 2)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Moving average (MA 20)' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Volume' }));
    await waitFor(() =>
      expect(screen.getByTestId('chart').getAttribute('data-indicators')).toBe('ma boll'),
    );
    const legend = screen.getByTestId('chart-legend');
    expect(
      within(legend)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['MA 20', 'BOLL 20, 2']);
    const kept = JSON.parse(localStorage.getItem(STORAGE_KEYS.spotLayout) ?? '{}') as {
      indicators?: string[];
    };
    expect(kept.indicators).toEqual(['ma', 'boll']);
    // The choice is there on the next visit.
    cleanup();
    renderApp('/trade/spot', answers());
    expect((await screen.findByTestId('chart')).getAttribute('data-indicators')).toBe('ma boll');
    // The depth chart draws none of them, and offers none.
    fireEvent.change(screen.getByRole('combobox', { name: 'Chart type' }), {
      target: { value: 'depth' },
    });
    await waitFor(() =>
      expect(screen.queryByText('Indicators', { selector: 'summary' })).toBeNull(),
    );
    expect(screen.queryByTestId('chart-legend')).toBeNull();
  });

  it('colours buys red when red means up', async () => {
    updateSettings({ redUp: true });
    renderApp('/trade/spot', answers());
    await screen.findByText('Market trades');
    const root = document.querySelector('.trade') as HTMLElement;
    expect(root.className).toContain('trade--red-up');
    expect(root.style.getPropertyValue('--buy')).toBe('#f6465d');
  });
});

describe('spot trading: order form', () => {
  it('invites a visitor to log in while showing the market', async () => {
    renderApp('/trade/spot', answers());
    expect(await screen.findByText(/Log in or create an account to trade/)).toBeDefined();
    expect(await screen.findByRole('list', { name: 'Buy orders' })).toBeDefined();
  });

  it('lets an opted-out account trade in Real mode within its limit', async () => {
    login(-1);
    renderApp('/trade/spot', answers({ '/v1/user/profile': ok(makeUser({ kycLevel: -1 })) }));
    const buy = await screen.findByRole('button', { name: 'Buy BTC' });
    expect((buy as HTMLButtonElement).disabled).toBe(false);
    expect(
      screen.getByText(
        'Without identity verification, spot trading is limited to 1000 USD per 24 hours.',
      ),
    ).toBeDefined();
  });

  it('disables the Real-mode form of an unverified account with the reason, enabled once approved', async () => {
    login(0);
    const fetch = answers({
      '/v1/user/profile': ok(makeUser({ kycLevel: 0, kycPermissions: [] })),
    });
    renderApp('/trade/spot', fetch);
    const buy = await screen.findByRole('button', { name: 'Buy BTC' });
    expect((buy as HTMLButtonElement).disabled).toBe(true);
    // The price field is disabled through its fieldset (happy-dom's :disabled ignores fieldsets).
    expect(screen.getByLabelText('Price').closest('fieldset')?.disabled).toBe(true);
    expect(screen.getByText('Insufficient KYC level permissions.')).toBeDefined();
    expect(screen.queryByText('Insufficient balance.')).toBeNull();
    expect(screen.getByRole('link', { name: 'Verify identity' }).getAttribute('href')).toBe(
      '/accountCenter/identity',
    );
    expect(screen.getByRole('button', { name: 'Practise in Demo' })).toBeDefined();

    // The review approves: the refreshed profile says kycLevel 1 and the form opens.
    act(() => setUser(makeUser({ kycLevel: 1, kycPermissions: ['SPOT_TRADE'] })));
    await waitFor(() =>
      expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Buy BTC' }).disabled).toBe(
        false,
      ),
    );
    expect(screen.queryByText('Insufficient KYC level permissions.')).toBeNull();
  });

  it('loads the open orders once for the table and the book’s own levels', async () => {
    login();
    updateSettings({ runtimeMode: 1 });
    const { fetch } = renderApp('/trade/spot', answers());
    expect(await screen.findByRole('tab', { name: 'Open orders' })).toBeDefined();
    await waitFor(() => expect(screen.queryByText('No open orders')).not.toBeNull());
    const openCalls = fetch.mock.calls.filter(([href]) =>
      String(href).includes(SPOT_ORDER_PATHS.openOrders),
    );
    expect(openCalls).toHaveLength(1);
  });

  it('lets an opted-out account trade in Demo mode', async () => {
    login(-1);
    updateSettings({ runtimeMode: 1 });
    renderApp('/trade/spot', answers({ '/v1/user/profile': ok(makeUser({ kycLevel: -1 })) }));
    expect(await screen.findByRole('button', { name: 'Buy BTC' })).toBeDefined();
  });

  it('shows each validation message inline', async () => {
    login();
    renderApp('/trade/spot', answers());
    const submit = await screen.findByRole('button', { name: 'Buy BTC' });
    await waitFor(() => expect(screen.getByTestId('available-quote').textContent).toBe('1,000.00'));
    fireEvent.click(submit);
    expect(await screen.findByText('Price is required and must be greater than 0.')).toBeDefined();
    expect(screen.getByText('Quantity cannot be empty.')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.0004' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Quantity cannot be below the minimum 0.001.')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.01' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Order total cannot be below the minimum 5.')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '20' } });
    fireEvent.click(submit);
    expect(await screen.findByText('Insufficient balance.')).toBeDefined();

    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.12345' } });
    fireEvent.click(submit);
    expect(
      await screen.findByText('Quantity must be a multiple of the step size 0.0001.'),
    ).toBeDefined();
    fireEvent.blur(screen.getByLabelText('Amount'));
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('0.1234');
    expect(screen.getByText(/Amount adjusted to 0.1234/)).toBeDefined();
  });

  it('checks the iceberg size and the counterparty of a market order', async () => {
    login();
    renderApp(
      '/trade/spot',
      answers({
        [MARKET_DATA_PATHS.depth]: ok({
          symbol: 'BTC_USDT',
          seq: 1,
          bids: [['100', '1']],
          asks: [],
        }),
      }),
    );
    await screen.findByRole('button', { name: 'Buy BTC' });
    fireEvent.click(screen.getByRole('tab', { name: 'Iceberg' }));
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '1' } });
    fireEvent.change(screen.getByLabelText('Visible size'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('Iceberg size must be below the order amount.')).toBeDefined();

    await waitFor(() => expect(screen.getByTestId('available-quote').textContent).toBe('1,000.00'));
    fireEvent.click(screen.getByRole('tab', { name: 'Market' }));
    fireEvent.change(screen.getByLabelText('Total'), { target: { value: '50' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    expect(await screen.findByText('No counterparty, please choose a limit order.')).toBeDefined();
  });

  it('fills the price from the book and the amount from the balance slider, then places the order', async () => {
    login();
    const placed: unknown[] = [];
    renderApp(
      '/trade/spot',
      answers({
        [SPOT_ORDER_PATHS.place]: ((_url: URL, init?: RequestInit) => {
          placed.push(JSON.parse(init?.body as string));
          return ok({ id: '1' });
        }) as unknown as ReturnType<typeof ok>,
      }),
    );
    await screen.findByRole('button', { name: 'Buy BTC' });
    await waitFor(() => expect(bookPrices('Buy orders')).toHaveLength(2));
    await waitFor(() => expect(screen.getByTestId('available-quote').textContent).toBe('1,000.00'));
    fireEvent.click(
      within(screen.getByRole('list', { name: 'Sell orders' })).getByRole('button', {
        name: '100.20',
      }),
    );
    expect(screen.getByLabelText<HTMLInputElement>('Price').value).toBe('100.2');
    fireEvent.change(screen.getByLabelText(/Share of balance/), { target: { value: '50' } });
    expect(screen.getByLabelText<HTMLInputElement>('Amount').value).toBe('4.9900');
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() =>
      expect(placed).toEqual([
        {
          symbol: 'BTC_USDT',
          side: 'BUY',
          type: 'LIMIT',
          price: '100.2',
          amount: '4.99',
          timeInForce: 'GTC',
        },
      ]),
    );
  });

  it('shows the server catalogue errors inline', async () => {
    login();
    renderApp(
      '/trade/spot',
      answers({
        [SPOT_ORDER_PATHS.place]: {
          ...fail('3010', 'Price must be a multiple of the tick size 0.01.'),
          body: { code: '3010', data: { tickSize: '0.01' }, message: 'x' },
        },
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Sell' }));
    fireEvent.change(screen.getByLabelText('Price'), { target: { value: '100' } });
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.1' } });
    await waitFor(() => expect(screen.getByTestId('available-base').textContent).toBe('0.5'));
    fireEvent.click(screen.getByRole('button', { name: 'Sell BTC' }));
    expect(
      await screen.findByText('Price must be a multiple of the tick size 0.01.'),
    ).toBeDefined();
  });

  it('shows the allowed range, and places a stop-market and a market buy by amount', async () => {
    login();
    const placed: unknown[] = [];
    renderApp(
      '/trade/spot',
      answers({
        [SPOT_ORDER_PATHS.place]: ((_url: URL, init?: RequestInit) => {
          placed.push(JSON.parse(init?.body as string));
          return ok({ id: '1' });
        }) as unknown as ReturnType<typeof ok>,
      }),
    );
    await screen.findByRole('button', { name: 'Buy BTC' });
    await waitFor(() => expect(screen.getByTestId('available-quote').textContent).toBe('1,000.00'));
    expect(screen.getByText('Min 0.001 · Max 1,000 BTC')).toBeDefined();
    expect(screen.getByLabelText('Amount').getAttribute('aria-describedby')).toMatch(/hint/);

    fireEvent.click(screen.getByRole('tab', { name: 'Trigger' }));
    const execution = screen.getByRole('radiogroup', { name: 'Execute at' });
    expect(screen.getByLabelText('Price')).toBeDefined();
    fireEvent.click(within(execution).getByRole('radio', { name: 'Market price' }));
    expect(screen.queryByLabelText('Price')).toBeNull();
    fireEvent.change(screen.getByLabelText('Trigger price'), { target: { value: '105' } });
    fireEvent.change(screen.getByLabelText('Total'), { target: { value: '50' } });
    expect(screen.getByText('Min 5 · Max 1,000,000 USDT')).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(placed).toHaveLength(1));
    expect(placed[0]).toEqual({
      symbol: 'BTC_USDT',
      side: 'BUY',
      type: 'TRIGGER',
      triggerPrice: '105',
      triggerDirection: 'ABOVE',
      total: '50',
    });

    fireEvent.click(screen.getByRole('tab', { name: 'Market' }));
    fireEvent.click(
      within(screen.getByRole('radiogroup', { name: 'Size by' })).getByRole('radio', {
        name: 'Amount',
      }),
    );
    fireEvent.change(screen.getByLabelText('Amount'), { target: { value: '0.5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Buy BTC' }));
    await waitFor(() => expect(placed).toHaveLength(2));
    expect(placed[1]).toEqual({ symbol: 'BTC_USDT', side: 'BUY', type: 'MARKET', amount: '0.5' });
  });

  it('modifies a resting limit order in place with cancel-place, from what is still open', async () => {
    login();
    const replaced: unknown[] = [];
    const resting = sampleOrder({
      id: '77',
      price: '100',
      amount: '0.5',
      filled: '0.1',
      status: 'PARTIALLY_FILLED',
    });
    renderApp(
      '/trade/spot',
      answers({
        [SPOT_ORDER_PATHS.openOrders]: ok({ pageNum: 1, pageSize: 20, result: [resting] }),
        [SPOT_ORDER_PATHS.cancelPlace]: ((_url: URL, init?: RequestInit) => {
          replaced.push(JSON.parse(init?.body as string));
          return ok(sampleOrder({ id: '78', price: '99', amount: '0.4' }));
        }) as unknown as ReturnType<typeof ok>,
      }),
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Modify order 77' }));
    const dialog = await screen.findByRole('dialog', { name: 'Modify order #77' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Amount').value).toBe('0.4');
    // The symbol's rules are checked first: a price off the tick is refused, nothing is sent.
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '99.001' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toBeDefined();
    expect(replaced).toEqual([]);
    fireEvent.change(within(dialog).getByLabelText('Price'), { target: { value: '99' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(replaced).toEqual([
        {
          cancelOrderId: '77',
          order: {
            symbol: 'BTC_USDT',
            side: 'BUY',
            type: 'LIMIT',
            timeInForce: 'GTC',
            price: '99',
            amount: '0.4',
          },
        },
      ]),
    );
    expect(await screen.findByText('Order modified.')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says at once when a market order outran the book (3003), and only then', async () => {
    login();
    const { socket, push, listeners } = fakeSocket();
    renderApp('/trade/spot', answers(), { socket });
    await screen.findByRole('button', { name: 'Buy BTC' });
    await waitFor(() => expect(listeners.has('order')).toBe(true));
    push('order', sampleOrder({ type: 'MARKET', status: 'FILLED', filled: '0.01' }));
    push(
      'order',
      sampleOrder({
        id: '9',
        type: 'MARKET',
        status: 'PARTIALLY_CANCELED',
        filled: '0.004',
        code: '3003',
      }),
    );
    expect(
      await screen.findAllByText('Purchase exceeds max supply, partially filled.'),
    ).toHaveLength(1);
  });
});
