import { useQueryClient } from '@tanstack/react-query';
import { usePrivateUpdates } from '../../../lib/private-updates';
import { useSocketChannel } from '../../../lib/socket/socket-context';
import { rapidKeys } from '../api/rapid-buy';

/**
 * Live states over the socket: a purchase's new state on `rapidBuy` (placed, then its order's
 * end), balances on `refreshAsset`, and the book's trades move the quote.
 */
export function useRapidBuyLive(): void {
  usePrivateUpdates();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: rapidKeys.all });
  useSocketChannel('rapidBuy', refresh);
  useSocketChannel('refreshAsset', refresh);
}
