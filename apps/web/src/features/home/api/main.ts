import type { MainListsAnswer, GameRecord as SelfGame } from '@aposta/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/main/main: the home lists. SELF.records are the in-house games.
export type { SelfGame };

export function fetchMainLists(): Promise<MainListsAnswer> {
  // A game-list failure is swallowed (spec.md section 8): home still shows for a guest.
  return playerApi('GET /api/app/main/main', { silent: true, loading: false });
}

export const mainListsQueryOptions = queryOptions({
  queryKey: ['main', 'lists'],
  queryFn: fetchMainLists,
  staleTime: 5 * 60_000,
});

export function useMainLists() {
  return useQuery(mainListsQueryOptions);
}

export function selfGames(lists: MainListsAnswer | undefined): SelfGame[] {
  return lists?.SELF.records ?? [];
}

/** A stopped game shows 'Em Breve...' instead of opening. */
export function isStopped(game: SelfGame): boolean {
  return game.stop;
}
