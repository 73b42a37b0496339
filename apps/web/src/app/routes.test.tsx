import { cleanup, fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderApp } from '../test/render';

afterEach(cleanup);

describe('routes', () => {
  it('shows the header and a not-found page with a link home for unknown paths', async () => {
    renderApp('/no/such/page');

    expect(screen.getByRole('banner').textContent).toContain('Exchange');
    expect(screen.getByRole('heading', { name: 'Page not found' })).toBeDefined();
    const home = screen.getByRole('link', { name: 'Back to markets' });
    expect(home.getAttribute('href')).toBe('/');

    fireEvent.click(home);
    expect(await screen.findByRole('heading', { name: 'Markets' })).toBeDefined();
  });
});
