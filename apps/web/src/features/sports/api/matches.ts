import type { MatchesAnswer } from '@aposta/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import type { SportCode } from '../logic/vocabulary';
import { matchesQueryKey } from './keys';

// GET /api/app/sports/matches?sport=&live=&page=&size=: a sport's live (1) or upcoming (0) matches, live
// first then by kick-off. Pages of 20; "load more" asks for the next one.
export const matchesPageSize = 20;
/** Pages on one screen at most (400 matches): past that the player filters by sport instead. */
export const matchesPagesMax = 20;

export function fetchMatches(sport: SportCode, live: 0 | 1, page: number): Promise<MatchesAnswer> {
  return playerApi('GET /api/app/sports/matches', {
    query: { sport, live, page, size: matchesPageSize },
    loading: false,
    silent: true,
  });
}

export function nextMatchesPage(pages: readonly MatchesAnswer[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.records.length, 0);
  const last = pages.at(-1);
  if (!last || loaded >= last.total || last.records.length < matchesPageSize) return undefined;
  return pages.length >= matchesPagesMax ? undefined : pages.length + 1;
}

export function matchesQueryOptions(sport: SportCode, live: 0 | 1) {
  return infiniteQueryOptions({
    queryKey: matchesQueryKey(sport, live),
    queryFn: ({ pageParam }) => fetchMatches(sport, live, pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextMatchesPage(pages),
    staleTime: 20_000,
  });
}

export function useMatches(sport: SportCode, live: 0 | 1) {
  return useInfiniteQuery(matchesQueryOptions(sport, live));
}
