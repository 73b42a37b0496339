import {
  AUTH_ENDPOINTS,
  fillPath,
  oauthLinkAnswer,
  oauthStartResponse,
  type OAuthProvider,
} from '@exchange/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';

export const oauthStartPath = (provider: OAuthProvider) =>
  fillPath(AUTH_ENDPOINTS.oauthStart.path, { provider });
export const OAUTH_LINK_PATH = AUTH_ENDPOINTS.oauthLink.path;

export const fetchOAuthStart = (
  client: ApiClient,
  provider: OAuthProvider,
  redirectPath: string,
  signal?: AbortSignal,
) =>
  call(client, AUTH_ENDPOINTS.oauthStart, oauthStartResponse, {
    params: { provider },
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
  call(client, AUTH_ENDPOINTS.oauthLink, oauthLinkAnswer, { body: input });

export function useLinkOAuth() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: { linkToken: string; password: string }) => linkOAuth(client, input),
  });
}
