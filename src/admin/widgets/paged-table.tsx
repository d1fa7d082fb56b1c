/**
 * The back office's server-paginated lists (audit, orders, products, staff, customers, ...): the
 * filter and page a list screen has applied, and the antd Table drawn from its query (rows,
 * loading, the "could not load" text, paging with the total).
 */
import { Form, Input, Space, Table, Typography, type FormInstance, type TableProps, type TablePaginationConfig } from 'antd';
import { useEffect, useState, type Dispatch, type Key, type KeyboardEvent, type MouseEvent, type ReactNode, type SetStateAction } from 'react';
import type { AnswerOf, Endpoint, RequestOf } from '../../domain/api/endpoint.ts';
import type { Page } from '../../domain/api/envelope.ts';
import { useApiQuery } from '../api.ts';
import { useT, type AdminT } from '../i18n.tsx';
import { FilterBar } from './FilterBar.tsx';
import { useScreen } from '../frame/screen-context.ts';
import { searchOf } from './search-state.ts';
import { SORTED_PAGE_SIZES, withFilters, withSort, type SortedTableState } from './sorted-table.ts';

/** Rows a page of the lists that offer no page sizes. */
export const LIST_PAGE_SIZE = 20;

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

function pagedTable<R>(query: ListQuery<R>, t: AdminT, paging: Paging, empty: string | undefined) {
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
    locale: query.isError ? { emptyText: t('admin.common.loadFailed') } : empty === undefined ? undefined : { emptyText: empty },
    pagination,
  };
}

/** What a filter form applies: strings trimmed, empty and unset fields left out of the request. */
type Applied<F> = { [K in keyof F]?: Exclude<F[K], null> };

export function appliedFilters<F extends object>(values: F): Applied<F> {
  const applied: Applied<F> = {};
  for (const [name, value] of Object.entries(values) as [keyof F, unknown][]) {
    const kept = typeof value === 'string' ? value.trim() : value;
    if (kept !== undefined && kept !== null && kept !== '') applied[name] = kept as Exclude<F[keyof F], null>;
  }
  return applied;
}

/**
 * A list screen's applied filters and page. Applying or resetting the filter bar goes back to the
 * first page; `request` is what the list call takes.
 */
export function useListFilters<F extends object>(pageSize = LIST_PAGE_SIZE) {
  const [filters, setFilters] = useState<Applied<F>>({});
  const [page, setPage] = useState(1);
  return {
    filters,
    request: { current: page, size: pageSize, ...filters },
    paging: { current: page, pageSize, onChange: setPage } satisfies Paging,
    apply: (values: F) => {
      setFilters(appliedFilters(values));
      setPage(1);
    },
    reset: () => {
      setFilters({});
      setPage(1);
    },
  };
}

type PagedTableProps<R> = Omit<TableProps<R>, 'dataSource' | 'pagination' | 'loading' | 'locale'> & {
  query: ListQuery<R>;
  paging: Paging;
  /** What an empty list says (a failed load says so instead); none: antd's own. */
  empty?: string;
};

export function PagedTable<R extends object>({ query, paging, empty, ...table }: PagedTableProps<R>) {
  const { t } = useT();
  return <Table<R> size="middle" {...pagedTable(query, t, paging, empty)} {...table} />;
}

/**
 * A list call of one thing's rows, paged in its dialog or drawer (a coupon's uses, a webhook's
 * deliveries): the page shown and the call for it, as PagedTable takes them (`query`, `paging`).
 */
export function usePagedCall<E extends Endpoint<any, Page<any>>>(entry: E, of: ListFilters<E>, pageSize: number) {
  const [page, setPage] = useState(1);
  const query = useApiQuery(entry, { ...of, current: page, size: pageSize } as RequestOf<E>);
  return { query, paging: { current: page, pageSize, onChange: setPage } satisfies Paging };
}

/** Paging with a choice of page size, kept in the screen's table state; a new size starts at page 1. */
export function sizedPaging<S extends { current: number; size: number }>(state: S, setState: Dispatch<SetStateAction<S>>, sizes: readonly number[]): Paging {
  return {
    current: state.current,
    pageSize: state.size,
    sizes,
    onChange: (current, size) => setState((was) => ({ ...was, current: size === was.size ? current : 1, size })),
  };
}

/** A row's own controls: a click or key on them is theirs, not the row's. */
const ROW_CONTROLS = 'a, button, input, textarea, select, label, [role="button"], [role="checkbox"], [role="switch"], .ant-checkbox-wrapper, .ant-dropdown-trigger';

/**
 * A row that opens when clicked anywhere but on its own controls (links, buttons, its checkbox),
 * and from the keyboard: each row is a tab stop and Enter on it opens it (docs/back-office.md
 * "Keyboard").
 */
export function rowOpens<R>(open: (row: R) => void) {
  return (row: R) => ({
    onClick: (event: MouseEvent) => (event.target as HTMLElement).closest(ROW_CONTROLS) === null && open(row),
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'Enter' || event.target !== event.currentTarget || event.repeat) return;
      event.preventDefault();
      open(row);
    },
    tabIndex: 0,
    className: 'admin-clickable',
  });
}

/** The filters of a list call: its request without the paging. */
export type ListFilters<E> = Omit<RequestOf<E>, 'current' | 'size'>;

/**
 * A list screen: its filter form, the filters and page applied, and the list call they make.
 * `filterBar` goes to the FilterBar (plus `reset` where the bar offers one), `table` to PagedTable.
 */
export function useListScreen<E extends Endpoint<any, Page<any>>>(entry: E, pageSize = LIST_PAGE_SIZE) {
  const [form] = Form.useForm<ListFilters<E>>();
  const pages = useListFilters<ListFilters<E>>(pageSize);
  const list = useApiQuery(entry, pages.request as RequestOf<E>);
  // A search given in the address (`/coupons?query=SUMMER`, the search palette's results) is
  // typed into the bar and applied, when the tab opens and each time the palette opens it again.
  const { fullPath } = useScreen();
  const addressQuery = new URLSearchParams(searchOf(fullPath)).get('query');
  useEffect(() => {
    if (!addressQuery) return;
    form.setFieldsValue({ query: addressQuery } as never);
    pages.apply({ ...form.getFieldsValue(), query: addressQuery });
    // Only a new address applies: the bar's own changes are the form's.
  }, [addressQuery]);
  return {
    list,
    filters: pages.filters,
    reset: pages.reset,
    filterBar: { form, onApply: pages.apply },
    table: { query: list, paging: pages.paging },
  };
}

interface SearchField {
  label: string;
  testId: string;
  maxLength?: number;
  /** Clearing the box applies at once (lists with no other field). */
  applyOnClear?: boolean;
}

interface ListScreenState<R, V> {
  reset: () => void;
  filterBar: { form: FormInstance<V>; onApply: (values: V) => void };
  table: { query: ListQuery<R>; paging: Paging };
}

type ListScreenProps<R, V> = Omit<PagedTableProps<R>, 'query' | 'paging'> & {
  screen: ListScreenState<R, V>;
  /** The text search (the request's `query`), first in the bar. */
  search?: SearchField;
  /** The bar's other fields (`Form.Item`s). */
  filters?: ReactNode;
  /** The bar offers a reset button. */
  withReset?: boolean;
  /** Buttons after the bar's own. */
  actions?: ReactNode;
  filtersTestId?: string;
  /** Drawn after the table (the screen's dialogs and drawers). */
  children?: ReactNode;
};

/** A list screen's page: its filter bar above its paged table. */
export function ListScreen<R extends object, V>({ screen, search, filters, withReset, actions, filtersTestId, children, ...table }: ListScreenProps<R, V>) {
  return (
    <div className="admin-screen">
      <FilterBar<V> {...screen.filterBar} onReset={withReset ? screen.reset : undefined} after={actions} testId={filtersTestId}>
        {search && (
          <Form.Item name="query">
            <Input allowClear maxLength={search.maxLength ?? 100} placeholder={search.label} aria-label={search.label} onClear={search.applyOnClear ? () => screen.filterBar.form.submit() : undefined} data-testid={search.testId} />
          </Form.Item>
        )}
        {filters}
      </FilterBar>
      <PagedTable<R> {...screen.table} {...table} />
      {children}
    </div>
  );
}

interface SorterAnswer {
  field?: unknown;
  order?: 'ascend' | 'descend' | null | undefined;
}

/** The rows of a list call's page. */
type RowOf<E> = AnswerOf<E> extends Page<infer R> ? R : never;

interface SelectableList<E, F, S extends string, RK> {
  /** The row's field that keys it (antd's rowKey): the rows chosen are its values. */
  rowKey: RK;
  initial: SortedTableState<F, S>;
  sorts: readonly S[];
  /** The list call's request for the table's state (filters, page, sort). */
  request: (state: SortedTableState<F, S>) => RequestOf<E>;
  sizes?: readonly number[];
  /** Where the state lives when not in the screen (the address, useSearchState); `initial` is then unused. */
  store?: readonly [SortedTableState<F, S>, Dispatch<SetStateAction<SortedTableState<F, S>>>];
}

/**
 * A list whose rows can be chosen for bulk actions (orders, products): its sorted table state with
 * a choice of page sizes, the list call that state makes (as useListScreen's), and the rows chosen.
 * New filters empty the choice (the rows chosen may no longer be listed); SelectableTable draws
 * it, `sortable` gives each sortable column.
 */
export function useSelectableTable<E extends Endpoint<any, Page<any>>, F, S extends string, RK extends keyof RowOf<E> & string>(
  entry: E,
  { rowKey, initial, sorts, request, sizes = SORTED_PAGE_SIZES, store }: SelectableList<E, F, S, RK>,
) {
  type K = RowOf<E>[RK] & Key;
  const own = useState(initial);
  const [table, setTable] = store ?? own;
  const [selected, setSelected] = useState<K[]>([]);
  const list: ListQuery<RowOf<E>> = useApiQuery(entry, request(table));
  return {
    table,
    selected,
    setSelected,
    filterBy: (filters: F) => {
      setTable((state) => withFilters(state, filters));
      setSelected([]);
    },
    /** A column the list sorts by: its field, title, and the sort shown when it is the table's. */
    sortable: (field: S, title: string) => ({ key: field, dataIndex: field, title, sorter: true, sortOrder: table.sort === field ? (table.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null }),
    tableProps: {
      rowKey,
      query: list,
      paging: sizedPaging(table, setTable, sizes),
      rowSelection: rowChoice(selected, setSelected),
      onChange: (_pagination: unknown, _filters: unknown, sorter: SorterAnswer | SorterAnswer[]) => {
        const one = Array.isArray(sorter) ? sorter[0] : sorter;
        setTable((state) => withSort(state, one?.field, one?.order, sorts, initial));
      },
    },
  };
}

type SelectableTableProps<R, K extends Key> = Omit<PagedTableProps<R>, 'query' | 'paging' | 'rowKey' | 'rowSelection' | 'onChange' | 'onRow'> & {
  /** The list's state and its call (useSelectableTable). */
  screen: { selected: K[]; tableProps: Pick<PagedTableProps<R>, 'query' | 'paging' | 'rowKey' | 'rowSelection' | 'onChange'> };
  /** A row opens this (a click outside its controls, or Enter). */
  open: (row: R) => void;
  /** The toolbar shown while rows are chosen; none where the caller may do nothing to them. */
  bulk: { label: string; testId: string; actions: ReactNode } | null;
};

/** A list screen's table whose rows can be chosen: the toolbar over the chosen rows, then the sortable paged table. */
export function SelectableTable<R extends object, K extends Key>({ screen, open, bulk, ...table }: SelectableTableProps<R, K>) {
  return (
    <>
      {screen.selected.length > 0 && bulk && (
        <SelectionBar label={bulk.label} testId={bulk.testId}>
          {bulk.actions}
        </SelectionBar>
      )}
      <PagedTable<R> {...screen.tableProps} onRow={rowOpens(open)} scroll={{ x: 'max-content' }} {...table} />
    </>
  );
}

/** Rows chosen by their keys; the choice is kept across pages. */
export function rowChoice<K extends Key>(selected: K[], setSelected: (keys: K[]) => void) {
  return { selectedRowKeys: selected, onChange: (keys: Key[]) => setSelected(keys as K[]), preserveSelectedRowKeys: true };
}

/** The toolbar over a table's chosen rows: how many, and what can be done to them. */
export function SelectionBar({ label, testId, children }: { label: string; testId: string; children: ReactNode }) {
  return (
    <div className="admin-bulk-bar" role="toolbar" data-testid={testId}>
      <Typography.Text strong>{label}</Typography.Text>
      <Space wrap>{children}</Space>
    </div>
  );
}
