import { oauthLinkAnswer, oauthStartResponse, type OAuthProvider } from '@exchange/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';

export const oauthStartPath = (provider: OAuthProvider) =>
  `/v1/auth/public/oauth/${provider}/start`;
export const OAUTH_LINK_PATH = '/v1/auth/public/oauth/link';

export const fetchOAuthStart = (
  client: ApiClient,
  provider: OAuthProvider,
  redirectPath: string,
  signal?: AbortSignal,
) =>
  client.get(oauthStartPath(provider), oauthStartResponse, {
    query: { redirectPath },
    // Not configured (2017) or not deployed: the button hides itself, no toast.
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const oauthStartQueryOptions = (
  client: ApiClient,
  provider: OAuthProvider,
  redirectPath: string,
) =>
  queryOptions({
    queryKey: ['oauth-start', provider, redirectPath] as const,
    queryFn: ({ signal }) => fetchOAuthStart(client, provider, redirectPath, signal),
    staleTime: 0,
  });

export const useOAuthStart = (provider: OAuthProvider, redirectPath: string) =>
  useQuery(oauthStartQueryOptions(useApiClient(), provider, redirectPath));

export const linkOAuth = (client: ApiClient, input: { linkToken: string; password: string }) =>
  client.request(OAUTH_LINK_PATH, oauthLinkAnswer, { method: 'POST', body: input });

export function useLinkOAuth() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { linkToken: string; password: string }) => linkOAuth(client, input),
  });
}
