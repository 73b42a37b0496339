import {
  CONVERT_PATHS,
  WALLET_PATHS,
  type ConvertOrder,
  type ConvertQuote,
} from '@exchange/contracts';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSession } from '../../lib/session';
import { makeUser } from '../../test/fixtures';
import { ok, renderApp, resetApp } from '../../test/render';

const user = makeUser({ kycLevel: 1 });
beforeEach(() => {
  resetApp();
  startSession({ user });
});
afterEach(cleanup);

const bodyOf = (init?: RequestInit) =>
  JSON.parse(typeof init?.body === 'string' ? init.body : 'null') as Record<string, unknown>;

const quote = (over: Partial<ConvertQuote> = {}): ConvertQuote => ({
  quoteId: 'q-1',
  from: 'USDT',
  to: 'BTC',
  fromAmount: '150',
  toAmount: '0.00149',
  price: '0.0000099333',
  limitPrice: '101000',
  fee: '0',
  expiresAt: new Date(Date.now() + 10_000).toISOString(),
  validForMs: 10_000,
  ...over,
});

const done = (over: Partial<ConvertOrder> = {}): ConvertOrder => ({
  id: 'c-1',
  clientRequestId: 'r-1',
  from: 'USDT',
  to: 'BTC',
  fromAmount: '150',
  quotedToAmount: '0.00149',
  state: 'FILLED',
  fromSpent: '149.49',
  toReceived: '0.00149',
  orderId: '77',
  code: null,
  runtimeMode: 0,
  createdAt: '2026-11-28T10:00:00.000Z',
  ...over,
});

const base = {
  '/v1/user/profile': ok(user),
  [CONVERT_PATHS.pairs]: ok([
    { symbol: 'BTC_USDT', base: 'BTC', counter: 'USDT' },
    { symbol: 'ETH_USDT', base: 'ETH', counter: 'USDT' },
  ]),
  [WALLET_PATHS.balances]: ok([
    { asset: 'USDT', available: '500', frozen: '0', total: '500' },
    { asset: 'BTC', available: '0.2', frozen: '0', total: '0.2' },
  ]),
  [CONVERT_PATHS.list]: ok({ pageNum: 1, pageSize: 10, result: [] }),
};

describe('/trade/swap (Convert)', () => {
  it('quotes the chosen pair, counts the quote down, confirms it and lists it', async () => {
    const asked: unknown[] = [];
    const confirmed: unknown[] = [];
    let history: ConvertOrder[] = [];
    renderApp('/trade/swap', {
      ...base,
      [CONVERT_PATHS.quote]: ((_u: URL, init?: RequestInit) => {
        asked.push(bodyOf(init));
        return ok(quote());
      }) as unknown as ReturnType<typeof ok>,
      // Confirm (POST) and the history (GET) share one path.
      [CONVERT_PATHS.list]: ((_u: URL, init?: RequestInit) => {
        if (init?.method !== 'POST') return ok({ pageNum: 1, pageSize: 10, result: history });
        confirmed.push(bodyOf(init));
        history = [done()];
        return ok(done({ state: 'PROCESSING' }));
      }) as unknown as ReturnType<typeof ok>,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Convert' })).toBeDefined();
    const from = await screen.findByRole('combobox', { name: 'From' });
    const to = screen.getByRole<HTMLSelectElement>('combobox', { name: 'To' });
    expect((from as HTMLSelectElement).value).toBe('USDT');
    // USDT converts into both bases; BTC only into USDT.
    expect(
      within(to)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['BTC', 'ETH']);
    await screen.findByText('Available: 500 USDT');
    fireEvent.change(screen.getByLabelText('Amount (USDT)'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview conversion' }));
    const q = await screen.findByTestId('convert-quote');
    expect(asked).toEqual([{ from: 'USDT', to: 'BTC', amount: '150' }]);
    expect(within(q).getByTestId('convert-receive').textContent).toBe('0.00149 BTC');
    // The rate as traders read the pair: 150 USDT for 0.00149 BTC.
    expect(within(q).getByText('1 BTC ≈ 100,671.14093959 USDT')).toBeDefined();
    expect(within(q).getByTestId('convert-countdown').textContent).toMatch(/^Valid for (9|10) s$/);
    fireEvent.click(screen.getByRole('button', { name: 'Convert now' }));
    await waitFor(() => expect(confirmed).toHaveLength(1));
    expect(confirmed[0]).toMatchObject({ quoteId: 'q-1' });
    expect(await screen.findByText('Converted USDT to BTC.')).toBeDefined();
    const row = await screen.findByRole('row', { name: /USDT → BTC/ });
    expect(within(row).getByText('Converted')).toBeDefined();
    expect(within(row).getByText('149.49 USDT')).toBeDefined();
  });

  it('asks for a new quote once the quote expired, and flipping the direction starts over', async () => {
    renderApp('/trade/swap', {
      ...base,
      [CONVERT_PATHS.quote]: ok(quote({ expiresAt: new Date(Date.now() + 1_000).toISOString() })),
    });
    fireEvent.change(await screen.findByLabelText('Amount (USDT)'), { target: { value: '150' } });
    fireEvent.click(screen.getByRole('button', { name: 'Preview conversion' }));
    await screen.findByTestId('convert-quote');
    expect(
      await screen.findByText('Expired: ask for a new quote', {}, { timeout: 3000 }),
    ).toBeDefined();
    expect(screen.getByRole('button', { name: 'Refresh quote' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Convert now' })).toBeNull();
    // Flipping the direction clears the quote and the amount.
    fireEvent.click(screen.getByRole('button', { name: 'Swap the two assets' }));
    expect(screen.queryByTestId('convert-quote')).toBeNull();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'From' }).value).toBe('BTC');
  });
});
