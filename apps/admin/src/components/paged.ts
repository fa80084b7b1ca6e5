import type { AdminApi, AdminRoute } from '@aposta/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryValue } from '../api/client.ts';
import { adminApi, adminPath } from '../api/typed.ts';

export interface PageOf<T> {
  records: T[];
  total: number;
}

/** The back office's calls that answer a page of records (`page`, `size` → `{ records, total }`). */
export type PagedRoute = {
  [R in AdminRoute]: R extends `GET ${string}`
    ? AdminApi[R]['answer'] extends PageOf<unknown>
      ? R
      : never
    : never;
}[AdminRoute];
/** A row of a paged call, as the contract types it. */
export type PagedRow<R extends PagedRoute> = AdminApi[R]['answer'] extends PageOf<infer Row> ? Row : never;
/** A paged call's query without the paging, which usePaged keeps. */
export type PagedFilters<R extends PagedRoute> = Omit<NonNullable<AdminApi[R]['query']>, 'page' | 'size'>;
type PathParams = Record<string, string | number>;
// One signature for every paged route: the route's own types are checked at the edges (usePaged's arguments, the rows).
const pagedCall = adminApi as (
  route: PagedRoute,
  args: { params?: PathParams; query: Record<string, QueryValue> },
) => Promise<PageOf<never>>;

/**
 * A server-paged list (`page`, `size` → `{ records, total }`, api-contract section 12) wired to antd's Table:
 * filters reset to page 1, the previous page stays on screen while the next one loads.
 */
export function usePaged<R extends PagedRoute>(
  route: R,
  params?: PathParams,
  filters: PagedFilters<R> = {} as PagedFilters<R>,
  initialSize = 20,
) {
  const path = adminPath(route, params);
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(initialSize);
  const [lastFilters, setLastFilters] = useState(JSON.stringify(filters));
  const filterKey = JSON.stringify(filters);
  if (filterKey !== lastFilters) {
    setLastFilters(filterKey);
    setPage(1);
  }
  const query = useQuery({
    queryKey: ['admin', path, filters, page, size],
    queryFn: async (): Promise<PageOf<PagedRow<R>>> =>
      pagedCall(route, { params, query: { ...(filters as Record<string, QueryValue>), page, size } }),
    placeholderData: keepPreviousData,
  });
  const pagination: TablePaginationConfig = {
    current: page,
    pageSize: size,
    total: query.data?.total ?? 0,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (total) => t('table.total', { count: total }),
    onChange: (nextPage, nextSize) => {
      setPage(nextSize !== size ? 1 : nextPage);
      setSize(nextSize);
    },
  };
  return { query, rows: query.data?.records ?? [], pagination, loading: query.isFetching };
}
