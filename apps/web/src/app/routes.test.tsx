import { cleanup, fireEvent, screen } from '@testing-library/react';
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

  it('opens Convert at /trade/swap, behind a login', async () => {
    renderApp('/trade/swap');
    expect(await screen.findByRole('heading', { name: 'Log in to continue' })).toBeDefined();
  });
});
