import { useQueryClient } from '@tanstack/react-query';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { fxKeys } from '../api/foreign-exchange';

/**
 * Live states over the socket: an exchange's new state on `foreignExchange` (written straight
 * into its query, the lists read again), a balance change on `refreshAsset`.
 */
export function useFxLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  useSocketChannel('foreignExchange', (fx) => {
    queryClient.setQueryData(fxKeys.exchange(fx.id), fx);
    void queryClient.invalidateQueries({ queryKey: [...fxKeys.all, 'history'] });
    void queryClient.invalidateQueries({ queryKey: fxKeys.currencies() });
  });
  useSocketChannel('refreshAsset', () => {
    void queryClient.invalidateQueries({ queryKey: fxKeys.currencies() });
  });
}
