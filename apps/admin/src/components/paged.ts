import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TablePaginationConfig } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type QueryValue } from '../api/client.ts';

export interface PageOf<T> {
  records: T[];
  total: number;
}

/**
 * A server-paged list (`page`, `size` → `{ records, total }`, api-contract section 12) wired to antd's Table:
 * filters reset to page 1, the previous page stays on screen while the next one loads.
 */
export function usePaged<T>(path: string, filters: Record<string, QueryValue> = {}, initialSize = 20) {
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
    queryFn: () => call<PageOf<T>>(path, { params: { ...filters, page, size } }),
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
