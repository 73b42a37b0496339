import { cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { NEWS_ENDPOINTS } from '@exchange/contracts';
import { fakeSocket, ok, renderApp, resetApp } from '../test/render';

beforeEach(resetApp);
afterEach(cleanup);

const item = (id: number, title: string, category: 'NEWS' | 'ANNOUNCEMENT' = 'NEWS') => ({
  id,
  category,
  title,
  summary: title,
  body: title,
  publishedAt: '2026-11-24T08:00:00.000Z',
});

describe('news published by the operator', () => {
  it('refreshes the open news page, and shows an announcement in the reader language as a banner', async () => {
    const { socket, push } = fakeSocket();
    let items = [item(1, 'Welcome to the exchange')];
    renderApp(
      '/news',
      { [NEWS_ENDPOINTS.news.path]: () => ok({ pageNum: 1, pageSize: 10, result: items }) },
      { socket },
    );
    await waitFor(() =>
      expect(screen.getAllByText('Welcome to the exchange').length).toBeGreaterThan(0),
    );

    // A news item: the list refreshes, no banner.
    items = [item(2, 'Tokenised treasury bills listed'), ...items];
    push('system', {
      type: 'NEWS',
      message: 'Tokenised treasury bills listed',
      ts: 1,
      active: true,
      newsId: 2,
      language: 'en',
    });
    await waitFor(() =>
      expect(screen.getAllByText('Tokenised treasury bills listed').length).toBeGreaterThan(0),
    );
    const shown = () => screen.queryAllByText('Tokenised treasury bills listed').length;
    const before = shown();

    // An announcement in another language: the list refreshes, but no banner in English.
    push('system', {
      type: 'ANNOUNCEMENT',
      message: 'Maintenance de dimanche',
      ts: 2,
      active: true,
      newsId: 3,
      language: 'fr',
    });
    // One in English: a banner with its title.
    items = [item(4, 'Gold token maintenance on Sunday', 'ANNOUNCEMENT'), ...items];
    push('system', {
      type: 'ANNOUNCEMENT',
      message: 'Gold token maintenance on Sunday',
      ts: 3,
      active: true,
      newsId: 4,
      language: 'en',
    });
    await waitFor(() =>
      expect(screen.getAllByText('Gold token maintenance on Sunday').length).toBeGreaterThan(
        screen.getAllByText('Welcome to the exchange').length,
      ),
    );
    expect(screen.queryByText('Maintenance de dimanche')).toBeNull();
    // A news item is never a banner: it shows as often as the other items do.
    expect(shown()).toBe(before);
  });
});
