import { REFRESH_PATH } from '@exchange/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { analytics } from '../lib/analytics';
import { blockedCode } from '../lib/blocklist';
import { errorText } from '../lib/error-text';
import { clearSession, csrfCookie, isLoggedIn, refreshAcrossTabs } from '../lib/session';
import { effectiveRuntimeMode, settingsStore } from '../lib/settings';
import { SocketClient, socketUrl } from '../lib/socket/socket-client';
import { SocketProvider } from '../lib/socket/socket-context';
import { showToast } from '../lib/toast';
import { i18n } from './i18n';
import { createQueryClient } from './query-client';
import { SessionEffects } from './session-effects';
import { SocketBridge } from './socket-bridge';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app makes one each. */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
  /** null: no live socket (tests); undefined: the app's own. */
  socket?: SocketClient | null;
}

/** The one API client: headers, toasts and forced logout for every request. */
export function createAppApiClient(fetchImpl?: typeof fetch): ApiClient {
  return createApiClient({
    ...(fetchImpl ? { fetch: fetchImpl } : {}),
    language: () => i18n.language,
    runtimeMode: effectiveRuntimeMode,
    // No bearer token: the session travels in its HttpOnly cookies, refreshed through the
    // refresh cookie when the access token has expired.
    csrfToken: csrfCookie,
    refreshPath: REFRESH_PATH,
    serializeRefresh: refreshAcrossTabs,
    onForceLogout: (error) => clearSession({ reason: error.code }),
    onError: (error) => showToast(errorText(error, i18n.t)),
    blocked: blockedCode,
  });
}

function createAppSocket(api: ApiClient): SocketClient | null {
  if (typeof window === 'undefined' || typeof window.WebSocket !== 'function') return null;
  const socket: SocketClient = new SocketClient({
    url: socketUrl(window.location),
    // The upgrade request carried the session cookie: the login names only the mode.
    loginArgs: () => (isLoggedIn() ? { runtimeMode: settingsStore.get().runtimeMode } : null),
    // 401 may only mean that the access token expired: a refresh keeps the session, and the
    // socket connects again with the new cookie. 4003, or a refresh refused, logs out.
    onSessionEnded: (code) => {
      if (code !== '401') {
        clearSession({ reason: code });
        return;
      }
      void api.refreshSession().then((refreshed) => {
        if (refreshed) socket.reconnect();
        else clearSession({ reason: code });
      });
    },
    onInvalidPush: (channel, problem) => {
      // eslint-disable-next-line no-console -- a contract mismatch is for the developer's console too
      console.warn(`socket push on ${channel} does not match the contract: ${problem}`);
      analytics.track({
        category: 'error',
        action: 'invalid_push',
        label: `${channel} ${problem}`.slice(0, 256),
        nonInteraction: true,
      });
    },
  });
  return socket;
}

export function AppProviders({ children, queryClient, apiClient, socket }: AppProvidersProps) {
  const [defaultQueryClient] = useState(createQueryClient);
  const [defaultApiClient] = useState(() => createAppApiClient());
  const [defaultSocket] = useState(() =>
    socket === undefined ? createAppSocket(apiClient ?? defaultApiClient) : null,
  );
  const liveSocket = socket === undefined ? defaultSocket : socket;
  const client = queryClient ?? defaultQueryClient;
  return (
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={apiClient ?? defaultApiClient}>
        <QueryClientProvider client={client}>
          <SocketProvider client={liveSocket}>
            <SessionEffects queryClient={client} socket={liveSocket} />
            <SocketBridge />
            {children}
          </SocketProvider>
        </QueryClientProvider>
      </ApiClientProvider>
    </I18nextProvider>
  );
}
