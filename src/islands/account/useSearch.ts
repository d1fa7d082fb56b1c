import { useEffect, useState } from 'react';

/**
 * The page's query string, read after hydration: the page was built without one, and links
 * drawn from it must match the built HTML first (React keeps a built attribute that differs).
 */
export function useSearch(): string {
  const [search, setSearch] = useState('');
  useEffect(() => setSearch(location.search), []);
  return search;
}
