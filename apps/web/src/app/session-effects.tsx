import { STORAGE_KEYS } from '@exchange/contracts';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useApiClient } from '../lib/api-context';
import { ApiError } from '../lib/api-client';
import { loadBlocklist } from '../lib/blocklist';
import { profileKeys, profileQueryOptions } from '../lib/profile';
import {
  clearSession,
  hasToken,
  isLoggedIn,
  loadSession,
  sessionStore,
  setUser,
  startSession,
} from '../lib/session';
import { applyTheme, effectiveRuntimeMode, loadSettings, settingsStore } from '../lib/settings';
import type { SocketClient } from '../lib/socket/socket-client';

/**
 * Keeps the session, the settings and their side effects in step:
 * - startup: with a session the profile is fetched (user info cleared when it fails), without one
 *   a silent logout runs;
 * - a new mode or a new session invalidates every cached query and reconnects the socket;
 * - changes made in other tabs (storage events) are picked up.
 */
export function SessionEffects({
  queryClient,
  socket,
}: {
  queryClient?: QueryClient;
  socket: SocketClient | null;
}) {
  const contextClient = useQueryClient();
  const queries = queryClient ?? contextClient;
  const api = useApiClient();

  useEffect(() => {
    // Without a block list nothing is denied: a failure here must not stop the app.
    loadBlocklist(api).catch(() => undefined);
  }, [api]);

  useEffect(() => {
    if (!isLoggedIn()) {
      clearSession();
      return;
    }
    // A sign-in through Google or Apple lands with only the session cookies: the profile they
    // answer starts the session here, as a login's answer does. Only that landing does, and only
    // while this app is mounted: a late answer must not start a session that has ended since.
    const cookiesOnly = !hasToken();
    let mounted = true;
    queries
      .fetchQuery(profileQueryOptions(api))
      .then((user) => {
        if (mounted && cookiesOnly && !hasToken() && isLoggedIn()) startSession({ user });
      })
      .catch((err: unknown) => {
        if (mounted && err instanceof ApiError) setUser(null);
      });
    return () => {
      mounted = false;
    };
  }, [queries, api]);

  useEffect(() => {
    applyTheme(settingsStore.get().theme);
    let mode = effectiveRuntimeMode();
    let token = sessionStore.get().token;
    const onChange = () => {
      applyTheme(settingsStore.get().theme);
      const nextMode = effectiveRuntimeMode();
      const nextToken = sessionStore.get().token;
      if (nextMode === mode && nextToken === token) return;
      const loggedOut = token !== null && nextToken === null;
      mode = nextMode;
      token = nextToken;
      if (loggedOut) queries.removeQueries({ queryKey: profileKeys.all });
      void queries.invalidateQueries();
      // The permission list depends on the mode (Demo and Trial may always trade): the header's
      // Spot Trade label reads the stored user, so fetch it again even if nothing shows it.
      // A fetch still under way was asked in the old mode (the startup's, say, when the mode is
      // switched at once): fetchQuery would join it and keep the old mode's permissions, so it is
      // cancelled first.
      if (!loggedOut && isLoggedIn()) {
        void queries
          .cancelQueries({ queryKey: profileKeys.all })
          .then(() => queries.fetchQuery(profileQueryOptions(api)))
          .catch(() => undefined);
      }
      socket?.reconnect();
    };
    const offSettings = settingsStore.subscribe(onChange);
    const offSession = sessionStore.subscribe(onChange);
    const onStorage = (e: StorageEvent) => {
      if (e.key === STORAGE_KEYS.settings || e.key === null) settingsStore.set(loadSettings());
      if (e.key === STORAGE_KEYS.token || e.key === STORAGE_KEYS.userInfo || e.key === null)
        sessionStore.set(loadSession());
    };
    window.addEventListener('storage', onStorage);
    return () => {
      offSettings();
      offSession();
      window.removeEventListener('storage', onStorage);
    };
  }, [queries, socket, api]);

  useEffect(() => {
    socket?.start();
    return () => socket?.stop();
  }, [socket]);

  return null;
}
