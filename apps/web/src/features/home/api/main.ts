import { queryOptions, useQuery } from '@tanstack/react-query';
import { http } from '../../../lib/http';

// GET /api/app/main/main: the home lists. SELF.records are the in-house games.
export interface SelfGame {
  value: string | number;
  productCode: string;
  gameType: string;
  stop: boolean | number | string;
  name: string;
  icon?: string;
}

export interface MainLists {
  SELF?: { records?: SelfGame[] };
  [group: string]: unknown;
}

export function fetchMainLists(): Promise<MainLists> {
  // A game-list failure is swallowed (spec.md section 8): home still shows for a guest.
  return http.get<MainLists>('/api/app/main/main', { silent: true, loading: false });
}

export const mainListsQueryOptions = queryOptions({
  queryKey: ['main', 'lists'],
  queryFn: fetchMainLists,
  staleTime: 5 * 60_000,
});

export function useMainLists() {
  return useQuery(mainListsQueryOptions);
}

export function selfGames(lists: MainLists | undefined): SelfGame[] {
  const records = lists?.SELF?.records;
  return Array.isArray(records) ? records : [];
}

/** The API may send the stop flag as a boolean, a number or a string. */
export function isStopped(game: SelfGame): boolean {
  return game.stop === true || game.stop === 1 || game.stop === '1' || game.stop === 'true';
}
