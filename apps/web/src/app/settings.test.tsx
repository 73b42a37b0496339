import { STORAGE_KEYS } from '@exchange/contracts';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { assets, symbols } from '../features/markets/test-fixtures';
import { SYMBOLS_PATH, ASSETS_PATH } from '../lib/catalogue';
import { pageReload } from '../lib/language-change';
import { startSession } from '../lib/session';
import { loadSettings, settingsStore } from '../lib/settings';
import type { SocketClient } from '../lib/socket/socket-client';
import { makeUser } from '../test/fixtures';
import { ok, renderApp, resetApp } from '../test/render';

beforeEach(resetApp);
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function fakeSocket() {
  return {
    status: 'idle',
    start: vi.fn(),
    stop: vi.fn(),
    reconnect: vi.fn(),
    subscribe: vi.fn(() => () => undefined),
    onStatus: vi.fn(() => () => undefined),
  };
}

const answers = {
  [SYMBOLS_PATH]: ok(symbols),
  [ASSETS_PATH]: ok(assets),
  '/v1/user/profile': ok(makeUser()),
  '/v1/user/change-language': ok(null),
};

const modeHeaders = (fetch: ReturnType<typeof renderApp>['fetch'], path: string) =>
  fetch.mock.calls
    .filter(([url]) => url.startsWith(path))
    .map(([, init]) => (init?.headers as Record<string, string>)['runtime-mode']);

describe('runtime mode', () => {
  it('switching invalidates every query, sends the new mode and reconnects the socket', async () => {
    startSession({ user: makeUser() });
    const socket = fakeSocket();
    const { fetch } = renderApp('/market', answers, { socket: socket as unknown as SocketClient });
    await screen.findByRole('table', undefined, { timeout: 10_000 });
    expect(modeHeaders(fetch, SYMBOLS_PATH)).toEqual(['0']);

    fireEvent.click(screen.getByRole('button', { name: 'Trading mode' }));
    fireEvent.click(screen.getByRole('button', { name: 'Demo Trading' }));

    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}')).toMatchObject({
      runtimeMode: 1,
    });
    expect(screen.getByRole('banner').getAttribute('data-mode')).toBe('1');
    expect(socket.reconnect).toHaveBeenCalledOnce();
    // After the switch every request carries the new mode (the new mode's query may be asked
    // for again by the invalidation that follows the switch; that is not a second mode).
    const afterSwitch = (path: string) => modeHeaders(fetch, path).slice(1);
    await waitFor(() => expect(afterSwitch(SYMBOLS_PATH).length).toBeGreaterThan(0));
    expect(modeHeaders(fetch, SYMBOLS_PATH)[0]).toBe('0');
    expect(new Set(afterSwitch(SYMBOLS_PATH))).toEqual(new Set(['1']));
    // Assets do not depend on the mode but are refetched too: every query is invalidated.
    await waitFor(() => expect(afterSwitch(ASSETS_PATH).length).toBeGreaterThan(0));
    expect(new Set(afterSwitch(ASSETS_PATH))).toEqual(new Set(['1']));
  });

  it('a profile asked in the old mode and answered after the switch does not keep its permissions', async () => {
    // Real: not verified, so no Spot Trade; Demo may always trade.
    const unverified = makeUser({ kycLevel: 0, kycPermissions: [] });
    startSession({ user: unverified });
    let answerReal: (() => void) | undefined;
    const { fetch } = renderApp('/market', {
      ...answers,
      '/v1/user/profile': (_url, init) => {
        const mode = (init?.headers as Record<string, string>)['runtime-mode'];
        if (mode === '1') return ok(makeUser());
        // The startup's request, in Real, answers only when the test says so.
        return new Promise((resolve) => {
          answerReal = () => resolve(ok(unverified));
        });
      },
    });
    await screen.findByRole('table', undefined, { timeout: 10_000 });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('link', { name: 'Convert' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Trading mode' }));
    fireEvent.click(screen.getByRole('button', { name: 'Demo Trading' }));
    await waitFor(() => expect(modeHeaders(fetch, '/v1/user/profile')).toContain('1'));
    act(() => answerReal?.());

    await within(nav).findByRole('link', { name: 'Convert' });
    await within(nav).findByRole('link', { name: 'Spot Trade' });
  });

  it('reads the stored mode only while a token exists', async () => {
    localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ theme: 'dark', redUp: false, runtimeMode: 2 }),
    );
    settingsStore.set(loadSettings());
    const { fetch } = renderApp('/market', answers);
    await screen.findByRole('table', undefined, { timeout: 10_000 });
    expect(within(screen.getByRole('banner')).getByText('Real')).toBeDefined();
    expect(modeHeaders(fetch, SYMBOLS_PATH)).toEqual(['0']);
  });

  it('picks up a mode and a theme changed in another tab', async () => {
    startSession({ user: makeUser() });
    const socket = fakeSocket();
    renderApp('/', answers, { socket: socket as unknown as SocketClient });
    await screen.findByRole('button', { name: 'Trading mode' });
    act(() => {
      localStorage.setItem(
        STORAGE_KEYS.settings,
        JSON.stringify({ theme: 'light', redUp: true, runtimeMode: 2 }),
      );
      window.dispatchEvent(new StorageEvent('storage', { key: STORAGE_KEYS.settings }));
    });
    // The mode menu's label (in Trial the main nav also links to the Trade for Reward page).
    expect(
      within(screen.getByRole('banner')).getByText('Trade for Reward', {
        selector: '.mode-menu__label',
      }),
    ).toBeDefined();
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(socket.reconnect).toHaveBeenCalledOnce();
  });

  it('falls back to Real for an unknown stored mode', () => {
    localStorage.setItem(
      STORAGE_KEYS.settings,
      JSON.stringify({ runtimeMode: 7, theme: 'purple' }),
    );
    expect(loadSettings()).toEqual({ theme: 'dark', redUp: false, runtimeMode: 0 });
  });
});

describe('theme and language', () => {
  it('takes the theme from ?theme= and saves it, dark by default', async () => {
    expect(loadSettings().theme).toBe('dark');
    renderApp('/?theme=light', answers);
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}')).toMatchObject({
      theme: 'light',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Switch to dark theme' }));
    expect(document.documentElement.dataset.theme).toBe('dark');
  });

  it('saves a new language on the server when logged in, stores it, drops ?lang= and reloads', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    window.history.replaceState(null, '', '/market?lang=en&x=1');
    startSession({ user: makeUser() });
    const { fetch } = renderApp('/', answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
    fireEvent.click(screen.getByRole('button', { name: '简体中文' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(
      fetch.mock.calls.some(([url]) => url === '/v1/user/change-language?language=zh-CN'),
    ).toBe(true);
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('zh-CN');
    expect(window.location.search).toBe('?x=1');
  });

  it('does not call the server for a visitor', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const { fetch } = renderApp('/', answers);
    fireEvent.click(await screen.findByRole('button', { name: 'Language' }));
    fireEvent.click(screen.getByRole('button', { name: 'Deutsch' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(fetch.mock.calls.some(([url]) => url.includes('change-language'))).toBe(false);
    expect(localStorage.getItem(STORAGE_KEYS.language)).toBe('de');
  });
});

describe('settings menu', () => {
  it('switches the price colours (redUp) and the theme, saved with the other settings', async () => {
    renderApp('/market', answers);
    const table = await screen.findByRole('table', undefined, { timeout: 10_000 });
    expect(table.className).not.toContain('markets-table--red-up');
    fireEvent.click(screen.getByRole('button', { name: 'Settings' }));
    const redUp = screen.getByRole('radio', { name: 'Red up, green down' });
    expect(screen.getByRole('radio', { name: 'Green up, red down' })).toHaveProperty(
      'checked',
      true,
    );
    fireEvent.click(redUp);
    expect(loadSettings().redUp).toBe(true);
    expect(screen.getByRole('table').className).toContain('markets-table--red-up');
    fireEvent.click(screen.getByRole('radio', { name: 'Light' }));
    expect(document.documentElement.dataset.theme).toBe('light');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.settings) ?? '{}')).toMatchObject({
      redUp: true,
      theme: 'light',
    });
  });
});
