import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ok, renderApp } from '../../test/render';
import { ASSETS_PATH, SYMBOLS_PATH } from './api';
import { assets, symbols } from './test-fixtures';

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
  it('lists the markets of the mode with name, category and tick size', async () => {
    renderApp('/', catalogue);

    expect(screen.getByRole('status').textContent).toContain('Loading markets…');
    await screen.findByRole('table');

    expect(shownPairs()).toEqual(['BTC/USDT', 'ETH/USDT', 'GOLD/USD', 'USD/HKD']);
    const gold = screen.getByRole('row', { name: /GOLD\/USD/ });
    expect(within(gold).getByText('Tokenised Gold')).toBeDefined();
    expect(within(gold).getByText('Tokenised asset')).toBeDefined();
    expect(within(gold).getByText('Halted')).toBeDefined();
    expect(within(gold).getByText('0.001')).toBeDefined();
    expect(within(screen.getByRole('row', { name: /USD\/HKD/ })).getByText('Fiat')).toBeDefined();
    expect(screen.getAllByText('Crypto')).toHaveLength(2);
    expect(screen.getByText('4 markets')).toBeDefined();
  });

  it('filters the table by code or name as the user types', async () => {
    renderApp('/', catalogue);
    await screen.findByRole('table');
    const search = screen.getByRole('searchbox', { name: 'Search markets' });

    fireEvent.change(search, { target: { value: 'eth' } });
    expect(shownPairs()).toEqual(['ETH/USDT']);
    expect(screen.getByText('1 market')).toBeDefined();

    fireEvent.change(search, { target: { value: 'gold' } });
    expect(shownPairs()).toEqual(['GOLD/USD']);

    fireEvent.change(search, { target: { value: 'BTC/usdt' } });
    expect(shownPairs()).toEqual(['BTC/USDT']);

    fireEvent.change(search, { target: { value: 'Bitcoin' } });
    expect(shownPairs()).toEqual(['BTC/USDT']);

    fireEvent.change(search, { target: { value: 'usdt' } });
    expect(shownPairs()).toEqual(['BTC/USDT', 'ETH/USDT']);

    fireEvent.change(search, { target: { value: 'zzz' } });
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No markets match “zzz”.')).toBeDefined();

    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    expect((search as HTMLInputElement).value).toBe('');
    expect(shownPairs()).toHaveLength(4);
  });

  it('shows the message of a failed request', async () => {
    renderApp('/', {
      [SYMBOLS_PATH]: {
        status: 503,
        body: { code: '1001', data: null, message: 'Under maintenance.' },
      },
      [ASSETS_PATH]: ok(assets),
    });

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Markets could not be loaded');
    expect(alert.textContent).toContain('Under maintenance.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeDefined();
  });

  it('says so when there are no markets', async () => {
    renderApp('/', { [SYMBOLS_PATH]: ok([]), [ASSETS_PATH]: ok(assets) });
    expect(await screen.findByText('No markets are available yet.')).toBeDefined();
    expect(screen.queryByRole('table')).toBeNull();
  });
});
