/** Lists answered a page at a time (the API's Page): pages count from 1, `size` records each. */
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Page } from '../../domain/api/envelope.ts';

export interface PageRequest {
  current: number;
  size: number;
}

/** Where the page asked for starts, and how many records it holds. */
export function pageWindow(page: PageRequest): { offset: number; limit: number } {
  return { offset: (page.current - 1) * page.size, limit: page.size };
}

/** A query (made `$dynamic()`) cut to the page asked for. */
export function onePage<Q extends PgSelect>(query: Q, page: PageRequest) {
  const { offset, limit } = pageWindow(page);
  return query.limit(limit).offset(offset);
}

/** The answer: the page's records, the total over all pages, and which page it is. */
export function pageOf<T>(records: T[], total: number, page: PageRequest): Page<T> {
  return { records, total, current: page.current, size: page.size };
}

/** A list call's request split into its filter and its page. */
export function splitPage<R extends PageRequest>(request: R): [Omit<R, 'current' | 'size'>, PageRequest] {
  const { current, size, ...filter } = request;
  return [filter, { current, size }];
}
