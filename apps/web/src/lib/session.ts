import {
  COOKIES,
  CSRF_COOKIE,
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

export interface SessionState {
  token: string | null;
  user: UserInfo | null;
}

function storedUser(key: string): UserInfo | null {
  const parsed = userInfoSchema.safeParse(readJson(key));
  return parsed.success ? parsed.data : null;
}

export function loadSession(): SessionState {
  return { token: readStorage(STORAGE_KEYS.token), user: storedUser(STORAGE_KEYS.userInfo) };
}

export const sessionStore = createStore<SessionState>(loadSession());

export function hasToken(): boolean {
  return sessionStore.get().token !== null;
}

/**
 * Logged in when a token is stored locally or the gateway's readable companion cookie says an
 * HttpOnly session cookie exists.
 */
export function isLoggedIn(): boolean {
  return hasToken() || readCookie(CSRF_COOKIE) !== null;
}

/**
 * Why the last session ended, when the server ended it (the catalogue code, e.g. 4003: logged in
 * on another device). Kept until the next login so the login page can say it after a reload.
 */
const LOGOUT_REASON_KEY = 'logoutReason';
export const logoutReason = (): string | null => readStorage(LOGOUT_REASON_KEY);

export function startSession(answer: Pick<LoginResponse, 'token' | 'refreshToken' | 'user'>): void {
  writeStorage(LOGOUT_REASON_KEY, null);
  writeStorage(STORAGE_KEYS.token, answer.token);
  writeStorage(STORAGE_KEYS.refreshToken, answer.refreshToken);
  writeStorage(STORAGE_KEYS.loginTimestamp, String(Date.now()));
  writeJson(STORAGE_KEYS.userInfo, answer.user);
  writeJson(STORAGE_KEYS.lastAccountName, {
    email: answer.user.email,
    type: answer.user.entityType,
  });
  sessionStore.set({ token: answer.token, user: answer.user });
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
 * is the code with which the server ended the session, if it did.
 */
export function clearSession(opts: { reason?: string } = {}): void {
  const { user } = sessionStore.get();
  if (opts.reason) writeStorage(LOGOUT_REASON_KEY, opts.reason);
  if (user) writeJson(STORAGE_KEYS.lastUserInfo, user);
  for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.refreshToken, STORAGE_KEYS.userInfo]) {
    writeStorage(key, null);
  }
  removeCookie(CSRF_COOKIE);
  removeCookie(COOKIES.token);
  sessionStore.set({ token: null, user: null });
}

export const useSession = () => useStore(sessionStore);
export const useIsLoggedIn = () => useSession().token !== null || readCookie(CSRF_COOKIE) !== null;
