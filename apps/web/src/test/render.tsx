import { pushPayloads, type PushedChannel } from '@exchange/contracts';
import { act, render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders, createAppApiClient } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { routes } from '../app/routes';
import { loadSession, sessionStore } from '../lib/session';
import { loadSettings, settingsStore } from '../lib/settings';
import type { PushListener, SocketClient } from '../lib/socket/socket-client';
import { toastStore } from '../lib/toast';

type Answer = { status?: number; body: unknown };
type Answers = Record<
  string,
  Answer | ((url: URL, init?: RequestInit) => Answer | Promise<Answer>)
>;

/**
 * Which test's app may still be answered: an app rendered before the last reset gets no more
 * answers (its requests stay pending), so a late answer to a finished test cannot reach the
 * session, storage or stores of the next one.
 */
let generation = 0;
const never = () => new Promise<never>(() => undefined);

/** Fresh storage, session, settings and toasts for each test. */
export function resetApp(): void {
  generation += 1;
  localStorage.clear();
  document.cookie.split(';').forEach((c) => {
    const name = c.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; Max-Age=0; path=/`;
  });
  sessionStore.set(loadSession());
  settingsStore.set(loadSettings());
  toastStore.set([]);
}

/**
 * Renders the app's routes at `path` with a fresh query cache and the app's api client whose
 * fetch answers from `answers` by path: no network.
 */
export function renderApp(
  path: string,
  answers: Answers = {},
  opts: { socket?: SocketClient | null } = {},
) {
  // The api client always passes the address as a string and the body as JSON text.
  const born = generation;
  // A body read after the next test began is never delivered: a late answer (the profile that
  // logs a user in) must not reach the next test's stores.
  const respond = (body: unknown, status: number) => {
    const res = new Response(JSON.stringify(body), { status });
    const read = res.json.bind(res);
    res.json = () =>
      generation !== born
        ? never()
        : read().then((value: unknown) => (generation !== born ? never() : value));
    return res;
  };
  const fetch = vi.fn((href: string, init?: RequestInit & { body?: string }) => {
    if (generation !== born) return never();
    const url = new URL(href, 'http://localhost');
    const entry = answers[url.pathname];
    // An answer may be a promise: the test then decides when the server answers.
    return Promise.resolve(typeof entry === 'function' ? entry(url, init) : entry).then((answer) =>
      generation !== born
        ? never()
        : answer
          ? respond(answer.body, answer.status ?? 200)
          : respond({ code: '1006', data: null, message: 'Not found.' }, 404),
    );
  });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = createQueryClient();
  const ui: ReactElement = (
    <AppProviders
      queryClient={queryClient}
      apiClient={createAppApiClient(fetch as unknown as typeof globalThis.fetch)}
      socket={opts.socket ?? null}
    >
      <RouterProvider router={router} />
    </AppProviders>
  );
  return { ...render(ui), router, fetch, queryClient };
}

export const ok = (data: unknown): Answer => ({ body: { code: '200', data, message: 'success' } });
export const fail = (code: string, message: string, status = 400): Answer => ({
  body: { code, data: null, message },
  status,
});

/**
 * An open socket that records subscriptions: `push(channel, data)` delivers to the latest
 * listener of a channel; `listeners` also holds them by `channel:symbol` when subscribed with one.
 * Like the real client, it hands a listener only data that matches the channel's contract.
 */
export function fakeSocket() {
  type Raw = (data: unknown, args: Record<string, unknown> | undefined) => void;
  const listeners = new Map<string, Raw>();
  const subscribe = vi.fn(
    (channel: PushedChannel, listener: PushListener<never>, args?: { symbol?: string }) => {
      const checked: Raw = (data, a) => {
        const parsed = pushPayloads[channel].safeParse(data);
        if (parsed.success) (listener as PushListener)(parsed.data, a);
      };
      listeners.set(channel, checked);
      if (args?.symbol) listeners.set(`${channel}:${args.symbol}`, checked);
      return () => undefined;
    },
  );
  const socket = {
    status: 'open',
    start: vi.fn(),
    stop: vi.fn(),
    reconnect: vi.fn(),
    onStatus: vi.fn(() => () => undefined),
    subscribe,
  };
  const push = (channel: string, data: unknown) =>
    act(() => listeners.get(channel)?.(data, undefined));
  return { socket: socket as unknown as SocketClient, push, listeners, subscribe };
}
