/**
 * The catalogue as shoppers and staff read it. Shoppers see the products on sale (on-sale.ts) in
 * the storefront view; staff who may see every product (`products:read_all`) get the admin view of all of them.
 */
import type {
  AdminProductDto,
  AdminProductPageDto,
  AdminProductPageQuery,
  FacetCounts,
  ProductDetailDto,
  ProductDto,
  ProductFacetsInput,
  ProductListInput,
  ProductPage,
  ProductPageInput,
} from '@shop/schema';
import { ALLERGENS, DIETARY_LABELS, PRODUCT_PAGE_MAX } from '@shop/schema';
import type { ServiceContext } from '../../context';
import { NotFoundError } from '../../errors';
import { likePattern } from '../../sql/like-pattern';
import { onSale } from './on-sale';
import {
  facetCountColumns,
  findProductRow,
  foodFactsConditions,
  selectProducts,
  selectStorefrontProducts,
  toAdminProductDto,
  toProductDetailDto,
  toProductDto,
  type FoodFactsFilter,
  type ProductRow,
  type StorefrontRow,
} from './product.repository';

export { readAdminProduct } from './product.repository';

function seesAllProducts(ctx: ServiceContext): boolean {
  return ctx.user?.permissions.has('products:read_all') ?? false;
}

interface ProductFilter extends FoodFactsFilter {
  /** Only what shoppers may see (on-sale.ts). */
  onSaleOnly: boolean;
  categoryId?: string;
  search?: string;
  /** Keyset paging: only products after this one in (name, id) order. */
  after?: string;
}

/**
 * pg_trgm can use its index for a pattern with a run of three letters or digits; for a shorter term
 * the trigram indexes would be read whole, and walking the name index is faster.
 */
const INDEXABLE_TERM = /[\p{L}\p{N}]{3}/u;

/** What a search matches besides the category's name: the storefront's and the staff screens' columns. */
const STOREFRONT_SEARCH = ['name', 'description'] as const;
const STAFF_SEARCH = ['name', 'sku'] as const;
type SearchColumns = typeof STOREFRONT_SEARCH | typeof STAFF_SEARCH;

/**
 * A search over `columns` and the category's name (the pattern is parameter $n). Returns where the
 * query reads its products from (aliased p), adding to `where` what it filters by.
 *
 * For a term the trigram indexes can serve, that is only the matching products: a UNION of the
 * column matches (the trigram indexes) and the matching category's products (its index), which the
 * planner cannot turn back into a walk of the name index past every product (a rare term walked
 * all 10,000 of the large data set: 13–21 ms → 0.5–3 ms, docs/benchmarks.md "Search"). A shorter
 * term filters the table while walking the name index, where it finds its page at once.
 */
function searchSource(term: string, n: number, columns: SearchColumns, where: string[]): string {
  const matchesColumn = (alias: string) =>
    columns.map((column) => `${alias}.${column} ILIKE $${n}`).join(' OR ');
  if (INDEXABLE_TERM.test(term)) {
    return `(SELECT s.* FROM products s WHERE ${matchesColumn('s')}
     UNION
     SELECT s.* FROM products s JOIN categories sc ON sc.id = s.category_id WHERE sc.name ILIKE $${n}) p`;
  }
  where.push(
    `(${matchesColumn('p')} OR p.category_id IN (SELECT sc.id FROM categories sc WHERE sc.name ILIKE $${n}))`,
  );
  return 'products p';
}

/**
 * Where a catalogue query reads its products from (`from`, aliased p) and its WHERE clause; the
 * values go into `params`.
 */
function catalogueQuery(filter: ProductFilter, params: unknown[]): { from: string; where: string } {
  let from = 'products p';
  const where: string[] = [];
  if (filter.onSaleOnly) where.push(onSale('p'));
  if (filter.categoryId) {
    params.push(filter.categoryId);
    where.push(`p.category_id = $${params.length}`);
  }
  if (filter.search) {
    params.push(likePattern(filter.search));
    from = searchSource(filter.search, params.length, STOREFRONT_SEARCH, where);
  }
  where.push(...foodFactsConditions(filter, params));
  if (filter.after) {
    // An unknown cursor is an empty page.
    params.push(filter.after);
    where.push(
      `(p.name, p.id) > (SELECT after.name, after.id FROM products after WHERE after.id = $${params.length})`,
    );
  }
  return { from, where: where.length ? `WHERE ${where.join(' AND ')}` : '' };
}

export async function listProducts(
  ctx: ServiceContext,
  input: ProductListInput,
): Promise<ProductDto[] | AdminProductDto[]> {
  const all = seesAllProducts(ctx);
  const params: unknown[] = [];
  const query = catalogueQuery(
    { onSaleOnly: !all, categoryId: input?.categoryId, search: input?.search, after: input?.cursor },
    params,
  );
  let page = '';
  // Without a limit the answer is the whole catalogue (the spec's GET /api/products) — for people
  // who signed in. A visitor's unbounded request gets the first page: the public cannot make the
  // shop read and send every product at will.
  const limit = input?.limit ?? (ctx.user ? undefined : PRODUCT_PAGE_MAX);
  if (limit !== undefined) {
    params.push(limit);
    page = ` LIMIT $${params.length}`;
  }
  if (input?.offset) {
    params.push(input.offset);
    page += ` OFFSET $${params.length}`;
  }
  const select = all ? selectProducts(query.from) : selectStorefrontProducts(query.from);
  const rows: ProductRow[] = await ctx.db.query(
    `${select} ${query.where} ORDER BY p.name, p.id${page}`,
    params,
  );
  return all ? rows.map(toAdminProductDto) : rows.map(toProductDto);
}

/**
 * The storefront's catalogue page (header search, category filter, "Load more"): active products
 * only (on-sale.ts), whoever asks, with the number of matches and the cursor of the next page.
 */
export async function productPage(ctx: ServiceContext, input: ProductPageInput): Promise<ProductPage> {
  const filter: ProductFilter = {
    onSaleOnly: true,
    categoryId: input.categoryId,
    search: input.search,
    freeFrom: input.freeFrom,
    dietaryLabels: input.dietaryLabels,
  };
  const params: unknown[] = [];
  const count = catalogueQuery(filter, params);
  const page = catalogueQuery({ ...filter, after: input.cursor ?? undefined }, params);
  params.push(input.limit + 1); // one more than asked tells whether a next page exists
  // One statement: the count's one row, joined to the page's rows (a row of NULLs for an empty page).
  const rows: (Partial<StorefrontRow> & { total: number })[] = await ctx.db.query(
    `SELECT page.*, counted.total
       FROM (SELECT count(*)::int AS total FROM ${count.from} ${count.where}) counted
       LEFT JOIN LATERAL (
         ${selectStorefrontProducts(page.from)} ${page.where} ORDER BY p.name, p.id LIMIT $${params.length}
       ) page ON true
      ORDER BY page.name, page.id`,
    params,
  );
  const found = rows.filter((row): row is StorefrontRow & { total: number } => row.id != null);
  const items = found.slice(0, input.limit).map(toProductDto);
  return {
    items,
    total: rows[0]?.total ?? 0,
    nextCursor: found.length > input.limit ? items[items.length - 1]!.id : null,
  };
}

/**
 * The staff product screens: every product (active or not) in the admin view, a page at a time in
 * name order, searched over name, SKU and category name, optionally only those running low.
 */
export async function adminProductPage(
  ctx: ServiceContext,
  input: AdminProductPageQuery,
): Promise<AdminProductPageDto> {
  const { page, pageSize } = input;
  let from = 'products p';
  const where: string[] = [];
  const params: unknown[] = [];
  if (input.categoryId) {
    params.push(input.categoryId);
    where.push(`p.category_id = $${params.length}`);
  }
  if (input.search) {
    params.push(likePattern(input.search));
    from = searchSource(input.search, params.length, STAFF_SEARCH, where);
  }
  if (input.lowStockOnly) where.push('p.stock <= p.low_stock_threshold');
  if (input.status === 'active') where.push('p.is_active');
  if (input.status === 'inactive') where.push('NOT p.is_active');
  const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  params.push(pageSize, (page - 1) * pageSize);
  const [rows, counted]: [ProductRow[], { total: number }[]] = await Promise.all([
    ctx.db.query(
      `${selectProducts(from)} ${filter} ORDER BY p.name, p.id LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    ctx.db.query(`SELECT count(*)::int AS total FROM ${from} ${filter}`, countParams),
  ]);
  return { items: rows.map(toAdminProductDto), total: counted[0]?.total ?? 0, page, pageSize };
}

export async function getProduct(
  ctx: ServiceContext,
  id: string,
): Promise<ProductDetailDto | AdminProductDto> {
  const all = seesAllProducts(ctx);
  const row = await findProductRow(ctx.db, id, { onSaleOnly: !all });
  if (!row) throw new NotFoundError('Product');
  return all ? toAdminProductDto(row) : toProductDetailDto(row);
}

/**
 * How many active products each storefront filter option would show (issue 20): for every allergen,
 * the products of the current filter that are also free from it; for every label, those that also
 * carry it. One pass over the current filter's matches (a category, a search, the chosen options).
 */
export async function productFacets(ctx: ServiceContext, input: ProductFacetsInput): Promise<FacetCounts> {
  const params: unknown[] = [];
  const query = catalogueQuery(
    {
      onSaleOnly: true,
      categoryId: input.categoryId,
      search: input.search,
      freeFrom: input.freeFrom,
      dietaryLabels: input.dietaryLabels,
    },
    params,
  );
  const [row]: Record<string, number>[] = await ctx.db.query(
    `SELECT count(*)::int AS total,
         ${facetCountColumns()}
       FROM ${query.from} ${query.where}`,
    params,
  );
  return {
    total: row?.total ?? 0,
    freeFrom: Object.fromEntries(
      ALLERGENS.map((allergen, i) => [allergen, row?.[`free_${i}`] ?? 0]),
    ) as FacetCounts['freeFrom'],
    dietaryLabels: Object.fromEntries(
      DIETARY_LABELS.map((label, i) => [label, row?.[`label_${i}`] ?? 0]),
    ) as FacetCounts['dietaryLabels'],
  };
}
