import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createApiClient, type ApiClient } from '../lib/api-client';
import { ApiClientProvider } from '../lib/api-context';
import { i18n } from './i18n';
import { createQueryClient } from './query-client';

export interface AppProvidersProps {
  children: ReactNode;
  /** Tests pass their own; the app makes one each. */
  queryClient?: QueryClient;
  apiClient?: ApiClient;
}

export function AppProviders({ children, queryClient, apiClient }: AppProvidersProps) {
  const [defaultQueryClient] = useState(createQueryClient);
  const [defaultApiClient] = useState(() => createApiClient({ language: () => i18n.language }));
  return (
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={apiClient ?? defaultApiClient}>
        <QueryClientProvider client={queryClient ?? defaultQueryClient}>
          {children}
        </QueryClientProvider>
      </ApiClientProvider>
    </I18nextProvider>
  );
}
