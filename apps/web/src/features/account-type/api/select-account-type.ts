import { useMutation, useQueryClient } from '@tanstack/react-query';
import { userInfo } from '@exchange/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { fetchProfile, profileKeys } from '../../../lib/profile';

export const SELECT_ACCOUNT_TYPE_PATH = '/v1/kyc/individual/select';

export const selectAccountType = (client: ApiClient, isKyc: boolean) =>
  client.get(SELECT_ACCOUNT_TYPE_PATH, userInfo, { query: { isKyc }, silent: true });

/** Records the choice, then refreshes the profile so the modal's condition re-evaluates. */
export function useSelectAccountType() {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (isKyc: boolean) => {
      await selectAccountType(client, isKyc);
      const user = await fetchProfile(client);
      queryClient.setQueryData(profileKeys.all, user);
      return user;
    },
  });
}
