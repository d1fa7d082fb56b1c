/**
 * A screen's state kept in its address's query (`/orders?status=paid&page=2`), so a view can be
 * bookmarked, shared and reloaded. The state is read from the screen's own tab path (a cached tab
 * stays mounted while another shows: the router's location is then another tab's), and written
 * through react-router's search params only while the screen is shown. A change replaces the
 * address (no history entry per filter); `{ push: true }` adds one (a saved view opened).
 */
import { useCallback, useMemo, useRef, type SetStateAction } from 'react';
import { useSearchParams } from 'react-router';
import { useScreen } from '../frame/screen-context.ts';

export type SetSearchState<T> = (next: SetStateAction<T>, options?: { push?: boolean }) => void;

/** The query part of a path, with its "?" ('' when none). */
export function searchOf(fullPath: string): string {
  const at = fullPath.indexOf('?');
  return at < 0 ? '' : fullPath.slice(at);
}

export function useSearchState<T>(parse: (search: string) => T, write: (state: T) => string): readonly [T, SetSearchState<T>, string] {
  const { fullPath, active } = useScreen();
  const [, setSearchParams] = useSearchParams();
  const search = searchOf(fullPath);
  const state = useMemo(() => parse(search), [parse, search]);
  // Two changes before the address follows (a page change right after a sort) build on each other.
  const latest = useRef(state);
  latest.current = state;
  const set = useCallback<SetSearchState<T>>(
    (next, options) => {
      const value = typeof next === 'function' ? (next as (was: T) => T)(latest.current) : next;
      latest.current = value;
      if (active) setSearchParams(new URLSearchParams(write(value)), { replace: !options?.push });
    },
    [active, setSearchParams, write],
  );
  return [state, set, search] as const;
}
