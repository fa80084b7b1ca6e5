import type { TransferRecord, TransferRecordsAnswer } from '@aposta/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { playerApi } from '../../../lib/player-api';
import { nextRecordsPage, recordsPageSize, recordsQueryScope } from './records';

// GET /api/app/order/transfers?page=&size=: the player's transfers, sent ('out') and received ('in'), newest first.
export type { TransferRecord, TransferRecordsAnswer };

/** Under the records' scope, so whatever refreshes the records (a withdrawal, a transfer) refreshes these too. */
export const transferRecordsQueryKey = [...recordsQueryScope, 'transfers'] as const;

export function fetchTransferRecords(page: number): Promise<TransferRecordsAnswer> {
  return playerApi('GET /api/app/order/transfers', {
    query: { page, size: recordsPageSize },
    silent: true,
    loading: false,
  });
}

export function useTransferRecords(enabled: boolean) {
  return useInfiniteQuery({
    ...infiniteQueryOptions({
      queryKey: transferRecordsQueryKey,
      queryFn: ({ pageParam }) => fetchTransferRecords(pageParam),
      initialPageParam: 1,
      // The same paging rule as the records: the shapes differ only in the rows.
      getNextPageParam: (_last, pages) => nextRecordsPage(pages),
      staleTime: 0,
    }),
    enabled,
  });
}
