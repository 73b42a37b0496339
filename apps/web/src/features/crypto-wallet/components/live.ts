import { useQueryClient } from '@tanstack/react-query';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { usePrivateUpdates } from '../../trade/hooks';
import { cryptoKeys } from '../api/crypto';

/**
 * Live states over the socket: a withdrawal's new state arrives on `withdrawal`; a deposit's
 * credit (and any balance change) on `refreshAsset`. Either reads the lists again; the balances
 * follow through the private updates. While a row is still moving the lists also poll.
 */
export function useCryptoLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cryptoKeys.all });
  useSocketChannel('withdrawal', refresh);
  useSocketChannel('refreshAsset', refresh);
}
