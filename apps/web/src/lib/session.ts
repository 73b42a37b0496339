import {
  COOKIES,
  CSRF_COOKIE_NAMES,
  STORAGE_KEYS,
  userInfo as userInfoSchema,
  type LoginResponse,
  type UserInfo,
} from '@exchange/contracts';
import {
  readCookie,
  readJson,
  readStorage,
  removeCookie,
  writeJson,
  writeStorage,
} from './storage';
import { createStore, useStore } from './store';

/**
 * The spec's "local token": a marker that says a session exists (and whose changes reach other
 * tabs through storage events), not a secret. The access and refresh tokens live only in the
 * HttpOnly cookies the gateway sets, out of reach of any script on the page.
 */
export const SESSION_MARKER = 'cookie';

export interface SessionState {
  /** SESSION_MARKER while a session exists, else null. */
  token: string | null;
  user: UserInfo | null;
}

function storedUser(key: string): UserInfo | null {
  const parsed = userInfoSchema.safeParse(readJson(key));
  return parsed.success ? parsed.data : null;
}

/** The readable CSRF cookie of the session (its name depends on how the gateway is served). */
export function csrfCookie(): string | null {
  for (const name of CSRF_COOKIE_NAMES) {
    const value = readCookie(name);
    if (value !== null) return value;
  }
  return null;
}

export function loadSession(): SessionState {
  const stored = readStorage(STORAGE_KEYS.token);
  // A token an earlier version kept here is replaced by the marker (its cookie still holds it).
  if (stored !== null && stored !== SESSION_MARKER)
    writeStorage(STORAGE_KEYS.token, SESSION_MARKER);
  if (readStorage(STORAGE_KEYS.refreshToken) !== null)
    writeStorage(STORAGE_KEYS.refreshToken, null);
  return {
    token: stored === null ? null : SESSION_MARKER,
    user: storedUser(STORAGE_KEYS.userInfo),
  };
}

export const sessionStore = createStore<SessionState>(loadSession());

export function hasToken(): boolean {
  return sessionStore.get().token !== null;
}

/**
 * Logged in when the marker is stored or the gateway's readable CSRF cookie says that HttpOnly
 * session cookies exist (a sign-in through Google or Apple sets only the cookies).
 */
export function isLoggedIn(): boolean {
  return hasToken() || csrfCookie() !== null;
}

/**
 * Why the last session ended, when the server ended it (the catalogue code, e.g. 4003: logged in
 * on another device). Kept until the next login so the login page can say it after a reload.
 */
const LOGOUT_REASON_KEY = 'logoutReason';
export const logoutReason = (): string | null => readStorage(LOGOUT_REASON_KEY);

/**
 * Whether this tab is ending its session itself (a logout, a password or e-mail change): the
 * server then answers requests still in flight with 401, which is no forced end, and "Your
 * session has ended" is not said. A login starts a session anew.
 */
let ending = false;

/** This tab ends its session itself from now on; `false` when that did not happen after all. */
export function beginSessionEnd(on = true): void {
  ending = on;
}

/** A login answered: its tokens are already in the cookies, so only the user is kept here. */
export function startSession(answer: Pick<LoginResponse, 'user'>): void {
  ending = false;
  writeStorage(LOGOUT_REASON_KEY, null);
  writeStorage(STORAGE_KEYS.token, SESSION_MARKER);
  writeStorage(STORAGE_KEYS.loginTimestamp, String(Date.now()));
  writeJson(STORAGE_KEYS.userInfo, answer.user);
  writeJson(STORAGE_KEYS.lastAccountName, {
    email: answer.user.email,
    type: answer.user.entityType,
  });
  sessionStore.set({ token: SESSION_MARKER, user: answer.user });
}

export function setUser(user: UserInfo | null): void {
  writeJson(STORAGE_KEYS.userInfo, user);
  sessionStore.set((prev) => ({ ...prev, user }));
}

/** The user of the previous session, kept across logout for the post-login rule. */
export function lastUser(): UserInfo | null {
  return storedUser(STORAGE_KEYS.lastUserInfo);
}

/**
 * Clears every token, keeps the user as the last user and removes the readable cookies; `reason`
 * is the code with which the server ended the session, if it did. A reason is kept only for a
 * session that was still live. While this tab ends its session itself (`beginSessionEnd`), an
 * end the server reports (the 401 of a request still in flight) changes nothing: the tab's own
 * ending clears the session and opens the login page, and clearing it here first would replace
 * the page under the change that was ending it (whose success then never arrives).
 */
export function clearSession(opts: { reason?: string } = {}): void {
  if (opts.reason && ending) return;
  const { user } = sessionStore.get();
  if (opts.reason && isLoggedIn()) writeStorage(LOGOUT_REASON_KEY, opts.reason);
  if (user) writeJson(STORAGE_KEYS.lastUserInfo, user);
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.userInfo]) {
    writeStorage(key, null);
  }
  for (const name of CSRF_COOKIE_NAMES) removeCookie(name);
  removeCookie(COOKIES.token);
  sessionStore.set({ token: null, user: null });
}

/** When a tab last refreshed the session (epoch ms): the other tabs then use its new cookies. */
const REFRESHED_AT_KEY = 'sessionRefreshedAt';

/**
 * Refreshes the session alone among this browser's tabs (Web Locks where available): they share
 * the refresh cookie, and the second of two refreshes with one token would present a spent token,
 * which ends the session. A tab whose call failed before another tab's refresh only retries.
 */
export async function refreshAcrossTabs(
  refresh: () => Promise<boolean>,
  failedSince: number,
): Promise<boolean> {
  const run = async () => {
    const last = readStorage(REFRESHED_AT_KEY);
    if (last !== null && Number(last) >= failedSince) return true;
    const refreshed = await refresh();
    if (refreshed) writeStorage(REFRESHED_AT_KEY, String(Date.now()));
    return refreshed;
  };
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? locks.request('exchange-session-refresh', run) : run();
}

export const useSession = () => useStore(sessionStore);
export const useIsLoggedIn = () => useSession().token !== null || csrfCookie() !== null;
