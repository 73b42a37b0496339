import { useQueryClient } from '@tanstack/react-query';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { fiatKeys } from '../api/fiat';

/**
 * Live states over the socket: a fiat deposit's new state arrives on `fiatDeposit`, a balance
 * change on `refreshAsset`; each reads the fiat lists again. (Fiat withdrawals push on their own
 * `fiatWithdrawal` channel, which the history also follows once that channel exists.)
 */
export function useFiatLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: fiatKeys.all });
  useSocketChannel('fiatDeposit', refresh);
  useSocketChannel('fiatWithdrawal', refresh);
  useSocketChannel('refreshAsset', refresh);
}
