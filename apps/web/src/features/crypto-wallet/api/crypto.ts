import {
  CRYPTO_WALLET_ENDPOINTS,
  WITHDRAWAL_ENDPOINTS,
  cryptoDeposit,
  depositAddress,
  internalTransfer,
  page,
  whitelistAddress,
  whitelistSettings,
  whitelistUid,
  withdrawal,
  withdrawalPreview,
  type InternalTransferRequest,
  type Page,
  type WhitelistAddressRequest,
  type WhitelistSettingsRequest,
  type WhitelistUidRequest,
  type WithdrawalPreviewRequest,
  type WithdrawalRequest,
} from '@exchange/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { anything, type ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call, send } from '../../../lib/endpoint';
import { cryptoWalletKey, networksQuery } from '../../../lib/crypto-networks';
import { useSession } from '../../../lib/session';
import { balancesKey } from '../../../lib/wallet-balances';

/**
 * The crypto wallet's calls: networks, deposit address and deposits (CRYPTO_WALLET_ENDPOINTS),
 * withdrawals, internal transfers and the whitelists (WITHDRAWAL_ENDPOINTS). Real mode only: the pages
 * offer them in Real and the gateway refuses the other modes.
 */
export const cryptoKeys = {
  all: cryptoWalletKey,
  address: (asset: string, network: string) =>
    [...cryptoKeys.all, 'address', asset, network] as const,
  deposits: (pageNum: number) => [...cryptoKeys.all, 'deposits', pageNum] as const,
  withdrawals: (pageNum: number) => [...cryptoKeys.all, 'withdrawals', pageNum] as const,
  transfers: (pageNum: number) => [...cryptoKeys.all, 'transfers', pageNum] as const,
  whitelist: () => [...cryptoKeys.all, 'whitelist'] as const,
  addresses: () => [...cryptoKeys.whitelist(), 'addresses'] as const,
  uids: () => [...cryptoKeys.whitelist(), 'uids'] as const,
  settings: () => [...cryptoKeys.whitelist(), 'settings'] as const,
};

export const HISTORY_PAGE_SIZE = 10;
/** While something is still moving, the lists are read again this often (the socket is faster). */
export const LIVE_REFETCH_MS = 5_000;

const depositPage = page(cryptoDeposit);
const withdrawalPage = page(withdrawal);
const transferPage = page(internalTransfer);
const addressList = whitelistAddress.array();
const uidList = whitelistUid.array();

const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export const useNetworks = () => useQuery(networksQuery(useApiClient()));

export function useDepositAddress(asset: string | null, network: string | null, enabled = true) {
  const client = useApiClient();
  return useQuery({
    queryKey: cryptoKeys.address(asset ?? '', network ?? ''),
    queryFn: ({ signal }) =>
      call(client, CRYPTO_WALLET_ENDPOINTS.depositAddress, depositAddress, {
        query: { asset, network },
        ...signalOf(signal),
      }),
    enabled: enabled && asset !== null && network !== null,
    staleTime: Infinity,
  });
}

/** A list that refreshes itself while any of its rows is still moving. */
function useLiveList<T>(
  key: readonly unknown[],
  fetcher: (signal?: AbortSignal) => Promise<Page<T>>,
  moving: (row: T) => boolean,
) {
  const { token } = useSession();
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetcher(signal),
    enabled: token !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.result ?? []).some(moving) ? LIVE_REFETCH_MS : false),
  });
}

const DEPOSIT_FINAL = new Set(['AVAILABLE', 'DROPPED', 'BELOW_MINIMUM']);
const WITHDRAWAL_DONE = new Set(['COMPLETED', 'REFUSED', 'FAILED', 'CANCELLED']);

export function useDeposits(pageNum: number) {
  const client = useApiClient();
  return useLiveList(
    cryptoKeys.deposits(pageNum),
    (signal) =>
      call(client, CRYPTO_WALLET_ENDPOINTS.deposits, depositPage, {
        query: { pageNum, pageSize: HISTORY_PAGE_SIZE },
        ...signalOf(signal),
      }),
    (d) => !DEPOSIT_FINAL.has(d.state),
  );
}

export function useWithdrawals(pageNum: number) {
  const client = useApiClient();
  return useLiveList(
    cryptoKeys.withdrawals(pageNum),
    (signal) =>
      call(client, WITHDRAWAL_ENDPOINTS.withdrawals, withdrawalPage, {
        query: { pageNum, pageSize: HISTORY_PAGE_SIZE },
        ...signalOf(signal),
      }),
    (w) => !WITHDRAWAL_DONE.has(w.status),
  );
}

export function useTransfers(pageNum: number) {
  const client = useApiClient();
  return useLiveList(
    cryptoKeys.transfers(pageNum),
    (signal) =>
      call(client, WITHDRAWAL_ENDPOINTS.internalTransfers, transferPage, {
        query: { pageNum, pageSize: HISTORY_PAGE_SIZE },
        ...signalOf(signal),
      }),
    () => false,
  );
}

/** Everything a money movement changes: the lists and the balances of Real mode. */
function useRefreshAfterMove() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: cryptoKeys.all });
    void queryClient.invalidateQueries({ queryKey: balancesKey(0) });
  };
}

export function useRetryDeposit() {
  const client = useApiClient();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (id: string) =>
      send(client, CRYPTO_WALLET_ENDPOINTS.depositRetry, anything, {}, { id }),
    onSettled: refresh,
  });
}

export function useWithdrawalPreview() {
  const client = useApiClient();
  return useMutation({
    mutationFn: (input: WithdrawalPreviewRequest) =>
      send(client, WITHDRAWAL_ENDPOINTS.withdrawalPreview, withdrawalPreview, input),
  });
}

/** The preview of an asset and network with a nominal amount: the fee terms and the balances. */
export function usePreviewTerms(asset: string | null, network: string | null, amount: string) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: [...cryptoKeys.all, 'preview', asset, network, amount],
    queryFn: ({ signal }) =>
      call(client, WITHDRAWAL_ENDPOINTS.withdrawalPreview, withdrawalPreview, {
        body: { asset, network, amount },
        silent: true,
        ...signalOf(signal),
      }),
    enabled: token !== null && asset !== null && network !== null,
    placeholderData: keepPreviousData,
  });
}

export function useWithdraw() {
  const client = useApiClient();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (input: WithdrawalRequest) =>
      send(client, WITHDRAWAL_ENDPOINTS.withdraw, withdrawal, input),
    onSuccess: refresh,
  });
}

export function useCancelWithdrawal() {
  const client = useApiClient();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (id: string) =>
      send(client, WITHDRAWAL_ENDPOINTS.withdrawalCancel, anything, {}, { id }),
    onSettled: refresh,
  });
}

export function useTransfer() {
  const client = useApiClient();
  const refresh = useRefreshAfterMove();
  return useMutation({
    mutationFn: (input: InternalTransferRequest) =>
      send(client, WITHDRAWAL_ENDPOINTS.transfer, internalTransfer, input),
    onSuccess: refresh,
  });
}

// ---- whitelists ----

export function useWhitelistAddresses() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: cryptoKeys.addresses(),
    queryFn: ({ signal }) =>
      call(client, WITHDRAWAL_ENDPOINTS.whitelistAddresses, addressList, signalOf(signal)),
    enabled: token !== null,
  });
}

export function useWhitelistUids() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: cryptoKeys.uids(),
    queryFn: ({ signal }) =>
      call(client, WITHDRAWAL_ENDPOINTS.whitelistUids, uidList, signalOf(signal)),
    enabled: token !== null,
  });
}

export function useWhitelistSettings() {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: cryptoKeys.settings(),
    queryFn: ({ signal }) =>
      call(client, WITHDRAWAL_ENDPOINTS.whitelistSettings, whitelistSettings, signalOf(signal)),
    enabled: token !== null,
  });
}

function useWhitelistChange<I>(change: (client: ApiClient, input: I) => Promise<unknown>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: I) => change(client, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: cryptoKeys.whitelist() }),
  });
}

export const useAddAddress = () =>
  useWhitelistChange((c, input: WhitelistAddressRequest) =>
    send(c, WITHDRAWAL_ENDPOINTS.addWhitelistAddress, whitelistAddress, input),
  );
export const useAddUid = () =>
  useWhitelistChange((c, input: WhitelistUidRequest) =>
    send(c, WITHDRAWAL_ENDPOINTS.addWhitelistUid, whitelistUid, input),
  );
export const useDeleteAddress = () =>
  useWhitelistChange((c, input: { id: string; googleCode: string; emailCode: string }) =>
    send(
      c,
      WITHDRAWAL_ENDPOINTS.whitelistAddressDelete,
      anything,
      { googleCode: input.googleCode, emailCode: input.emailCode },
      { id: input.id },
    ),
  );
export const useDeleteUid = () =>
  useWhitelistChange((c, input: { id: string; googleCode: string; emailCode: string }) =>
    send(
      c,
      WITHDRAWAL_ENDPOINTS.whitelistUidDelete,
      anything,
      { googleCode: input.googleCode, emailCode: input.emailCode },
      { id: input.id },
    ),
  );
export const useSaveWhitelistSettings = () =>
  useWhitelistChange((c, input: WhitelistSettingsRequest) =>
    call(c, WITHDRAWAL_ENDPOINTS.updateWhitelistSettings, whitelistSettings, {
      body: input,
      silent: true,
    }),
  );
