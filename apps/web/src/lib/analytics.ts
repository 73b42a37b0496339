import { LOGGING_ENDPOINTS, type ClientEvent } from '@exchange/contracts';

/**
 * Page views, custom events and view time go to the gateway's own logging endpoint, never to
 * a third party. Events are batched and flushed with navigator.sendBeacon where possible, so the
 * last view time still arrives when the tab closes.
 */
export const EVENTS_PATH = LOGGING_ENDPOINTS.events.path;
const FLUSH_DELAY_MS = 2000;
const MAX_BATCH = 50;
const TRANSPORTS = ['beacon', 'xhr', 'image'] as const;

export interface EventInput {
  category: string;
  action: string;
  label?: string;
  value?: unknown;
  nonInteraction?: unknown;
  transport?: unknown;
  screen?: string;
}

/** The rules of spec section 5; the message names the broken rule. */
export function validateEvent(input: EventInput): ClientEvent {
  if (!input.category?.trim()) throw new Error('Analytics event needs a category');
  if (!input.action?.trim()) throw new Error('Analytics event needs an action');
  if (
    input.value !== undefined &&
    (typeof input.value !== 'number' || !Number.isFinite(input.value))
  ) {
    throw new Error('Analytics event value must be a number');
  }
  if (input.nonInteraction !== undefined && typeof input.nonInteraction !== 'boolean') {
    throw new Error('Analytics event nonInteraction must be a boolean');
  }
  if (input.transport !== undefined && !TRANSPORTS.includes(input.transport as never)) {
    throw new Error('Analytics event transport must be beacon, xhr or image');
  }
  const event: ClientEvent = { category: input.category.trim(), action: input.action.trim() };
  if (input.label !== undefined) event.label = input.label.slice(0, 256);
  if (input.value !== undefined) event.value = input.value;
  if (input.nonInteraction !== undefined) event.nonInteraction = input.nonInteraction;
  if (input.transport !== undefined)
    event.transport = input.transport as ClientEvent['transport'] & string;
  if (input.screen !== undefined) event.screen = input.screen.slice(0, 64);
  return event;
}

/** Screen names the spec's view-time events use. */
const SCREENS: Record<string, string> = {
  '/login': 'login',
  '/login/register': 'register',
  '/accountCenter/security': 'google_binding',
  '/cryptoChannel': 'crypto_deposit',
  '/accountCenter/bankCardManage': 'bank_account_list',
  '/fiatChannel/JYB': 'fiat_deposit',
};

export function screenOf(pathname: string, search = ''): string {
  if (pathname === '/login' && new URLSearchParams(search).get('type') === 'register')
    return 'register';
  return SCREENS[pathname] ?? (pathname.replace(/^\/+/, '').replace(/\//g, '_') || 'home');
}

export interface Analytics {
  track(input: EventInput): void;
  pageView(pathname: string, search?: string): void;
  /** The page is going away: report its view time and send everything now. */
  leave(): void;
  flush(): void;
}

export function createAnalytics(
  deps: {
    now?: () => number;
    beacon?: (url: string, data: Blob) => boolean;
    post?: (url: string, body: string) => void;
  } = {},
): Analytics {
  const now = deps.now ?? (() => Date.now());
  const beacon =
    deps.beacon ??
    ((url: string, data: Blob) =>
      typeof navigator !== 'undefined' && typeof navigator.sendBeacon === 'function'
        ? navigator.sendBeacon(url, data)
        : false);
  const post =
    deps.post ??
    ((url: string, body: string) => {
      fetch(url, {
        method: 'POST',
        body,
        keepalive: true,
        headers: { 'content-type': 'application/json' },
      }).catch(
        () => undefined, // Analytics never disturbs the user.
      );
    });
  let queue: ClientEvent[] = [];
  let timer: ReturnType<typeof setTimeout> | null = null;
  let current: { screen: string; since: number } | null = null;

  function flush() {
    if (timer) clearTimeout(timer);
    timer = null;
    while (queue.length) {
      const events = queue.slice(0, MAX_BATCH);
      queue = queue.slice(MAX_BATCH);
      const body = JSON.stringify({ events });
      if (!beacon(EVENTS_PATH, new Blob([body], { type: 'application/json' })))
        post(EVENTS_PATH, body);
    }
  }

  function track(input: EventInput) {
    try {
      queue.push(validateEvent(input));
    } catch (err) {
      // A broken event is a programming error: logged, never thrown at the user.
      // eslint-disable-next-line no-console
      console.warn(err);
      return;
    }
    timer ??= setTimeout(flush, FLUSH_DELAY_MS);
  }

  function endView() {
    if (!current) return;
    const seconds = Math.floor((now() - current.since) / 1000);
    track({
      category: 'page',
      action: 'view_time',
      value: seconds,
      screen: current.screen,
      nonInteraction: true,
    });
  }

  return {
    track,
    flush,
    leave() {
      endView();
      current = null;
      flush();
    },
    pageView(pathname, search = '') {
      endView();
      const screen = screenOf(pathname, search);
      current = { screen, since: now() };
      track({ category: 'page', action: 'view', label: pathname, screen });
    },
  };
}

export const analytics = createAnalytics();

if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => analytics.leave());
}
