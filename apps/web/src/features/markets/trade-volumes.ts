import { MARKET_DATA_ENDPOINTS, volumeStats, type VolumeStats } from '@exchange/contracts';
import { queryOptions, useQueries } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { ApiClient } from '../../lib/api-client';
import { useApiClient } from '../../lib/api-context';
import { call } from '../../lib/endpoint';
import { useSocket } from '../../lib/socket/socket-context';

/** A symbol's traded volumes (24 h, 7 d, 30 d) over REST: the figures before the first push. */
export const tradeVolumeQueryOptions = (client: ApiClient, symbol: string) =>
  queryOptions({
    queryKey: ['tradeVolume', client.runtimeMode(), symbol] as const,
    queryFn: ({ signal }) =>
      call(client, MARKET_DATA_ENDPOINTS.stats, volumeStats, {
        silent: true,
        signal,
        query: { symbol },
      }),
    staleTime: 30_000,
  });

/**
 * Traded volumes per symbol: the REST figures, then the gateway's `statsTradeVolume` pushes
 * (one subscription per symbol, scoped by `args.symbol` like the ticker).
 */
export function useTradeVolumes(codes: readonly string[]): Readonly<Record<string, VolumeStats>> {
  const client = useApiClient();
  const socket = useSocket();
  const key = codes.join(',');
  const snapshots = useQueries({
    queries: codes.map((symbol) => tradeVolumeQueryOptions(client, symbol)),
  });
  const [pushed, setPushed] = useState<Record<string, VolumeStats>>({});

  useEffect(() => {
    if (!socket || !key) return undefined;
    const offs = key
      .split(',')
      .map((symbol) =>
        socket.subscribe(
          'statsTradeVolume',
          (data) => setPushed((prev) => ({ ...prev, [data.symbol]: data })),
          { symbol },
        ),
      );
    return () => offs.forEach((off) => off());
  }, [socket, key]);

  const fetched = snapshots.map((s) => s.data);
  const fetchedKey = fetched.map((d) => d?.quoteVolume24h ?? '').join(',');
  // `fetched` is a new array every render; its figures only change with its key.
  return useMemo(() => {
    const out: Record<string, VolumeStats> = {};
    for (const d of fetched) if (d) out[d.symbol] = d;
    return { ...out, ...pushed };
  }, [fetchedKey, pushed]);
}
