import { useMutation, useQueryClient } from '@tanstack/react-query';
import { KYC_ENDPOINTS, userInfo } from '@exchange/contracts';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { fetchProfile, profileKeys } from '../../../lib/profile';

export const selectAccountType = (client: ApiClient, isKyc: boolean) =>
  call(client, KYC_ENDPOINTS.selectIndividual, userInfo, { query: { isKyc }, silent: true });

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
