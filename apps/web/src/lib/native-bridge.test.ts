// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  closeWebview,
  isInApp,
  openIscatNativePage,
  openSystemBrowser,
  shareReferralPoster,
  updateTitle,
} from './native-bridge';

type Loose = Record<string, unknown>;
const w = window as unknown as Loose;

afterEach(() => {
  delete w.webkit;
  delete w.Android;
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

const CALLS = [
  'shareReferralPoster',
  'openSystemBrowser',
  'openIscatNativePage',
  'closeWebview',
  'updateTitle',
] as const;

/** Runs every call once, the way the pages do. */
async function callAll(navigate = vi.fn()) {
  return [
    await shareReferralPoster({ url: 'https://x.test/r', title: 'Join' }),
    openSystemBrowser({ url: 'https://x.test/help' }),
    openIscatNativePage(
      { page: 'trade', path: '/trade/spot', params: { symbol: 'BTC_USDT' } },
      navigate,
    ),
    closeWebview(),
    updateTitle({ title: 'Deposit' }),
  ];
}

describe('with the iOS app', () => {
  const received: [string, unknown][] = [];
  beforeEach(() => {
    received.length = 0;
    w.webkit = {
      messageHandlers: Object.fromEntries(
        CALLS.map((c) => [c, { postMessage: (body: unknown) => received.push([c, body]) }]),
      ),
    };
  });

  it('posts each call with its arguments as an object to its message handler, nothing else', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const back = vi.spyOn(window.history, 'back');
    const navigate = vi.fn();
    expect(isInApp()).toBe(true);
    expect(await callAll(navigate)).toEqual(['ios', 'ios', 'ios', 'ios', 'ios']);
    expect(received).toEqual([
      ['shareReferralPoster', { url: 'https://x.test/r', title: 'Join' }],
      ['openSystemBrowser', { url: 'https://x.test/help' }],
      [
        'openIscatNativePage',
        { page: 'trade', path: '/trade/spot', params: { symbol: 'BTC_USDT' } },
      ],
      ['closeWebview', {}],
      ['updateTitle', { title: 'Deposit' }],
    ]);
    expect(open).not.toHaveBeenCalled();
    expect(back).not.toHaveBeenCalled();
    expect(navigate).not.toHaveBeenCalled();
    expect(document.title).toBe('Deposit');
  });
});

describe('with the Android app', () => {
  it('calls the interface method with the arguments as JSON', async () => {
    const received: [string, string][] = [];
    w.Android = Object.fromEntries(
      CALLS.map((c) => [c, (json: string) => received.push([c, json])]),
    );
    expect(isInApp()).toBe(true);
    expect(await callAll()).toEqual(['android', 'android', 'android', 'android', 'android']);
    expect(received.map(([c, json]) => [c, JSON.parse(json) as unknown])).toEqual([
      ['shareReferralPoster', { url: 'https://x.test/r', title: 'Join' }],
      ['openSystemBrowser', { url: 'https://x.test/help' }],
      [
        'openIscatNativePage',
        { page: 'trade', path: '/trade/spot', params: { symbol: 'BTC_USDT' } },
      ],
      ['closeWebview', {}],
      ['updateTitle', { title: 'Deposit' }],
    ]);
  });

  it('falls back for a call the app does not offer', () => {
    w.Android = { updateTitle: vi.fn() };
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    expect(openSystemBrowser({ url: 'https://x.test' })).toBe('browser');
    expect(open).toHaveBeenCalledWith('https://x.test', '_blank', 'noopener');
  });
});

describe('in a browser (no app)', () => {
  it('is not in the app', () => {
    expect(isInApp()).toBe(false);
  });

  it('shares through the Web Share API, else copies the link', async () => {
    const share = vi.fn().mockRejectedValue(new DOMException('dismissed', 'AbortError'));
    vi.stubGlobal('navigator', { ...navigator, share });
    expect(await shareReferralPoster({ url: 'https://x.test/r', title: 'Join' })).toBe('browser');
    expect(share).toHaveBeenCalledWith({ url: 'https://x.test/r', title: 'Join' });

    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { clipboard: { writeText } });
    expect(await shareReferralPoster({ url: 'https://x.test/r' })).toBe('browser');
    expect(writeText).toHaveBeenCalledWith('https://x.test/r');
  });

  it('opens a new window, navigates to the site page, goes back and sets the document title', () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const back = vi.spyOn(window.history, 'back').mockImplementation(() => undefined);
    const navigate = vi.fn();
    expect(openSystemBrowser({ url: 'https://x.test/help' })).toBe('browser');
    expect(open).toHaveBeenCalledWith('https://x.test/help', '_blank', 'noopener');
    expect(
      openIscatNativePage(
        { page: 'trade', path: '/trade/spot', params: { symbol: 'BTC_USDT' } },
        navigate,
      ),
    ).toBe('browser');
    expect(navigate).toHaveBeenCalledWith('/trade/spot?symbol=BTC_USDT');
    window.history.pushState({}, '', '/m/help');
    expect(closeWebview()).toBe('browser');
    expect(back).toHaveBeenCalled();
    expect(updateTitle({ title: 'Help' })).toBe('browser');
    expect(document.title).toBe('Help');
  });

  it('closes a window that has no page to go back to', () => {
    vi.spyOn(window.history, 'length', 'get').mockReturnValue(1);
    const close = vi.spyOn(window, 'close').mockImplementation(() => undefined);
    expect(closeWebview()).toBe('browser');
    expect(close).toHaveBeenCalled();
  });
});
