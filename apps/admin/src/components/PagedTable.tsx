import { Table, type TableProps } from 'antd';
import { type PagedFilters, type PagedRoute, type PagedRow, usePaged } from './paged.ts';

type PagedTableProps<R extends PagedRoute> = Omit<
  TableProps<PagedRow<R>>,
  'dataSource' | 'loading' | 'pagination'
> & {
  /** The server's paged list (`page`, `size` → `{ records, total }`), a call of the contract. */
  route: R;
  /** The route's path parameters (`:uId`). */
  params?: Record<string, string | number>;
  filters?: PagedFilters<R>;
  pageSize?: number;
};

/** A server-paged list in an antd Table: its rows, pages and loading state come from usePaged. */
export function PagedTable<R extends PagedRoute>({
  route,
  params,
  filters,
  pageSize,
  ...table
}: PagedTableProps<R>) {
  const { rows, pagination, loading } = usePaged(route, params, filters, pageSize);
  return <Table<PagedRow<R>> {...table} loading={loading} dataSource={rows} pagination={pagination} />;
}
