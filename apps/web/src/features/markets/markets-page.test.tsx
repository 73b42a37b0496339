import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MARKET_DATA_PATHS } from '@exchange/contracts';
import { PUSH_SAMPLES } from '@exchange/contracts/testing';
import { updateSettings } from '../../lib/settings';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';
import { ASSETS_PATH, SYMBOLS_PATH } from './api';
import { assets, symbols } from './test-fixtures';

beforeEach(resetApp);
afterEach(cleanup);

const catalogue = { [SYMBOLS_PATH]: ok(symbols), [ASSETS_PATH]: ok(assets) };

/** The pair shown in each body row, e.g. "BTC/USDT". */
function shownPairs(): string[] {
  const table = screen.getByRole('table');
  return within(table)
    .getAllByRole('rowheader')
    .map((cell) => cell.querySelector('.pair')?.textContent ?? '');
}

describe('MarketsPage', () => {
  it('lists the markets of the mode with name and category, "-" until prices arrive', async () => {
    renderApp('/market', catalogue);

    await screen.findByRole('table');

    expect(shownPairs()).toEqual(['BTC/USDT', 'ETH/USDT', 'GOLD/USD', 'USD/HKD']);
    const gold = screen.getByRole('row', { name: /GOLD\/USD/ });
    expect(within(gold).getByText('Tokenised Gold')).toBeDefined();
    expect(within(gold).getByText('Tokenised asset')).toBeDefined();
    expect(within(gold).getByText('Halted')).toBeDefined();
    expect(within(gold).getByTestId('last-price').textContent).toBe('-');
    expect(screen.getByText('4 markets')).toBeDefined();
    expect(screen.getByText('Prices paused')).toBeDefined();
  });

  it('filters the table by code or name as the user types', async () => {
    renderApp('/market', catalogue);
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search markets' });

    fireEvent.change(search, { target: { value: 'eth' } });
    expect(shownPairs()).toEqual(['ETH/USDT']);
    expect(screen.getByText('1 market')).toBeDefined();

    fireEvent.change(search, { target: { value: 'BTC/usdt' } });
    expect(shownPairs()).toEqual(['BTC/USDT']);

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No markets match “zzz”.')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(shownPairs()).toHaveLength(4);
  });

  it('keeps favourites in local storage and shows them in their own tab', async () => {
    renderApp('/market', catalogue);
    await screen.findByRole('table');
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(screen.getByText(/no favourite markets yet/)).toBeDefined();

    fireEvent.click(screen.getByRole('tab', { name: 'All' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add ETH/USDT to favourites' }));
    expect(JSON.parse(localStorage.getItem('favouriteSymbols') ?? '[]')).toEqual(['ETH_USDT']);
    fireEvent.click(screen.getByRole('tab', { name: 'Favourites' }));
    expect(shownPairs()).toEqual(['ETH/USDT']);
  });

  it('sorts by pair, descending on the second click', async () => {
    renderApp('/market', catalogue);
    await screen.findByRole('table');
    const sortPair = screen.getByRole('button', { name: 'Sort by Pair' });
    fireEvent.click(sortPair);
    expect(shownPairs()).toEqual(['BTC/USDT', 'ETH/USDT', 'GOLD/USD', 'USD/HKD']);
    fireEvent.click(sortPair);
    expect(shownPairs()).toEqual(['USD/HKD', 'GOLD/USD', 'ETH/USDT', 'BTC/USDT']);
  });

  it('shows the message of a failed request inline, without a toast', async () => {
    renderApp('/market', {
      [SYMBOLS_PATH]: fail('1001', 'Under maintenance.', 503),
      [ASSETS_PATH]: ok(assets),
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Markets could not be loaded');
    expect(alert.textContent).toContain('Under maintenance.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeDefined();
    expect(screen.getAllByRole('alert')).toHaveLength(1);
  });

  it('shows live prices from ticker pushes and merges catalogue updates', async () => {
    const { socket, listeners } = fakeSocket();
    renderApp('/market', catalogue, { socket });
    await screen.findByRole('table');
    expect(screen.getByText('Live prices')).toBeDefined();

    act(() =>
      listeners.get('ticker:BTC_USDT')?.(
        {
          ...PUSH_SAMPLES.ticker,
          symbol: 'BTC_USDT',
          last: '64250.129',
          changePercent: '2.5',
          volume: '1234567',
          quoteVolume: '1234567',
        },
        { symbol: 'BTC_USDT' },
      ),
    );
    const btc = screen.getByRole('row', { name: /BTC\/USDT/ });
    expect(within(btc).getByTestId('last-price').textContent).toBe('64,250.12');
    expect(within(btc).getByText('+2.50%').className).toContain('change--up');
    expect(within(btc).getByTestId('volume-24h').textContent).toBe('1.23M');

    act(() =>
      listeners.get('ticker:ETH_USDT')?.(
        { ...PUSH_SAMPLES.ticker, symbol: 'ETH_USDT', last: '3100', changePercent: '-1.2' },
        undefined,
      ),
    );
    expect(
      within(screen.getByRole('row', { name: /ETH\/USDT/ })).getByText('-1.20%').className,
    ).toContain('change--down');

    const halted = { ...symbols[1]!, status: 'HALTED' as const };
    act(() => listeners.get('updateSymbolItem')?.(halted, undefined));
    await waitFor(() =>
      expect(
        within(screen.getByRole('row', { name: /ETH\/USDT/ })).getByText('Halted'),
      ).toBeDefined(),
    );
  });

  it('shows market cap, the statsTradeVolume 24h volume and a sparkline coloured by redUp', async () => {
    const { socket, listeners } = fakeSocket();
    const withSupply = assets.map((a) =>
      a.code === 'BTC' && a.coinInfo
        ? { ...a, coinInfo: { ...a.coinInfo, circulatingSupply: '19960000' } }
        : a,
    );
    const hour = 3_600_000;
    const closes = ['60000', '61000', '60500', '62000'];
    renderApp(
      '/market',
      {
        [SYMBOLS_PATH]: ok(symbols),
        [ASSETS_PATH]: ok(withSupply),
        [MARKET_DATA_PATHS.candles]: (url) =>
          ok(
            url.searchParams.get('symbol') === 'BTC_USDT'
              ? closes.map((close, i) => ({
                  ...PUSH_SAMPLES.candle,
                  openTime: Date.now() - (4 - i) * hour,
                  open: close,
                  high: close,
                  low: close,
                  close,
                }))
              : [],
          ),
      },
      { socket },
    );
    await screen.findByRole('table');
    act(() =>
      listeners.get('ticker:BTC_USDT')?.(
        { ...PUSH_SAMPLES.ticker, symbol: 'BTC_USDT', last: '62000', changePercent: '3.3' },
        { symbol: 'BTC_USDT' },
      ),
    );
    act(() =>
      listeners.get('statsTradeVolume:BTC_USDT')?.(
        { ...PUSH_SAMPLES.statsTradeVolume, symbol: 'BTC_USDT', quoteVolume24h: '45600000' },
        { symbol: 'BTC_USDT' },
      ),
    );
    const btc = () => screen.getByRole('row', { name: /BTC\/USDT/ });
    // 19,960,000 x 62,000 = 1,237,520,000,000.
    expect(within(btc()).getByTestId('market-cap').textContent).toBe('1.23T');
    expect(within(btc()).getByTestId('volume-24h').textContent).toBe('45.6M');
    const line = await within(btc()).findByTestId('sparkline');
    expect(line.getAttribute('class')).toContain('sparkline--green');
    expect(line.querySelector('polyline')?.getAttribute('points')?.split(' ')).toHaveLength(4);

    act(() => updateSettings({ redUp: true }));
    expect(within(btc()).getByTestId('sparkline').getAttribute('class')).toContain(
      'sparkline--red',
    );

    // Sorting by market cap puts the only market with a cap first either way.
    fireEvent.click(screen.getByRole('button', { name: 'Sort by Market cap' }));
    expect(shownPairs()[0]).toBe('BTC/USDT');
  });

  it('says so when there are no markets', async () => {
    renderApp('/market', { [SYMBOLS_PATH]: ok([]), [ASSETS_PATH]: ok(assets) });
    expect(await screen.findByText('No markets are available yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
