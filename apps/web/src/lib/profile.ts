import { USER_ENDPOINTS, userInfo } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { setUser, useIsLoggedIn } from './session';

/** The signed-in user's profile: shared by the header, the session bootstrap and the KYC rules. */
export const profileKeys = { all: ['profile'] as const };

export async function fetchProfile(client: ApiClient, signal?: AbortSignal) {
  const user = await call(client, USER_ENDPOINTS.profile, userInfo, {
    silent: true,
    ...(signal ? { signal } : {}),
  });
  // A request cancelled for being asked in an old mode must not store its answer.
  if (!signal?.aborted) setUser(user);
  return user;
}

export const profileQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: profileKeys.all,
    queryFn: ({ signal }) => fetchProfile(client, signal),
  });

export function useProfile() {
  const client = useApiClient();
  const loggedIn = useIsLoggedIn();
  return useQuery({ ...profileQueryOptions(client), enabled: loggedIn });
}
