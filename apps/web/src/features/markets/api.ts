import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useApiClient } from '../../lib/api-context';
import { assetsQueryOptions, symbolsQueryOptions } from '../../lib/catalogue';
import { buildMarketRows, type MarketRow } from './market-rows';

export { ASSETS_PATH, SYMBOLS_PATH } from '../../lib/catalogue';

export type MarketRowsState =
  | { status: 'pending' }
  | { status: 'error'; error: Error; retry: () => void }
  | { status: 'success'; rows: MarketRow[] };

/** Symbols joined with their assets, as one loading / error / success state. */
export function useMarketRows(): MarketRowsState {
  const client = useApiClient();
  const symbols = useQuery(symbolsQueryOptions(client));
  const assets = useQuery(assetsQueryOptions(client));
  const mode = client.runtimeMode();

  const rows = useMemo(
    () =>
      symbols.data && assets.data ? buildMarketRows(symbols.data, assets.data, mode) : undefined,
    [symbols.data, assets.data, mode],
  );

  const error = symbols.error ?? assets.error;
  if (error) {
    return {
      status: 'error',
      error,
      retry: () => {
        if (symbols.isError) void symbols.refetch();
        if (assets.isError) void assets.refetch();
      },
    };
  }
  return rows ? { status: 'success', rows } : { status: 'pending' };
}
