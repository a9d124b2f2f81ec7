import { useMemo } from 'react';
import type { AdminProductDto, ProductListItem } from '@shop/schema';
import { trpc } from '../../../lib/trpc';

export function isAdminProduct(product: ProductListItem): product is AdminProductDto {
  return 'sku' in product;
}

/** Every product in the admin view (`products.list` answers staff who manage products with it). */
export function useAdminProducts() {
  const query = trpc.products.list.useQuery();
  const products = useMemo(() => (query.data ?? []).filter(isAdminProduct), [query.data]);
  return { ...query, products };
}

export function useCategories() {
  return trpc.categories.list.useQuery();
}
