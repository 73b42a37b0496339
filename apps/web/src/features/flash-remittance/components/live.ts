import { useQueryClient } from '@tanstack/react-query';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { flashKeys } from '../api/flash';

/** Live states over the socket: a remittance's new state on `flashRemittance`, balances moving. */
export function useFlashLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: flashKeys.all });
  useSocketChannel('flashRemittance', refresh);
  useSocketChannel('refreshAsset', refresh);
}
