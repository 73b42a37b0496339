import {
  FLASH_REMITTANCE_ENDPOINTS,
  flashCurrencies,
  flashRemittance,
  flashWhitelistEntry,
  page,
  type FlashRemittance,
  type FlashRemittanceRequest,
  type FlashWhitelistRequest,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { anything, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call, send } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { balancesKey } from '../../../lib/wallet-balances';

/** The flash whitelist and flash remittances (FLASH_REMITTANCE_ENDPOINTS), Real mode only. */
export const flashKeys = {
  all: ['flash-remittance'] as const,
  whitelist: () => [...flashKeys.all, 'whitelist'] as const,
  currencies: () => [...flashKeys.all, 'currencies'] as const,
  list: (filters: FlashFilters) => [...flashKeys.all, 'list', filters] as const,
  one: (id: string) => [...flashKeys.all, 'one', id] as const,
};

export interface FlashFilters {
  side: 'SENT' | 'RECEIVED';
  status?: string | undefined;
  currency?: string | undefined;
  startTime?: number | undefined;
  endTime?: number | undefined;
  pageNum: number;
  pageSize?: number;
}

export const HISTORY_PAGE_SIZE = 10;

const entries = flashWhitelistEntry.array();
const remittancePage = page(flashRemittance);
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function useFlashWhitelist() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: flashKeys.whitelist(),
    queryFn: ({ signal }) =>
      call(client, FLASH_REMITTANCE_ENDPOINTS.whitelist, entries, signalOf(signal)),
    enabled: token !== null,
  });
}

export function useFlashCurrencies() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: flashKeys.currencies(),
    queryFn: ({ signal }) =>
      call(client, FLASH_REMITTANCE_ENDPOINTS.currencies, flashCurrencies, signalOf(signal)),
    enabled: token !== null,
  });
}

/** Everything a remittance changes: the lists, the currencies and the Real balances. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: flashKeys.all });
    void queryClient.invalidateQueries({ queryKey: balancesKey(0) });
  };
}

export function useAddFlashRecipient() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: FlashWhitelistRequest) =>
      send(client, FLASH_REMITTANCE_ENDPOINTS.addWhitelist, flashWhitelistEntry, input),
    onSuccess: refresh,
  });
}

export function useRemoveFlashRecipient() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; googleCode: string; emailCode: string }) =>
      send(
        client,
        FLASH_REMITTANCE_ENDPOINTS.whitelistDelete,
        anything,
        { googleCode: input.googleCode, emailCode: input.emailCode },
        { id: input.id },
      ),
    onSuccess: refresh,
  });
}

export function useInitiateFlash() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: FlashRemittanceRequest) =>
      send(client, FLASH_REMITTANCE_ENDPOINTS.remit, flashRemittance, input),
    onSuccess: refresh,
  });
}

/** Cancel (the sender), agree or reject (the recipient). */
export function useFlashDecision() {
  const client = useApiClient();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: { id: string; action: 'cancel' | 'agree' | 'reject'; reason?: string }) =>
      send(
        client,
        FLASH_REMITTANCE_ENDPOINTS[input.action],
        flashRemittance,
        input.action === 'reject' ? (input.reason ? { reason: input.reason } : {}) : undefined,
        { id: input.id },
      ),
    onSettled: refresh,
  });
}

export function useFlashRemittance(id: string) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: flashKeys.one(id),
    queryFn: ({ signal }) =>
      call(client, FLASH_REMITTANCE_ENDPOINTS.remittance, flashRemittance, {
        params: { id },
        ...signalOf(signal),
      }),
    enabled: token !== null,
    retry: false,
  });
}

const queryOf = (f: FlashFilters) => ({
  side: f.side,
  pageNum: f.pageNum,
  pageSize: f.pageSize ?? HISTORY_PAGE_SIZE,
  ...(f.status ? { status: f.status } : {}),
  ...(f.currency ? { currency: f.currency } : {}),
  ...(f.startTime !== undefined ? { startTime: f.startTime } : {}),
  ...(f.endTime !== undefined ? { endTime: f.endTime } : {}),
});

export function useFlashHistory(filters: FlashFilters) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: flashKeys.list(filters),
    queryFn: ({ signal }) =>
      call(client, FLASH_REMITTANCE_ENDPOINTS.remittances, remittancePage, {
        query: queryOf(filters),
        ...signalOf(signal),
      }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every remittance of the filters (up to 1,000), for the CSV export. */
export async function fetchAllFlash(
  client: ApiClient,
  filters: Omit<FlashFilters, 'pageNum'>,
): Promise<FlashRemittance[]> {
  const all: FlashRemittance[] = [];
  for (let pageNum = 1; pageNum <= 10; pageNum += 1) {
    const got = await call(client, FLASH_REMITTANCE_ENDPOINTS.remittances, remittancePage, {
      query: queryOf({ ...filters, pageNum, pageSize: 100 }),
    });
    all.push(...got.result);
    if (got.result.length < 100) break;
  }
  return all;
}
