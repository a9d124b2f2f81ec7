import type { AdminProductDto, AdminProductPageInput, ProductListItem } from '@shop/schema';
import { trpc } from '../../../lib/trpc';

export function isAdminProduct(product: ProductListItem): product is AdminProductDto {
  return 'sku' in product;
}

/** A page of every product in the admin view, filtered and counted by the server (`products.adminPage`). */
export function useAdminProductPage(input: AdminProductPageInput) {
  return trpc.products.adminPage.useQuery(input, { placeholderData: (previous) => previous });
}

/** Every category, hidden ones included (Admin → Categories and the product form). */
export function useStaffCategories() {
  return trpc.categories.adminList.useQuery();
}
