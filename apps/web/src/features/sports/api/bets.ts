import type { BetsAnswer } from '@aposta/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { betsQueryKey } from './keys';

// GET /api/app/sports/bets?status=open|settled&page=&size=: the player's bets, newest first.
export const betsPageSize = 20;
export const betsPagesMax = 50;

export function fetchBets(status: 'open' | 'settled', page: number): Promise<BetsAnswer> {
  return playerApi('GET /api/app/sports/bets', {
    query: { status, page, size: betsPageSize },
    loading: false,
    silent: true,
  });
}

export function nextBetsPage(pages: readonly BetsAnswer[]): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.records.length, 0);
  const last = pages.at(-1);
  if (!last || loaded >= last.total || last.records.length < betsPageSize) return undefined;
  return pages.length >= betsPagesMax ? undefined : pages.length + 1;
}

export function betsQueryOptions(status: 'open' | 'settled') {
  return infiniteQueryOptions({
    queryKey: betsQueryKey(status),
    queryFn: ({ pageParam }) => fetchBets(status, pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextBetsPage(pages),
    staleTime: 15_000,
    // Open bets show their matches' live score: refreshed while the page is open.
    refetchInterval: status === 'open' ? 10_000 : false,
  });
}

export function useBets(status: 'open' | 'settled') {
  return useInfiniteQuery(betsQueryOptions(status));
}
