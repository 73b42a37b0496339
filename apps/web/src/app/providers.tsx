import { CSRF_COOKIE } from '@exchange/contracts';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { analytics } from '../lib/analytics';
import { blockedCode } from '../lib/blocklist';
import { errorText } from '../lib/error-text';
import { clearSession, sessionStore } from '../lib/session';
import { effectiveRuntimeMode, settingsStore } from '../lib/settings';
import { SocketClient, socketUrl } from '../lib/socket/socket-client';
import { SocketProvider } from '../lib/socket/socket-context';
import { readCookie } from '../lib/storage';
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
    token: () => sessionStore.get().token,
    csrfToken: () => readCookie(CSRF_COOKIE),
    onForceLogout: (error) => clearSession({ reason: error.code }),
    onError: (error) => showToast(errorText(error, i18n.t)),
    blocked: blockedCode,
  });
}

function createAppSocket(): SocketClient | null {
  if (typeof window === 'undefined' || typeof window.WebSocket !== 'function') return null;
  return new SocketClient({
    url: socketUrl(window.location),
    loginArgs: () => {
      const { token } = sessionStore.get();
      return token ? { token, runtimeMode: settingsStore.get().runtimeMode } : null;
    },
    onSessionEnded: (code) => clearSession({ reason: code }),
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
}

export function AppProviders({ children, queryClient, apiClient, socket }: AppProvidersProps) {
  const [defaultQueryClient] = useState(createQueryClient);
  const [defaultApiClient] = useState(() => createAppApiClient());
  const [defaultSocket] = useState(() => (socket === undefined ? createAppSocket() : null));
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
