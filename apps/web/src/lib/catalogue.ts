import {
  CATALOGUE_ENDPOINTS,
  asset,
  publicConfig,
  tradingSymbol,
  type RuntimeMode,
} from '@exchange/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from './api-client';
import { useApiClient } from './api-context';
import { call } from './endpoint';
import { useRuntimeMode } from './settings';

/**
 * The asset and symbol catalogues: loaded by query, then kept current by the socket's
 * updateAssetItem / updateSymbolItem events (merged by code into these queries' data).
 */
export const SYMBOLS_PATH = CATALOGUE_ENDPOINTS.symbols.path;
export const ASSETS_PATH = CATALOGUE_ENDPOINTS.assets.path;

const symbolList = tradingSymbol.array();
const assetList = asset.array();

/** Catalogues change only when an operator edits them, and then the socket says so. */
const CATALOGUE_STALE_TIME_MS = 60_000;

export const catalogueKeys = {
  all: ['catalogue'] as const,
  symbols: (mode: RuntimeMode) => [...catalogueKeys.all, 'symbols', mode] as const,
  assets: () => [...catalogueKeys.all, 'assets'] as const,
  config: () => [...catalogueKeys.all, 'config'] as const,
};

export const fetchSymbols = (client: ApiClient, signal?: AbortSignal) =>
  call(client, CATALOGUE_ENDPOINTS.symbols, symbolList, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const fetchAssets = (client: ApiClient, signal?: AbortSignal) =>
  call(client, CATALOGUE_ENDPOINTS.assets, assetList, {
    silent: true,
    ...(signal ? { signal } : {}),
  });

export const symbolsQueryOptions = (client: ApiClient, mode: RuntimeMode = client.runtimeMode()) =>
  queryOptions({
    queryKey: catalogueKeys.symbols(mode),
    queryFn: ({ signal }) => fetchSymbols(client, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });

export const assetsQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogueKeys.assets(),
    queryFn: ({ signal }) => fetchAssets(client, signal),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });

export const publicConfigQueryOptions = (client: ApiClient) =>
  queryOptions({
    queryKey: catalogueKeys.config(),
    queryFn: ({ signal }) =>
      call(client, CATALOGUE_ENDPOINTS.configs, publicConfig, {
        silent: true,
        ...(signal ? { signal } : {}),
      }),
    staleTime: CATALOGUE_STALE_TIME_MS,
  });

/**
 * The symbols of the mode the page shows: the component follows a mode switch (the socket's
 * updateSymbolItem merges into this mode's list, and a component left on the other mode's list
 * would miss an operator's maintenance).
 */
export const useSymbols = () => useQuery(symbolsQueryOptions(useApiClient(), useRuntimeMode()));
export const useAssets = () => useQuery(assetsQueryOptions(useApiClient()));
/** The exchange's public settings (`mainFiat`: the currency valuations are shown in). */
export const usePublicConfig = () => useQuery(publicConfigQueryOptions(useApiClient()));

/** Replaces the item with the same code, or appends a new one; other items keep their identity. */
export function mergeByCode<T extends { code: string }>(
  list: readonly T[] | undefined,
  update: T,
): T[] | undefined {
  if (!list) return list;
  const index = list.findIndex((item) => item.code === update.code);
  if (index === -1) return [...list, update];
  const next = [...list];
  next[index] = { ...list[index], ...update };
  return next;
}

/**
 * The spec's merge of a catalogue push: an item still available in the mode replaces the one with
 * its code (or is appended), an item no longer available leaves the list.
 */
export function mergeAvailable<T extends { code: string }>(
  list: readonly T[] | undefined,
  update: T,
  available: boolean,
): T[] | undefined {
  if (!list) return list;
  return available ? mergeByCode(list, update) : list.filter((item) => item.code !== update.code);
}
