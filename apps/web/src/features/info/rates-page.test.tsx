import { EXCHANGE_RATES_PATH } from '@exchange/contracts';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ASSETS_PATH } from '../../lib/catalogue';
import { fail, fakeSocket, ok, renderApp, resetApp } from '../../test/render';
import { assets } from '../markets/test-fixtures';
import { rateTables } from './api/exchange-rates';

beforeEach(resetApp);
afterEach(cleanup);

// The fixtures' catalogue: BTC, ETH (crypto), GOLD (RWA), USD, HKD (fiat), USDT ...
const published = {
  ts: Date.UTC(2026, 10, 23, 8, 0, 0),
  quote: 'HKD' as const,
  units: 100 as const,
  rates: { HKD: '100', USD: '781.2345', BTC: '50123456.78901234', GOLD: '2620.5', UNLISTED: '1.5' },
};

function rowRate(table: HTMLElement, code: string): string {
  const row = table.querySelector(`tr[data-code="${code}"]`);
  return row?.querySelector('[data-testid="rate"]')?.textContent ?? '';
}

describe('exchange rates page', () => {
  it('shows the published rates per 100 units, currencies apart from digital assets', async () => {
    renderApp('/home/exchangeRates', {
      [EXCHANGE_RATES_PATH]: ok(published),
      [ASSETS_PATH]: ok(assets),
    });
    const fiat = await screen.findByRole('table', { name: 'Currencies' });
    const digital = screen.getByRole('table', { name: 'Digital assets' });
    expect(rowRate(fiat, 'USD')).toBe('781.2345');
    expect(fiat.querySelector('tr[data-code="HKD"]')).toBeNull();
    expect(rowRate(digital, 'BTC')).toBe('50,123,456.78');
    expect(within(digital).getByText('Bitcoin')).toBeDefined();
    expect(rowRate(digital, 'GOLD')).toBe('2,620.5');
    // Not in the catalogue: not shown.
    expect(screen.queryByText('UNLISTED')).toBeNull();
    expect(screen.getByText(/Updated/)).toBeDefined();
    expect(screen.getByText('Rates paused')).toBeDefined();
  });

  it('replaces the rates with each exchangeRate push, ignoring older and malformed ones', async () => {
    const { socket, listeners } = fakeSocket();
    renderApp(
      '/home/exchangeRates',
      { [EXCHANGE_RATES_PATH]: ok(published), [ASSETS_PATH]: ok(assets) },
      { socket },
    );
    const fiat = await screen.findByRole('table', { name: 'Currencies' });
    expect(screen.getByText('Live rates')).toBeDefined();
    const push = listeners.get('exchangeRate');
    expect(push).toBeDefined();

    // The query cache tells its observers on the next tick.
    const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    act(() =>
      push?.(
        { ...published, ts: published.ts + 5_000, rates: { ...published.rates, USD: '779.9' } },
        undefined,
      ),
    );
    await waitFor(() => expect(rowRate(fiat, 'USD')).toBe('779.9'));
    act(() =>
      push?.(
        { ...published, ts: published.ts + 1_000, rates: { ...published.rates, USD: '700' } },
        undefined,
      ),
    );
    await settle();
    expect(rowRate(fiat, 'USD')).toBe('779.9');
    act(() => push?.({ rates: 'nonsense' }, undefined));
    await settle();
    expect(rowRate(fiat, 'USD')).toBe('779.9');
  });

  it('offers a retry when the rates cannot be loaded', async () => {
    renderApp('/home/exchangeRates', {
      [EXCHANGE_RATES_PATH]: fail('1008', 'The system is busy.', 503),
      [ASSETS_PATH]: ok(assets),
    });
    expect(await screen.findByRole('alert', {}, { timeout: 5_000 })).toBeDefined();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeDefined();
  });
});

describe('rateTables', () => {
  it('orders common currencies first and digital assets by category, and keeps every rate string as published', () => {
    const t = rateTables(published, assets);
    expect(t.fiat.map((r) => r.code)).toEqual(['USD']);
    expect(t.assets.map((r) => r.code)).toEqual(['BTC', 'GOLD']);
    expect(t.assets[0]?.per100).toBe('50123456.78901234');
    // Without a catalogue yet, every published asset but the quote is shown under its code.
    expect(
      rateTables(published, undefined)
        .assets.map((r) => r.code)
        .sort(),
    ).toEqual(['BTC', 'GOLD', 'UNLISTED', 'USD']);
  });
});
