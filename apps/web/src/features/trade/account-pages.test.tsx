import { PUSH_SAMPLES } from '@exchange/contracts/testing';
import {
  CRYPTO_WALLET_PATHS,
  MARKET_DATA_PATHS,
  SPOT_ORDER_PATHS,
  WALLET_PATHS,
  type Asset,
  type TradingSymbol,
  type WalletTransaction,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSETS_PATH, SYMBOLS_PATH } from '../../lib/catalogue';
import { startSession } from '../../lib/session';
import { updateSettings } from '../../lib/settings';
import { makeUser } from '../../test/fixtures';
import { ok, fail, renderApp, resetApp } from '../../test/render';
import { sixMonthsAgo } from './api';
import { valueInUsdt } from '../../lib/wallet-rows';
import { flowsCsv, transactionsCsv } from './wallet/transactions-csv';
import { HIDE_ZERO_KEY, tradeSymbolFor } from '../../lib/wallet-rows';

beforeEach(() => {
  resetApp();
  startSession({ user: makeUser() });
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
  code: null,
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

function asset(
  code: string,
  name: string,
  decimals: number,
  type: 'FIAT' | 'COIN' = 'COIN',
): Asset {
  return {
    code,
    name,
    decimals,
    type,
    category: type === 'FIAT' ? null : 'CRYPTO',
    sign: type === 'FIAT' ? '$' : null,
    status: 'ACTIVE',
    tags: ['real', 'simulated'],
    isMainFiat: code === 'USD',
    isCommonFiat: type === 'FIAT',
    marketCap: null,
    coinInfo: null,
  };
}

function symbol(
  base: string,
  quote: string,
  tags: ('real' | 'simulated')[] = ['real', 'simulated'],
): TradingSymbol {
  const code = `${base}_${quote}`;
  return {
    code,
    symbol: code,
    status: 'ACTIVE',
    tags,
    baseAssetCode: base,
    counterAssetCode: quote,
    baseAsset: base,
    counterAsset: quote,
    baseDecimals: 5,
    counterDecimals: 2,
    tickSize: '0.01',
    stepSize: '0.00001',
    minQty: '0.00001',
    minNotional: '5',
    maxQty: '1000',
    maxNotional: '1000000',
  };
}

const assets = [
  asset('BTC', 'Bitcoin', 8),
  asset('USDT', 'Tether', 6),
  asset('ETH', 'Ether', 8),
  asset('JPY', 'Japanese yen', 0, 'FIAT'),
  asset('USD', 'US dollar', 2, 'FIAT'),
];
const symbols = [
  symbol('BTC_X', 'USDT', []),
  symbol('BTC', 'USDT'),
  symbol('ETH', 'USDT'),
  symbol('USDT', 'USD'),
];

const base = {
  '/v1/user/profile': ok(makeUser()),
  [ASSETS_PATH]: ok(assets),
  [SYMBOLS_PATH]: ok(symbols),
  [MARKET_DATA_PATHS.tickers]: ok([
    { ...PUSH_SAMPLES.ticker, symbol: 'BTC_USDT', last: '50000' },
    { ...PUSH_SAMPLES.ticker, symbol: 'USDT_USD', last: '1' },
  ]),
};

const btcNetwork = {
  asset: 'BTC',
  network: 'BTC',
  name: 'Bitcoin',
  kind: 'BITCOIN',
  tokenStandard: null,
  contract: null,
  depositEnabled: true,
  withdrawEnabled: true,
  coinStatus: 'STABLE',
  connection: 'CONNECTED',
  confirmations: 2,
  minDeposit: '0.0001',
  minWithdrawal: '0.001',
  withdrawalGasFee: '0.0002',
  chainDecimals: 8,
  canDeposit: true,
  canWithdraw: true,
};

const balances = ok([
  { asset: 'BTC', available: '0.123456789', frozen: '0.1', total: '0.223456789' },
  { asset: 'USDT', available: '1000.9999999', frozen: '0', total: '1000.9999999' },
  { asset: 'ETH', available: '0', frozen: '0', total: '0' },
  { asset: 'JPY', available: '0', frozen: '0', total: '0' },
]);

/** The wallet's row of an asset, once it shows. */
const assetRow = (code: string) =>
  waitFor(() => {
    const row = document.querySelector<HTMLElement>(`tr[data-asset="${code}"]`);
    if (!row) throw new Error(`no row for ${code}`);
    return row;
  });
const noRow = (code: string) => document.querySelector(`tr[data-asset="${code}"]`);

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

  it('trades an asset in the first offered pair with it as base, else as quote', () => {
    expect(tradeSymbolFor('BTC', symbols, 1)).toBe('BTC_USDT');
    expect(tradeSymbolFor('USDT', symbols, 1)).toBe('USDT_USD');
    expect(tradeSymbolFor('USD', symbols, 1)).toBe('USDT_USD');
    expect(tradeSymbolFor('JPY', symbols, 1)).toBeNull();
  });

  it('hides zero balances by default, shows names and each asset’s decimals rounded down, right-aligned', async () => {
    updateSettings({ runtimeMode: 1 });
    renderApp('/accountCenter/wallet?type=wallet', { ...base, [WALLET_PATHS.balances]: balances });
    const btc = await assetRow('BTC');
    expect(within(btc).getByText('Bitcoin')).toBeDefined();
    // 8 decimals, rounded down: 0.223456789 -> 0.22345678, never 0.22345679.
    const total = within(btc).getByTestId('balance-total');
    await waitFor(() => expect(total.textContent).toBe('0.22345678'));
    expect(total.className).toContain('num');
    expect(within(btc).getByText('0.12345678')).toBeDefined();
    expect(within(btc).getByText('0.10000000')).toBeDefined();
    // USDT has 6: 1000.9999999 -> 1,000.999999.
    const usdt = await assetRow('USDT');
    expect(within(usdt).getByTestId('balance-total').textContent).toBe('1,000.999999');
    expect(noRow('ETH')).toBeNull();
    expect(noRow('JPY')).toBeNull();
    expect(screen.getByText('Zero balances hidden: 2')).toBeDefined();
    // 0.223456789 BTC at 50,000 plus 1000.9999999 USDT = 12,173.8394 -> 12,173.83 (down).
    await waitFor(() =>
      expect(screen.getByTestId('wallet-total').textContent).toBe('12,173.83 USDT'),
    );

    // Demo: trade, but no deposit or withdraw (funds are simulated).
    expect(within(btc).getByRole('link', { name: 'Trade BTC' }).getAttribute('href')).toBe(
      '/trade/spot/BTC_USDT',
    );
    expect(within(usdt).getByRole('link', { name: 'Trade USDT' }).getAttribute('href')).toBe(
      '/trade/spot/USDT_USD',
    );
    expect(screen.queryByRole('button', { name: /Deposit/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Withdraw/ })).toBeNull();

    const toggle = screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hide zero balances' });
    expect(toggle.checked).toBe(true);
    fireEvent.click(toggle);
    const jpy = await assetRow('JPY');
    expect(within(jpy).getByTestId('balance-total').textContent).toBe('0');
    expect(within(jpy).queryByRole('link')).toBeNull();
    expect(localStorage.getItem(HIDE_ZERO_KEY)).toBe('false');
  });

  it('remembers that zero balances are shown', async () => {
    localStorage.setItem(HIDE_ZERO_KEY, 'false');
    renderApp('/accountCenter/wallet?type=wallet', { ...base, [WALLET_PATHS.balances]: balances });
    await assetRow('ETH');
    expect(
      screen.getByRole<HTMLInputElement>('checkbox', { name: 'Hide zero balances' }).checked,
    ).toBe(false);
  });

  it('offers to show every asset when all are zero', async () => {
    renderApp('/accountCenter/wallet?type=wallet', {
      ...base,
      [WALLET_PATHS.balances]: ok([{ asset: 'ETH', available: '0', frozen: '0', total: '0' }]),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Show all assets' }));
    expect(await assetRow('ETH')).toBeTruthy();
  });

  it('in Real leads a coin with networks to /cryptoChannel, fiat deposits to the fiat pages; no reset', async () => {
    localStorage.setItem(HIDE_ZERO_KEY, 'false');
    renderApp('/accountCenter/wallet?type=wallet', {
      ...base,
      [WALLET_PATHS.balances]: balances,
      [CRYPTO_WALLET_PATHS.networks]: ok([btcNetwork]),
    });
    const btc = await assetRow('BTC');
    await waitFor(() =>
      expect(within(btc).getByRole('link', { name: 'Deposit BTC' }).getAttribute('href')).toBe(
        '/cryptoChannel?tab=deposit&coin=BTC',
      ),
    );
    expect(within(btc).getByRole('link', { name: 'Withdraw BTC' }).getAttribute('href')).toBe(
      '/cryptoChannel?tab=withdraw&coin=BTC',
    );
    expect(
      within(btc).getByRole('link', { name: 'Transfer BTC by UID' }).getAttribute('href'),
    ).toBe('/cryptoChannel?tab=transfer&coin=BTC');
    const jpy = await assetRow('JPY');
    expect(within(jpy).getByRole('link', { name: 'Deposit JPY' }).getAttribute('href')).toBe(
      '/fiatChannel/ortherJYB?currency=JPY',
    );
    // The partner bank pays out USD and EUR: JPY goes through USD, and the action says how.
    const withdraw = await within(jpy).findByRole('link', { name: 'Withdraw via USD' });
    expect(withdraw.getAttribute('href')).toBe('/foreignExchange?from=JPY&to=USD');
    expect(withdraw.getAttribute('data-tooltip')).toBe(
      'JPY is not paid out to banks directly: exchange it to USD, then withdraw USD.',
    );
    expect(
      document.getElementById(withdraw.getAttribute('aria-describedby') ?? '')?.textContent,
    ).toBe('JPY is not paid out to banks directly: exchange it to USD, then withdraw USD.');
    expect(within(jpy).queryByRole('button', { name: /Coming soon/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Reset/ })).toBeNull();
  });

  it('asks before resetting the Demo funds', async () => {
    updateSettings({ runtimeMode: 1 });
    const reset = vi.fn(() =>
      ok([{ asset: 'USDT', available: '100000', frozen: '0', total: '100000' }]),
    );
    renderApp('/accountCenter/wallet?type=wallet', {
      ...base,
      [WALLET_PATHS.balances]: balances,
      [WALLET_PATHS.demoReset]: reset,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Demo funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your Demo funds?' });
    expect(within(dialog).getByText(/Every Demo balance goes back/)).toBeDefined();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(reset).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Reset Demo funds' }));
    fireEvent.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Reset funds' }),
    );
    await waitFor(() => expect(reset).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Demo funds restored.')).toBeDefined();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('says Trade for Reward, never Demo, in Trial; a refusal stays in the modal', async () => {
    updateSettings({ runtimeMode: 2 });
    renderApp('/accountCenter/wallet?type=wallet', {
      ...base,
      [WALLET_PATHS.balances]: balances,
      [WALLET_PATHS.demoReset]: fail(
        '1002',
        'Invalid request: cancel open orders before resetting the funds',
      ),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Reset Trade for Reward funds' }));
    const dialog = screen.getByRole('dialog', { name: 'Reset your Trade for Reward funds?' });
    expect(dialog.textContent).not.toMatch(/demo/i);
    expect(screen.getByRole('main').textContent).not.toMatch(/demo/i);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reset funds' }));
    expect(await within(dialog).findByRole('alert')).toBeDefined();
    expect(screen.getByRole('dialog')).toBeDefined();
  });
});

describe('orders', () => {
  it('shows open orders with cancel, history with filters and paging', async () => {
    const cancel = vi.fn(() => ok(order('1', { status: 'CANCELED' })));
    const history = vi.fn((url: URL) => {
      const page = Number(url.searchParams.get('pageNum'));
      return ok({
        pageNum: page,
        pageSize: 10,
        result: Array.from({ length: page === 1 ? 10 : 3 }, (_, i) =>
          order(`h${page}-${i}`, { status: 'FILLED', filled: '0.5' }),
        ),
      });
    });
    renderApp('/accountCenter/orders', {
      ...base,
      [SPOT_ORDER_PATHS.openOrders]: ok({ pageNum: 1, pageSize: 10, result: [order('1')] }),
      [SPOT_ORDER_PATHS.history]: history,
      [SPOT_ORDER_PATHS.cancel]: cancel,
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel order 1' }));
    await waitFor(() => expect(cancel).toHaveBeenCalled());

    fireEvent.click(screen.getByRole('tab', { name: 'Order history' }));
    await screen.findByText('Page 1');
    expect(screen.getAllByText('Filled').length).toBeGreaterThan(0);
    fireEvent.change(screen.getByRole('combobox', { name: 'Side' }), { target: { value: 'SELL' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(history.mock.calls.some(([url]) => url.searchParams.get('side') === 'SELL')).toBe(
        true,
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    await screen.findByText('Page 2');
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true),
    );
  });

  it('shows the order a transaction links to above the lists', async () => {
    renderApp('/accountCenter/orders?tab=history&orderId=42', {
      ...base,
      '/v1/spot-order/order/42': ok(
        order('42', {
          status: 'FILLED',
          filled: '0.5',
          averagePrice: '100',
          fee: '0.0005',
          feeAsset: 'BTC',
          liquidity: 'TAKER',
        }),
      ),
      [SPOT_ORDER_PATHS.history]: ok({ pageNum: 1, pageSize: 10, result: [] }),
    });
    const detail = await screen.findByRole('region', { name: 'Order #42' });
    expect(await within(detail).findByText('0.0005 BTC')).toBeDefined();
    expect(within(detail).getByText('Taker')).toBeDefined();
    fireEvent.click(within(detail).getByRole('button', { name: 'Back to the list' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Order #42' })).toBeNull());
  });
});

describe('order lists', () => {
  it('shows the conditions of stop, trailing and iceberg orders', async () => {
    renderApp('/accountCenter/orders', {
      ...base,
      [SPOT_ORDER_PATHS.openOrders]: ok({
        pageNum: 1,
        pageSize: 10,
        result: [
          order('1', { type: 'TRIGGER', triggerPrice: '90', triggerDirection: 'BELOW' }),
          order('2', { type: 'TRIGGER', triggerPrice: '120', triggerDirection: 'ABOVE' }),
          order('3', {
            type: 'TRAILING',
            side: 'SELL',
            price: null,
            trailingDelta: '5',
            status: 'TRAILING',
          }),
          order('4', { type: 'ICEBERG', icebergSize: '0.1' }),
        ],
      }),
    });
    const cell = async (id: string) =>
      within(
        (await screen.findByRole('button', { name: `Cancel order ${id}` })).closest(
          'tr',
        ) as HTMLElement,
      );
    expect((await cell('1')).getByText('≤ 90')).toBeDefined();
    expect((await cell('2')).getByText('≥ 120')).toBeDefined();
    expect((await cell('3')).getByText('Δ 5')).toBeDefined();
    expect((await cell('3')).getByText('Trailing', { selector: 'td:nth-child(10)' })).toBeDefined();
    expect((await cell('4')).getByText('Visible size 0.1')).toBeDefined();
  });

  it('never draws one list in the columns of another while the next one loads', async () => {
    renderApp('/accountCenter/orders?tab=history', {
      ...base,
      [SPOT_ORDER_PATHS.history]: ok({
        pageNum: 1,
        pageSize: 10,
        result: [
          order('h1', {
            type: 'MARKET',
            price: null,
            amount: null,
            total: '100',
            status: 'FILLED',
            filled: '0.002',
          }),
        ],
      }),
      [SPOT_ORDER_PATHS.trades]: ok({
        pageNum: 1,
        pageSize: 10,
        result: [
          {
            id: 't1',
            symbol: 'BTC_USDT',
            orderId: 'h1',
            side: 'BUY',
            price: '50000',
            amount: '0.002',
            total: '100',
            fee: '0',
            feeAsset: 'BTC',
            liquidity: 'TAKER',
            createdAt: '2026-11-01T10:00:00.000Z',
          },
        ],
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

const tradeLine: WalletTransaction = {
  id: 'TRADE:0:17',
  reference: { kind: 'TRADE', id: '0:17' },
  type: 'TRADE',
  flowType: 100003,
  createdAt: '2026-11-02T10:00:00.000Z',
  changes: [
    { asset: 'BTC', amount: '0.12345', fee: '0.0002469', networkFee: '0' },
    { asset: 'USDT', amount: '-7407.0012345', fee: '0', networkFee: '0' },
  ],
  trade: {
    id: '9',
    orderId: '42',
    symbol: 'BTC_USDT',
    side: 'BUY',
    liquidity: 'TAKER',
    price: '60000.01',
    quantity: '0.12345',
    total: '7407.0012345',
  },
  pending: false,
};
const fundingLine: WalletTransaction = {
  id: '3f9a1c2b-0000-4000-8000-000000000000',
  reference: { kind: 'POSTING', id: '3f9a1c2b-0000-4000-8000-000000000000' },
  type: 'DEMO_FUNDING',
  flowType: 140001,
  createdAt: '2026-11-01T10:00:00.000Z',
  changes: ['BTC', 'ETH', 'USD', 'USDT', 'JPY'].map((a) => ({
    asset: a,
    amount: '2',
    fee: '0',
    networkFee: '0',
  })),
  trade: null,
  pending: false,
};
const withdrawalLine: WalletTransaction = {
  id: 'WITHDRAWAL:b7e2d0aa-1111-4000-8000-000000000000',
  reference: { kind: 'WITHDRAWAL', id: 'b7e2d0aa-1111-4000-8000-000000000000' },
  type: 'CRYPTO_WITHDRAWAL',
  flowType: 110002,
  createdAt: '2026-11-03T10:00:00.000Z',
  changes: [{ asset: 'BTC', amount: '-0.0097', fee: '0.0001', networkFee: '0.0002' }],
  trade: null,
  pending: false,
};
const flashLine: WalletTransaction = {
  id: 'FLASH_REMITTANCE:c0ffee00-2222-4000-8000-000000000000',
  reference: { kind: 'FLASH_REMITTANCE', id: 'c0ffee00-2222-4000-8000-000000000000' },
  type: 'FLASH_REMITTANCE_OUT',
  flowType: 120012,
  createdAt: '2026-11-03T11:00:00.000Z',
  changes: [{ asset: 'USD', amount: '-50', fee: '0', networkFee: '0' }],
  trade: null,
  // Sent, not yet agreed: frozen, out of the available balance.
  pending: true,
};

describe('transaction history', () => {
  const page = (result: WalletTransaction[], pageNum = 1) => ok({ pageNum, pageSize: 10, result });

  it('shows one line per action: a fill with its fee and order, the funding with a readable label', async () => {
    updateSettings({ runtimeMode: 1 });
    const list = vi.fn(() => page([tradeLine, fundingLine]));
    renderApp('/accountCenter/transactionHistory', {
      ...base,
      [WALLET_PATHS.transactions]: list,
      [WALLET_PATHS.transactionTypes]: ok(['TRADE', 'DEMO_FUNDING', 'DEMO_RESET']),
      [WALLET_PATHS.balances]: balances,
    });
    const table = await screen.findByRole('table', { name: 'Transaction history' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    const [trade, funding] = rows as [HTMLElement, HTMLElement];
    expect(within(trade).getByText('Buy BTC/USDT')).toBeDefined();
    expect(within(trade).getByText('0.12345 at 60,000.01 · Taker')).toBeDefined();
    // Each asset's decimals, rounded down: USDT 6 places, BTC 8.
    await waitFor(() => expect(within(trade).getByText('-7,407.001234 USDT')).toBeDefined());
    expect(within(trade).getByText('+0.12345000 BTC')).toBeDefined();
    expect(within(trade).getByText('0.00024690 BTC')).toBeDefined();
    expect(within(trade).getByRole('link', { name: 'Order #42' }).getAttribute('href')).toBe(
      '/accountCenter/orders?tab=history&orderId=42',
    );
    expect(within(funding).getByText('Demo funds credited')).toBeDefined();
    expect(within(funding).getByText('#3F9A1C2B')).toBeDefined();
    // Five assets: three shown, the rest behind "+2 more".
    expect(within(funding).getAllByRole('listitem')).toHaveLength(3);
    fireEvent.click(within(funding).getByRole('button', { name: '+2 more' }));
    expect(within(funding).getAllByRole('listitem')).toHaveLength(5);
    expect(screen.queryByText(/frozen/i)).toBeNull();

    const [url] = list.mock.calls[0] as unknown as [URL];
    expect(url.searchParams.get('pageSize')).toBe('10');
    expect(Number(url.searchParams.get('startTime'))).toBeGreaterThanOrEqual(
      sixMonthsAgo() - 60_000,
    );
  });

  it("shows a withdrawal's network fee apart from its fee, each record's reference with a link to it, and what is pending", async () => {
    updateSettings({ runtimeMode: 0 });
    renderApp('/accountCenter/transactionHistory', {
      ...base,
      [WALLET_PATHS.transactions]: page([withdrawalLine, flashLine]),
      [WALLET_PATHS.transactionTypes]: ok(['TRADE', 'CRYPTO_WITHDRAWAL', 'FLASH_REMITTANCE_OUT']),
      [WALLET_PATHS.balances]: balances,
    });
    const table = await screen.findByRole('table', { name: 'Transaction history' });
    const [withdrawal, flash] = within(table).getAllByRole('row').slice(1) as [
      HTMLElement,
      HTMLElement,
    ];
    await waitFor(() => expect(within(withdrawal).getByText('-0.00970000 BTC')).toBeDefined());
    expect(within(withdrawal).getByText('0.00010000 BTC')).toBeDefined();
    expect(within(withdrawal).getByText('Network fee 0.00020000 BTC')).toBeDefined();
    expect(within(withdrawal).getByRole('link', { name: '#B7E2D0AA' }).getAttribute('href')).toBe(
      '/cryptoChannel?tab=withdraw&coin=BTC',
    );
    // Not the first characters of the line's key ("#FLASH_RE"): the remittance's own id.
    expect(within(flash).getByRole('link', { name: '#C0FFEE00' }).getAttribute('href')).toBe(
      '/flashRemittance/history',
    );
    expect(within(flash).queryByText(/Network fee/)).toBeNull();
    expect(within(flash).getByText('Pending')).toBeDefined();
    expect(within(withdrawal).queryByText('Pending')).toBeNull();
  });

  it('filters by the types a spot user can have, and pages 10 lines at a time', async () => {
    updateSettings({ runtimeMode: 2 });
    const list = vi.fn((url: URL) =>
      url.searchParams.get('pageNum') === '2'
        ? page([fundingLine], 2)
        : page(Array.from({ length: 10 }, (_, i) => ({ ...tradeLine, id: `TRADE:0:${i}` }))),
    );
    renderApp('/accountCenter/transactionHistory', {
      ...base,
      [WALLET_PATHS.transactions]: list,
      [WALLET_PATHS.transactionTypes]: ok(['TRADE', 'DEMO_FUNDING', 'DEMO_RESET']),
      [WALLET_PATHS.balances]: balances,
    });
    await screen.findByRole('table', { name: 'Transaction history' });
    const type = screen.getByRole('combobox', { name: 'Type' });
    await waitFor(() =>
      expect(
        within(type)
          .getAllByRole('option')
          .map((o) => o.textContent),
      ).toEqual([
        'All',
        'Trade',
        'Trade for Reward funds credited',
        'Trade for Reward funds reset',
      ]),
    );
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(
      await screen.findByText('Trade for Reward funds credited', {
        selector: '.history-table__title',
      }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
    fireEvent.change(type, { target: { value: 'TRADE' } });
    await waitFor(() =>
      expect(
        list.mock.calls.some(
          ([url]) =>
            url.searchParams.get('type') === 'TRADE' && url.searchParams.get('pageNum') === '1',
        ),
      ).toBe(true),
    );
  });

  it('exports the lines, and the ledger entries for auditors, as CSV with exact amounts', () => {
    expect(transactionsCsv([tradeLine], (t) => (t === 'TRADE' ? 'Trade, spot' : t))).toBe(
      'time,type,description,symbol,side,orderId,tradeId,asset,amount,fee,reference\n' +
        '2026-11-02T10:00:00.000Z,TRADE,"Trade, spot",BTC_USDT,BUY,42,9,BTC,0.12345,0.0002469,TRADE:0:17\n' +
        '2026-11-02T10:00:00.000Z,TRADE,"Trade, spot",BTC_USDT,BUY,42,9,USDT,-7407.0012345,0,TRADE:0:17\n',
    );
    const csv = flowsCsv(
      [
        {
          id: 'f1',
          txId: 'tx1',
          asset: 'USDT',
          bucket: 'AVAILABLE',
          amount: '-5',
          flowType: 100004,
          flowName: 'SPOT_TRADE_FEE',
          refType: 'TRADE',
          refId: '0:9',
          createdAt: '2026-11-01T10:00:00.000Z',
        },
      ],
      () => 'Trading fee, spot',
    );
    expect(csv).toBe(
      'time,asset,amount,bucket,flowType,flowName,refType,refId,txId\n2026-11-01T10:00:00.000Z,USDT,-5,AVAILABLE,100004,"Trading fee, spot",TRADE,0:9,tx1\n',
    );
  });
});
