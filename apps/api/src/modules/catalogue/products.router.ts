import { z } from 'zod';
import type { ProductListItem } from '@shop/schema';
import {
  SIMILAR_PRODUCTS_LIMIT,
  SimilarProductDto,
  SimilarProductsInput,
  AdminProductDto,
  AdminProductPageDto,
  AdminProductPageInput,
  ProductDeleteResult,
  FacetCounts,
  ProductDetailDto,
  ProductDto,
  ProductFacetsInput,
  ProductIdInput,
  ProductInput,
  ProductListInput,
  ProductPage,
  ProductPageInput,
  ProductStockPatchInput,
  ProductUpdateInput,
} from '@shop/schema';
import { can, publicProcedure, router } from '../../trpc/trpc';
import { similarProducts } from './products-for-orders.repository';
import { adminProductPage, getProduct, listProducts, productFacets, productPage } from './products.service';
import { createProduct, deleteProduct, patchProductStock, replaceProduct } from './products-admin.service';
import { anonymousSearchLimit } from './products.rate-limit';
import { assertStockWriteAllowed } from './stock-write-rules';

/**
 * The listing's output check: the contract of `z.array(ProductListItem)`, in one pass per page. A
 * storefront page is checked (and stripped) as ProductDto items, a staff page as AdminProductDto
 * items — instead of trying the admin shape first on every storefront item, which cost a failed
 * parse per product (docs/benchmarks.md). A page is all of one view: the service picks it.
 */
const ProductListOutput = z.union([
  z.array(z.strictObject(ProductDto.shape)),
  z.array(AdminProductDto),
]) as unknown as z.ZodType<ProductListItem[]>;

export const productsRouter = router({
  list: publicProcedure
    .input(ProductListInput)
    .use(anonymousSearchLimit)
    .output(ProductListOutput)
    .query(({ ctx, input }) => listProducts(ctx, input)),
  /** The storefront's search and category filter, a page at a time with the number of matches. */
  page: publicProcedure
    .input(ProductPageInput)
    .use(anonymousSearchLimit)
    .output(ProductPage)
    .query(({ ctx, input }) => productPage(ctx, input)),
  /** The staff product screens (admin Products, Inventory): a page of every product and how many match. */
  adminPage: can('products:read_all')
    .input(AdminProductPageInput)
    .output(AdminProductPageDto)
    .query(({ ctx, input }) => adminProductPage(ctx, input)),
  /**
   * The storefront filters' counts (issue 20): how many products each "Free from" and dietary
   * label option would show with the rest of the filter. Public and cacheable like `page`.
   */
  facets: publicProcedure
    .input(ProductFacetsInput)
    .use(anonymousSearchLimit)
    .output(FacetCounts)
    .query(({ ctx, input }) => productFacets(ctx, input)),
  /** One product: the product page's view (food facts in full), or the admin view to staff. */
  byId: publicProcedure
    .input(ProductIdInput)
    .output(z.union([AdminProductDto, ProductDetailDto]))
    .query(({ ctx, input }) => getProduct(ctx, input.id)),
  /** Products that could stand in for this one (checkout's substitution choice): in stock, nearest price first. */
  similar: publicProcedure
    .input(SimilarProductsInput)
    .output(z.array(SimilarProductDto))
    .query(({ ctx, input }) => similarProducts(ctx.db, input.productId, SIMILAR_PRODUCTS_LIMIT)),
  /** POST /api/products (201). */
  create: can('products:create')
    .input(ProductInput)
    .output(AdminProductDto)
    .mutation(({ ctx, input }) => createProduct(ctx, input)),
  /** PUT /api/products/:id: the whole form again; a stock value also needs `inventory:update` and a precondition. */
  update: can('products:update')
    .input(ProductUpdateInput)
    .use(({ ctx, input, next }) => {
      assertStockWriteAllowed(ctx.user.permissions, input);
      return next();
    })
    .output(AdminProductDto)
    .mutation(({ ctx, input }) => replaceProduct(ctx, input)),
  /** PATCH /api/products/:id: stock and/or low-stock threshold, with an optional reason. */
  patch: can('inventory:update')
    .input(ProductStockPatchInput)
    .output(AdminProductDto)
    .mutation(({ ctx, input }) => patchProductStock(ctx, input)),
  /** DELETE /api/products/:id: deletes, or deactivates a product that appears in orders. */
  delete: can('products:delete')
    .input(ProductIdInput)
    .output(ProductDeleteResult)
    .mutation(({ ctx, input }) => deleteProduct(ctx, input.id)),
});
