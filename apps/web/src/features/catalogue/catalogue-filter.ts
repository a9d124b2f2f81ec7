/**
 * The storefront's search and category filter live in the URL (`/?q=tea&category=<id>`), so a
 * reload, the back button and a shared link show the same results. The shared header's search box
 * navigates here; the storefront's own controls edit it in place.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { paths } from '../../paths';

export interface CatalogueFilter {
  search?: string;
  categoryId?: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filter from URL parameters, dropping what the server would refuse (a malformed id). */
export function filterFromParams(params: URLSearchParams): CatalogueFilter {
  const search = params.get('q')?.trim().slice(0, 100) || undefined;
  const category = params.get('category') ?? '';
  return { search, categoryId: UUID.test(category) ? category : undefined };
}

/** The storefront URL showing `filter`. */
export function catalogueUrl(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  if (filter.search?.trim()) params.set('q', filter.search.trim());
  if (filter.categoryId) params.set('category', filter.categoryId);
  const query = params.toString();
  return query ? `${paths.home}?${query}` : paths.home;
}

export function useCatalogueFilter() {
  const [params, setParams] = useSearchParams();
  const filter = filterFromParams(params);
  const setFilter = useCallback(
    (change: Partial<CatalogueFilter>) => {
      setParams(
        (current) => {
          const next = { ...filterFromParams(current), ...change };
          return new URLSearchParams(catalogueUrl(next).split('?')[1] ?? '');
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { filter, setFilter, isFiltered: Boolean(filter.search || filter.categoryId) };
}

/** '1 product', '42 products'. */
export function productCount(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`;
}
