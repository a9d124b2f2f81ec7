/**
 * The storefront's search and filters live in the URL (`/?q=tea&category=<id>&free=peanuts,milk&diet=vegan`),
 * so a reload, the back button and a shared link show the same results. The shared header's search
 * box navigates here; the storefront's own controls edit it in place.
 */
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  ALLERGENS,
  DIETARY_LABELS,
  DIET_PARAM,
  FREE_FROM_PARAM,
  type Allergen,
  type DietaryLabel,
} from '@shop/schema';
import { paths } from '../../paths';

export interface CatalogueFilter {
  search?: string;
  categoryId?: string;
  /** Free from these allergens (issue 20): neither contained nor a trace. */
  freeFrom?: Allergen[];
  /** Carrying all these dietary labels. */
  dietaryLabels?: DietaryLabel[];
}

/** 'peanuts,milk' → the known values among them, once each, in the catalogue's order. */
function readList<T extends string>(value: string | null, known: readonly T[]): T[] | undefined {
  const items = new Set((value ?? '').split(',').map((item) => item.trim().toLowerCase()));
  const list = known.filter((item) => items.has(item));
  return list.length ? list : undefined;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Reads the filter from URL parameters, dropping what the server would refuse (a malformed id). */
export function filterFromParams(params: URLSearchParams): CatalogueFilter {
  const search = params.get('q')?.trim().slice(0, 100) || undefined;
  const category = params.get('category') ?? '';
  return {
    search,
    categoryId: UUID.test(category) ? category : undefined,
    freeFrom: readList(params.get(FREE_FROM_PARAM), ALLERGENS),
    dietaryLabels: readList(params.get(DIET_PARAM), DIETARY_LABELS),
  };
}

/** The storefront URL showing `filter`. */
export function catalogueUrl(filter: CatalogueFilter): string {
  const params = new URLSearchParams();
  if (filter.search?.trim()) params.set('q', filter.search.trim());
  if (filter.categoryId) params.set('category', filter.categoryId);
  const freeFrom = ALLERGENS.filter((allergen) => filter.freeFrom?.includes(allergen));
  if (freeFrom.length) params.set(FREE_FROM_PARAM, freeFrom.join(','));
  const labels = DIETARY_LABELS.filter((label) => filter.dietaryLabels?.includes(label));
  if (labels.length) params.set(DIET_PARAM, labels.join(','));
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
  /**
   * Chooses or drops one option of a set-valued filter, from the address bar as it is at that
   * moment: the router applies a navigation in a transition, so two quick clicks would otherwise
   * both start from the screen before the first, and the second would undo the first.
   */
  const toggleOption = useCallback(
    (key: 'freeFrom' | 'dietaryLabels', option: string) => {
      const now = filterFromParams(new URLSearchParams(window.location.search));
      const list: string[] = now[key] ?? [];
      const next = list.includes(option) ? list.filter((item) => item !== option) : [...list, option];
      const change = { [key]: next.length ? next : undefined } as Partial<CatalogueFilter>;
      setParams(new URLSearchParams(catalogueUrl({ ...now, ...change }).split('?')[1] ?? ''), {
        replace: true,
      });
    },
    [setParams],
  );
  return {
    filter,
    setFilter,
    toggleOption,
    isFiltered: Boolean(filter.search || filter.categoryId || filter.freeFrom || filter.dietaryLabels),
  };
}

/** '1 product', '42 products'. */
export function productCount(total: number): string {
  return `${total} ${total === 1 ? 'product' : 'products'}`;
}
