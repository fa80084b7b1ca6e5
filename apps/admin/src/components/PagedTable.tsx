import { Table, type TableProps } from 'antd';
import type { QueryValue } from '../api/client.ts';
import { usePaged } from './paged.ts';

type PagedTableProps<T> = Omit<TableProps<T>, 'dataSource' | 'loading' | 'pagination'> & {
  /** The server's paged list (`page`, `size` → `{ records, total }`). */
  path: string;
  filters?: Record<string, QueryValue>;
  pageSize?: number;
};

/** A server-paged list in an antd Table: its rows, pages and loading state come from usePaged. */
export function PagedTable<T extends object>({ path, filters, pageSize, ...table }: PagedTableProps<T>) {
  const { rows, pagination, loading } = usePaged<T>(path, filters, pageSize);
  return <Table<T> {...table} loading={loading} dataSource={rows} pagination={pagination} />;
}
