import type { SeedsAnswer as Seeds } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { useToken } from '../../../lib/token';

// GET /api/app/fair/seeds: the player's current seed pair (hashes only) and the next bet's nonce.
export type { Seeds };

// Under 'user', so logging out drops it with the rest of the player's data.
export const seedsQueryKey = ['user', 'games', 'seeds'] as const;

export function fetchSeeds(): Promise<Seeds> {
  return playerApi('GET /api/app/fair/seeds', { loading: false });
}

export const seedsQueryOptions = queryOptions({ queryKey: seedsQueryKey, queryFn: fetchSeeds });

/** The seeds are the player's: a guest (e.g. on /verify) has none, so nothing is asked (no 401). */
export function useSeeds() {
  const loggedIn = useToken((state) => state.token !== null && state.token !== '');
  return useQuery({ ...seedsQueryOptions, enabled: loggedIn });
}
