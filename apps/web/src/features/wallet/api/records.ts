import type { RecordsAnswer as RecordsPage, OrderRecord as WalletRecord } from '@aposta/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';

// GET /api/app/order/records?type=&page=&size=: deposits (10) and withdrawals (11), newest first.
export type { RecordsPage, WalletRecord };

export const recordsPageSize = 20;
/** Pages loaded at most on one screen (2 000 records): beyond that, a filter is the better tool. */
export const recordsPagesMax = 100;
export const recordsQueryScope = ['user', 'wallet', 'records'] as const;

export function fetchRecords(type: '10' | '11' | undefined, page: number): Promise<RecordsPage> {
  return playerApi('GET /api/app/order/records', {
    query: { type, page, size: recordsPageSize },
    silent: true,
    loading: false,
  });
}

/** The next page to ask for, or undefined when everything (or the bound) is loaded. */
export function nextRecordsPage(
  pages: readonly { records: readonly unknown[]; total: number }[],
): number | undefined {
  const loaded = pages.reduce((sum, page) => sum + page.records.length, 0);
  const total = pages.at(-1)?.total ?? 0;
  const lastWasFull = (pages.at(-1)?.records.length ?? 0) === recordsPageSize;
  if (loaded >= total || !lastWasFull || pages.length >= recordsPagesMax) return undefined;
  return pages.length + 1;
}

export function recordsQueryOptions(type: '10' | '11' | undefined) {
  return infiniteQueryOptions({
    queryKey: [...recordsQueryScope, type ?? 'all'],
    queryFn: ({ pageParam }) => fetchRecords(type, pageParam),
    initialPageParam: 1,
    getNextPageParam: (_last, pages) => nextRecordsPage(pages),
    staleTime: 0,
  });
}

export function useRecords(type: '10' | '11' | undefined, enabled: boolean) {
  return useInfiniteQuery({ ...recordsQueryOptions(type), enabled });
}
