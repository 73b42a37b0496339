import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderApp, resetApp } from '../test/render';

beforeEach(resetApp);
afterEach(cleanup);

describe('routes', () => {
  it('shows the header and a not-found page with a link home for unknown paths', async () => {
    renderApp('/no/such/page');

    expect(screen.getByRole('banner').textContent).toContain('Exchange');
    expect(await screen.findByRole('heading', { name: 'Page not found' })).toBeDefined();
    const home = screen.getByRole('link', { name: 'Back to the home page' });
    expect(home.getAttribute('href')).toBe('/');

    fireEvent.click(home);
    expect(
      await screen.findByRole('heading', { level: 1, name: /Trade real-world assets/ }),
    ).toBeDefined();
  });

  it('opens spot trading at /trade/swap (there is no swap product)', async () => {
    const { router } = renderApp('/trade/swap');
    await waitFor(() => expect(router.state.location.pathname).toBe('/trade/spot'));
  });
});
