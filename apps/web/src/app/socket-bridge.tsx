import type { Asset, TradingSymbol } from '@exchange/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { catalogueKeys, mergeByCode } from '../lib/catalogue';
import { useSocketChannel } from '../lib/socket/socket-context';

/** Catalogue system events from the socket, merged into the catalogue queries of every mode. */
export function SocketBridge() {
  const queryClient = useQueryClient();
  useSocketChannel('updateAssetItem', (data) => {
    for (const update of Array.isArray(data) ? data : [data]) {
      queryClient.setQueriesData<Asset[]>({ queryKey: catalogueKeys.assets() }, (list) =>
        mergeByCode(list, update),
      );
    }
  });
  useSocketChannel('updateSymbolItem', (data) => {
    for (const update of Array.isArray(data) ? data : [data]) {
      queryClient.setQueriesData<TradingSymbol[]>(
        { queryKey: [...catalogueKeys.all, 'symbols'] },
        (list) => mergeByCode(list, update),
      );
    }
  });
  return null;
}
