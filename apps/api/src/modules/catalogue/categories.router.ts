import { z } from 'zod';
import {
  AdminCategoryDto,
  CategoryDeleteInput,
  CategoryDeleteResult,
  CategoryDto,
  CategoryIdInput,
  CategoryInput,
  CategoryOrderInput,
  CategoryUpdateInput,
  StorefrontCategoryDto,
} from '@shop/schema';
import { can, publicProcedure, router } from '../../trpc/trpc';
import {
  createCategory,
  deleteCategory,
  getAdminCategory,
  listAdminCategories,
  listCategories,
  listStorefrontCategories,
  reorderCategories,
  updateCategory,
} from './categories.service';

export const categoriesRouter = router({
  /** GET /api/categories: the active categories, the spec's fields, in the storefront's order. */
  list: publicProcedure.output(z.array(CategoryDto)).query(({ ctx }) => listCategories(ctx)),
  /** The storefront's category cards (with pictures). */
  storefront: publicProcedure
    .output(z.array(StorefrontCategoryDto))
    .query(({ ctx }) => listStorefrontCategories(ctx)),
  /** Admin → Categories: every category with its product count and edit version. */
  adminList: can('categories:read')
    .output(z.array(AdminCategoryDto))
    .query(({ ctx }) => listAdminCategories(ctx)),
  byId: can('categories:read')
    .input(CategoryIdInput)
    .output(AdminCategoryDto)
    .query(({ ctx, input }) => getAdminCategory(ctx, input.id)),
  /** POST /api/categories (201). */
  create: can('categories:create')
    .input(CategoryInput)
    .output(AdminCategoryDto)
    .mutation(({ ctx, input }) => createCategory(ctx, input)),
  /** PATCH /api/categories/:id: the fields sent. */
  update: can('categories:update')
    .input(CategoryUpdateInput)
    .output(AdminCategoryDto)
    .mutation(({ ctx, input }) => updateCategory(ctx, input)),
  /** PUT /api/categories/order: the storefront's order, every id once. */
  reorder: can('categories:update')
    .input(CategoryOrderInput)
    .output(z.array(AdminCategoryDto))
    .mutation(({ ctx, input }) => reorderCategories(ctx, input)),
  /** DELETE /api/categories/:id[?moveProductsTo=…]. */
  delete: can('categories:delete')
    .input(CategoryDeleteInput)
    .output(CategoryDeleteResult)
    .mutation(({ ctx, input }) => deleteCategory(ctx, input)),
});
