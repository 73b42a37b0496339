import { useQueryClient } from '@tanstack/react-query';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { cryptoKeys } from '../api/crypto';

/**
 * Live states over the socket: a deposit's new state or confirmation count arrives on
 * `cryptoDeposit`, a withdrawal's on `withdrawal`, a balance change on `refreshAsset`. Each reads
 * the lists again; the balances follow through the private updates. While a row is still moving
 * the lists also poll, so a page without a socket still moves on.
 */
export function useCryptoLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: cryptoKeys.all });
  useSocketChannel('cryptoDeposit', refresh);
  useSocketChannel('withdrawal', refresh);
  useSocketChannel('refreshAsset', refresh);
}
