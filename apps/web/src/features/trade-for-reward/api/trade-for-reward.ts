import {
  COMPETITION_ENDPOINTS,
  RuntimeMode,
  competitionBoard,
  competitionEntry,
  competitionMine,
  competitionOverview,
  type CompetitionMine,
} from '@exchange/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';
import { useSession } from '../../../lib/session';
import { balancesKey } from '../../../lib/wallet-balances';

/**
 * Trade for Reward (COMPETITION_ENDPOINTS): the periods and their leaderboards are public, the
 * caller's entry and joining need a session. None of it depends on the runtime mode (the
 * competition is the Trial mode's, whichever mode the page is read in).
 */
export const competitionKeys = {
  all: ['competition'] as const,
  overview: () => ['competition', 'overview'] as const,
  board: (id: number) => ['competition', 'board', id] as const,
  mine: (id: number) => ['competition', 'mine', id] as const,
};

/** A running period's leaderboard and the caller's standing are read again this often. */
export const BOARD_REFETCH_MS = 15_000;
/** The overview (entrants, a period starting or ending) is read again this often. */
const OVERVIEW_REFETCH_MS = 30_000;
const signalOf = (signal?: AbortSignal) => (signal ? { signal } : {});

export function useCompetitionOverview() {
  const client = useApiClient();
  return useQuery({
    queryKey: competitionKeys.overview(),
    queryFn: ({ signal }) =>
      call(client, COMPETITION_ENDPOINTS.overview, competitionOverview, signalOf(signal)),
    refetchInterval: OVERVIEW_REFETCH_MS,
  });
}

/** A period's leaderboard: live (read every 15 s) until it is settled, then final. */
export function useCompetitionBoard(id: number | null) {
  const client = useApiClient();
  return useQuery({
    queryKey: competitionKeys.board(id ?? 0),
    queryFn: ({ signal }) =>
      call(client, COMPETITION_ENDPOINTS.board, competitionBoard, {
        params: { id: id ?? 0 },
        ...signalOf(signal),
      }),
    enabled: id !== null,
    refetchInterval: (q) => (isFinal(q.state.data?.period.status) ? false : BOARD_REFETCH_MS),
  });
}

/** The signed-in user's entry in a period (null: not joined). */
export function useCompetitionEntry(id: number | null, live: boolean) {
  const client = useApiClient();
  const { token } = useSession();
  return useQuery({
    queryKey: competitionKeys.mine(id ?? 0),
    queryFn: ({ signal }) =>
      call(client, COMPETITION_ENDPOINTS.mine, competitionMine, {
        params: { id: id ?? 0 },
        ...signalOf(signal),
      }),
    enabled: token !== null && id !== null,
    refetchInterval: live ? BOARD_REFETCH_MS : false,
  });
}

/**
 * Joins a running period (idempotent). The answer is the entry: the page shows it at once; the
 * board, the overview's entrants and the Trial balances (set back to the starting funds) are
 * read again. Errors stay with the page (silent).
 */
export function useJoinCompetition(id: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      call(client, COMPETITION_ENDPOINTS.join, competitionEntry, {
        params: { id },
        body: {},
        silent: true,
      }),
    onSuccess: (entry) => {
      queryClient.setQueryData<CompetitionMine>(competitionKeys.mine(id), { entry });
      void queryClient.invalidateQueries({ queryKey: competitionKeys.board(id) });
      void queryClient.invalidateQueries({ queryKey: competitionKeys.overview() });
      void queryClient.invalidateQueries({ queryKey: balancesKey(RuntimeMode.TRIAL) });
    },
  });
}

const isFinal = (status: string | undefined) => status === 'SETTLED' || status === 'CANCELLED';
