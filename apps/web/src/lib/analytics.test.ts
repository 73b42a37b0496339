import { afterEach, describe, expect, it, vi } from 'vitest';
import { createAnalytics, screenOf, validateEvent } from './analytics';

afterEach(() => vi.useRealTimers());

describe('validateEvent', () => {
  it('needs a category and an action', () => {
    expect(() => validateEvent({ category: '', action: 'x' })).toThrow('category');
    expect(() => validateEvent({ category: 'x', action: ' ' })).toThrow('action');
  });

  it('checks value, non-interaction and transport', () => {
    expect(() => validateEvent({ category: 'c', action: 'a', value: '3' })).toThrow('number');
    expect(() => validateEvent({ category: 'c', action: 'a', nonInteraction: 'yes' })).toThrow(
      'boolean',
    );
    expect(() => validateEvent({ category: 'c', action: 'a', transport: 'pigeon' })).toThrow(
      'beacon, xhr or image',
    );
    expect(
      validateEvent({
        category: ' c ',
        action: 'a',
        value: 3,
        nonInteraction: true,
        transport: 'beacon',
      }),
    ).toEqual({
      category: 'c',
      action: 'a',
      value: 3,
      nonInteraction: true,
      transport: 'beacon',
    });
  });
});

describe('createAnalytics', () => {
  it('reports page views and whole seconds of view time with the beacon, batched', async () => {
    vi.useFakeTimers();
    let now = 0;
    const sent: unknown[] = [];
    const beacon = vi.fn((_url: string, data: Blob) => {
      sent.push(data);
      return true;
    });
    const analytics = createAnalytics({ now: () => now, beacon });
    analytics.pageView('/login', '?type=register');
    now = 12_900;
    analytics.pageView('/market');
    await vi.advanceTimersByTimeAsync(2000);

    expect(beacon).toHaveBeenCalledOnce();
    expect(beacon.mock.calls[0]?.[0]).toBe('/v1/logging/public/events');
    const body = JSON.parse(await (sent[0] as Blob).text()) as {
      events: { action: string; screen?: string; value?: number }[];
    };
    expect(body.events).toEqual([
      expect.objectContaining({ action: 'view', screen: 'register' }),
      expect.objectContaining({ action: 'view_time', screen: 'register', value: 12 }),
      expect.objectContaining({ action: 'view', screen: 'market' }),
    ]);
  });

  it('falls back to a keep-alive request when the beacon is refused, and drops invalid events', () => {
    const post = vi.fn();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const analytics = createAnalytics({ beacon: () => false, post });
    analytics.track({ category: 'c', action: '' });
    analytics.track({ category: 'header_menu', action: 'wallet' });
    analytics.flush();
    expect(warn).toHaveBeenCalledOnce();
    expect(post).toHaveBeenCalledWith(
      '/v1/logging/public/events',
      JSON.stringify({ events: [{ category: 'header_menu', action: 'wallet' }] }),
    );
  });

  it('names the screens of the spec', () => {
    expect(screenOf('/login')).toBe('login');
    expect(screenOf('/cryptoChannel')).toBe('crypto_deposit');
    expect(screenOf('/accountCenter/bankCardManage')).toBe('bank_account_list');
    expect(screenOf('/')).toBe('home');
  });
});
