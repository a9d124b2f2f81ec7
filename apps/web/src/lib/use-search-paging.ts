import { useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';

const SEARCH_DEBOUNCE_MS = 300;

/**
 * A paged staff table's search box and page: the search reaches the server once typing settles, and
 * a new search or filter starts again at page 1 (reset during render, so the old page is never asked
 * for with the new filter).
 */
export function useSearchPaging(...filters: unknown[]) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const [page, setPage] = useState(1);
  const key = JSON.stringify([debounced, ...filters]);
  const [pagedKey, setPagedKey] = useState(key);
  if (pagedKey !== key) {
    setPagedKey(key);
    setPage(1);
  }
  return { search, setSearch, debounced, page: pagedKey === key ? page : 1, setPage };
}
