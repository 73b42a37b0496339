// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@exchange/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  SESSION_MARKER,
  beginSessionEnd,
  clearSession,
  loadSession,
  logoutReason,
  refreshAcrossTabs,
  startSession,
} from './session';
import { logout } from './session-actions';
import { anything, createApiClient } from './api-client';
import { makeUser } from '../test/fixtures';

beforeEach(() => localStorage.clear());

describe('session storage', () => {
  it('replaces a token an earlier version stored with the marker, and drops the refresh token', () => {
    localStorage.setItem(STORAGE_KEYS.token, 'a-real-access-token');
    localStorage.setItem(STORAGE_KEYS.refreshToken, 'a-real-refresh-token');
    expect(loadSession().token).toBe(SESSION_MARKER);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(SESSION_MARKER);
    expect(localStorage.getItem(STORAGE_KEYS.refreshToken)).toBeNull();
  });
});

describe('refresh across tabs', () => {
  it('skips its own refresh when another tab refreshed after its call failed', async () => {
    const refresh = vi.fn(() => Promise.resolve(true));
    const failedSince = Date.now();
    expect(await refreshAcrossTabs(refresh, failedSince)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A call that failed before that refresh uses its cookies: presenting the spent refresh
    // token again would end the session.
    expect(await refreshAcrossTabs(refresh, failedSince)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(1);
    // A later failure refreshes again.
    expect(await refreshAcrossTabs(refresh, Date.now() + 1000)).toBe(true);
    expect(refresh).toHaveBeenCalledTimes(2);
  });

  it('records nothing when the refresh is refused', async () => {
    expect(await refreshAcrossTabs(() => Promise.resolve(false), 0)).toBe(false);
    expect(localStorage.length).toBe(0);
  });
});

describe('why a session ended', () => {
  it('a forced end (another device, a refused refresh) is remembered for the login page', () => {
    startSession({ user: makeUser() });
    clearSession({ reason: '4003' });
    expect(logoutReason()).toBe('4003');
    // A login starts afresh.
    startSession({ user: makeUser() });
    expect(logoutReason()).toBeNull();
  });

  it('a logout is not a forced end: the 401s of requests in flight say nothing', async () => {
    startSession({ user: makeUser() });
    let answerLogout: (r: Response) => void = () => undefined;
    const fetch = vi.fn<typeof globalThis.fetch>((input) =>
      String(input instanceof Request ? input.url : input).includes('/v1/auth/oauth/logout')
        ? new Promise<Response>((resolve) => (answerLogout = resolve))
        : Promise.resolve(new Response('{}', { status: 401 })),
    );
    const client = createApiClient({
      fetch,
      onForceLogout: (error) => clearSession({ reason: error.code }),
    });
    const out = logout(client);
    // A poll the server answers after it ended the session, while the logout is on its way.
    await client.request('/v1/user/profile', anything, { silent: true }).catch(() => undefined);
    answerLogout(new Response(JSON.stringify({ code: '200', data: null, message: 'success' })));
    await out;
    // And one answered after the logout.
    await client.request('/v1/user/profile', anything, { silent: true }).catch(() => undefined);
    expect(loadSession().token).toBeNull();
    expect(logoutReason()).toBeNull();
  });

  it('a password change is not a forced end unless it failed', () => {
    startSession({ user: makeUser() });
    beginSessionEnd();
    beginSessionEnd(false);
    clearSession({ reason: '401' });
    expect(logoutReason()).toBe('401');
    startSession({ user: makeUser() });
    beginSessionEnd();
    clearSession({ reason: '401' });
    expect(logoutReason()).toBeNull();
    // The session stays until the tab's own ending clears it: the page under the change stays,
    // and its success opens the login page.
    expect(loadSession().token).toBe(SESSION_MARKER);
    clearSession();
    expect(loadSession().token).toBeNull();
  });
});
