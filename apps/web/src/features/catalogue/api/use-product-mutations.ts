/**
 * The product writes (`products.create|update|patch|delete`). On success the changed product is put
 * into the cached list at once, and everything that shows products is refetched in the background
 * (not awaited: the screen's success toast does not wait for the refetch). A write refused because
 * the product changed meanwhile (409) refetches them too: the screens then show the current values.
 */
import type { AdminProductDto } from '@shop/schema';
import { errorData } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

function useProductCache() {
  const utils = trpc.useUtils();
  const refresh = () => {
    void Promise.all([
      utils.products.invalidate(),
      utils.inventory.invalidate(),
      utils.admin.overview.invalidate(),
    ]);
  };
  const put = (product: AdminProductDto) => {
    utils.products.list.setData(undefined, (list) =>
      list?.some((item) => item.id === product.id)
        ? list.map((item) => (item.id === product.id ? product : item))
        : list,
    );
  };
  const refreshOnConflict = (error: unknown) => {
    if (errorData(error).code === 'CONFLICT') refresh();
  };
  return { refresh, put, refreshOnConflict };
}

export function useCreateProduct() {
  const { refresh } = useProductCache();
  return trpc.products.create.useMutation({ onSuccess: refresh });
}

export function useUpdateProduct() {
  const { refresh, put, refreshOnConflict } = useProductCache();
  return trpc.products.update.useMutation({
    onSuccess: (product) => {
      put(product);
      refresh();
    },
    onError: refreshOnConflict,
  });
}

/** Stock and/or threshold (PATCH /api/products/:id), with the reason stored in the ledger. */
export function usePatchProduct() {
  const { refresh, put, refreshOnConflict } = useProductCache();
  return trpc.products.patch.useMutation({
    onSuccess: (product) => {
      put(product);
      refresh();
    },
    onError: refreshOnConflict,
  });
}

export function useDeleteProduct() {
  const { refresh } = useProductCache();
  return trpc.products.delete.useMutation({ onSuccess: refresh });
}
