import {
  AUTH_ENDPOINTS,
  puzzleChallenge,
  puzzleVerifyResponse,
  type PuzzleScene,
  type PuzzleVerifyRequest,
} from '@exchange/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '../../../lib/api-client';
import { useApiClient } from '../../../lib/api-context';
import { call } from '../../../lib/endpoint';

export const PUZZLE_PATH = AUTH_ENDPOINTS.puzzle.path;
export const PUZZLE_VERIFY_PATH = AUTH_ENDPOINTS.puzzleVerify.path;

export const puzzleKeys = { scene: (scene: PuzzleScene) => ['puzzle', scene] as const };

export const fetchPuzzle = (client: ApiClient, scene: PuzzleScene, signal?: AbortSignal) =>
  call(client, AUTH_ENDPOINTS.puzzle, puzzleChallenge, {
    query: { scene },
    silent: true,
    ...(signal ? { signal } : {}),
  });

/** A puzzle is used once: never served from the cache. */
export const puzzleQueryOptions = (client: ApiClient, scene: PuzzleScene) =>
  queryOptions({
    queryKey: puzzleKeys.scene(scene),
    queryFn: ({ signal }) => fetchPuzzle(client, scene, signal),
    staleTime: 0,
    gcTime: 0,
  });

export const usePuzzle = (scene: PuzzleScene) =>
  useQuery(puzzleQueryOptions(useApiClient(), scene));

export const verifyPuzzle = (client: ApiClient, answer: PuzzleVerifyRequest) =>
  call(client, AUTH_ENDPOINTS.puzzleVerify, puzzleVerifyResponse, {
    body: answer,
    silent: true,
  });

export function useVerifyPuzzle() {
  const client = useApiClient();
  return useMutation({ mutationFn: (answer: PuzzleVerifyRequest) => verifyPuzzle(client, answer) });
}
