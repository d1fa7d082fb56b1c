/**
 * What a server-paginated list's antd Table takes from its query (audit, orders, staff): rows,
 * loading, the "could not load" text, and paging with the total.
 */
import type { TablePaginationConfig } from 'antd';
import type { Page } from '../../domain/api/envelope.ts';
import type { AdminT } from '../i18n.tsx';

interface ListQuery<R> {
  data?: Page<R> | undefined;
  isFetching: boolean;
  isError: boolean;
}

interface Paging {
  current: number;
  pageSize: number;
  onChange: (current: number, size: number) => void;
  /** Offered page sizes; none: a fixed size. */
  sizes?: readonly number[];
}

export function pagedTable<R>(query: ListQuery<R>, t: AdminT, paging: Paging) {
  const pagination: TablePaginationConfig = {
    current: paging.current,
    pageSize: paging.pageSize,
    total: query.data?.total ?? 0,
    showSizeChanger: paging.sizes !== undefined,
    ...(paging.sizes ? { pageSizeOptions: paging.sizes.map(String) } : {}),
    showTotal: (total) => t('admin.common.total', { total }),
    onChange: paging.onChange,
  };
  return {
    loading: query.isFetching,
    dataSource: query.data?.records ?? [],
    locale: query.isError ? { emptyText: t('admin.common.loadFailed') } : undefined,
    pagination,
  };
}
