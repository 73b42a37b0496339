import { asset, tradingSymbol, type RuntimeMode } from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { ApiClient } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { buildMarketRows, type MarketRow } from './market-rows';

export const SYMBOLS_PATH = '/v1/common/public/configs/symbols';
export const ASSETS_PATH = '/v1/common/public/configs/assets';

const symbolList = tradingSymbol.array();
const assetList = asset.array();

/** Catalogues change only when an operator edits them. */
const CATALOGUE_STALE_TIME_MS = 60_000;

export const marketsKeys = {
  all: ['markets'] as const,
  symbols: (mode: RuntimeMode) => [...marketsKeys.all, 'symbols', mode] as const,
  assets: () => [...marketsKeys.all, 'assets'] as const,
};

export const fetchSymbols = (client: ApiClient, signal?: AbortSignal) =>
  client.get(SYMBOLS_PATH, symbolList, signal ? { signal } : {});

export const fetchAssets = (client: ApiClient, signal?: AbortSignal) =>
  client.get(ASSETS_PATH, assetList, signal ? { signal } : {});

export const symbolsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: marketsKeys.symbols(client.runtimeMode()),
    queryFn: ({ signal }) => fetchSymbols(client, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });

export const assetsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: marketsKeys.assets(),
    queryFn: ({ signal }) => fetchAssets(client, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });

export const useSymbols = () => useQuery(symbolsQueryOptions(useApiClient()));
export const useAssets = () => useQuery(assetsQueryOptions(useApiClient()));

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
