import { useQueryClient } from '@tanstack/react-query';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { fiatOutKeys } from '../api/fiat-withdrawal';

/**
 * Live states over the socket: a withdrawal's new state on `fiatWithdrawal`, a whitelist change
 * on `bankAccount` (a deposit verifying an account), a balance change on `refreshAsset`.
 */
export function useFiatOutLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: fiatOutKeys.all });
  useSocketChannel('fiatWithdrawal', refresh);
  useSocketChannel('bankCard', refresh);
  useSocketChannel('refreshAsset', refresh);
}
