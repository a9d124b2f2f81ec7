/**
 * The category writes (`categories.create|update|reorder|delete`). Each success refetches what shows
 * categories (the admin list, the storefront's, the product screens that name them); a write refused
 * because the categories changed meanwhile (409) refetches them too, so the screen shows the truth.
 */
import { errorData } from '../../../lib/errors';
import { trpc } from '../../../lib/trpc';

function useCategoryCache() {
  const utils = trpc.useUtils();
  const refresh = () => {
    void Promise.all([utils.categories.invalidate(), utils.products.invalidate()]);
  };
  const refreshOnConflict = (error: unknown) => {
    if (errorData(error).code === 'CONFLICT') refresh();
  };
  return { refresh, refreshOnConflict };
}

export function useCreateCategory() {
  const { refresh } = useCategoryCache();
  return trpc.categories.create.useMutation({ onSuccess: refresh });
}

export function useUpdateCategory() {
  const { refresh, refreshOnConflict } = useCategoryCache();
  return trpc.categories.update.useMutation({ onSuccess: refresh, onError: refreshOnConflict });
}

export function useReorderCategories() {
  const utils = trpc.useUtils();
  const { refresh, refreshOnConflict } = useCategoryCache();
  return trpc.categories.reorder.useMutation({
    onSuccess: (list) => {
      utils.categories.adminList.setData(undefined, list);
      refresh();
    },
    onError: refreshOnConflict,
  });
}

export function useDeleteCategory() {
  const { refresh, refreshOnConflict } = useCategoryCache();
  return trpc.categories.delete.useMutation({ onSuccess: refresh, onError: refreshOnConflict });
}
