/**
 * A sorted, paged list's state as plain data (no React, no antd), so list screens share it and
 * their mappings are tested on their own (tests/unit/admin/order-screens.test.ts).
 */

/** A sorted list's state, kept in its screen (the tab cache keeps it mounted): the filters applied, the page, the sort. */
export interface SortedTableState<F, S extends string> {
  filters: F;
  current: number;
  size: number;
  sort: S;
  order: 'asc' | 'desc';
}

/** What a list's filter form holds: each filter may be empty (absent, or cleared to undefined). */
export type Filters<T> = { [K in keyof T]?: T[K] | undefined };

/** The page sizes a sorted list offers; it starts with the first. */
export const SORTED_PAGE_SIZES = [20, 50, 100] as const;

/** A sorted list before anything is chosen: no filters, the first page, highest (newest) first by `sort`. */
export function firstPage<F extends object, S extends string>(sort: S): SortedTableState<F, S> {
  return { filters: {} as F, current: 1, size: SORTED_PAGE_SIZES[0], sort, order: 'desc' };
}

/** The list call's request: the filters as `filterRequest` writes them, then the page and the sort. */
export function sortedPageRequest<F, S extends string, R extends object>(state: SortedTableState<F, S>, filterRequest: (filters: F) => R) {
  return { ...filterRequest(state.filters), current: state.current, size: state.size, sort: state.sort, order: state.order };
}

/** New filters start again at page one; the sort and page size stay. */
export function withFilters<T extends SortedTableState<unknown, string>>(state: T, filters: T['filters']): T {
  return { ...state, filters, current: 1 };
}

/**
 * antd's sorter answer (field and 'ascend'/'descend'/none) as the table's sort, from page one; no
 * order, or a field the list cannot sort by, means the list's first sort (`initial`) again.
 */
export function withSort<T extends SortedTableState<unknown, string>>(
  state: T,
  field: unknown,
  direction: 'ascend' | 'descend' | null | undefined,
  sorts: readonly T['sort'][],
  initial: Pick<T, 'sort' | 'order'>,
): T {
  if (!direction || !sorts.includes(field as T['sort'])) return { ...state, sort: initial.sort, order: initial.order, current: 1 };
  return { ...state, sort: field as T['sort'], order: direction === 'ascend' ? 'asc' : 'desc', current: 1 };
}
