// @vitest-environment happy-dom
import { STORAGE_KEYS } from '@exchange/contracts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { SESSION_MARKER, loadSession, refreshAcrossTabs } from './session';

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
