/**
 * The catalogue as shoppers and staff read it. Shoppers see active products in the storefront
 * view; staff who may see every product (`products:read_all`) get the admin view of all of them.
 */
import type { AdminProductDto, ProductDto, ProductListInput } from '@shop/schema';
import type { ServiceContext } from '../../context';
import { NotFoundError } from '../../errors';

interface ProductRow {
  id: string;
  name: string;
  description: string | null;
  price: string;
  unit: string;
  stock: number;
  image_url: string | null;
  category_id: string | null;
  is_organic: boolean;
  is_gluten_free: boolean;
  sku: string;
  low_stock_threshold: number;
  is_active: boolean;
  category_name: string | null;
  created_at: Date;
  updated_at: Date;
}

type StorefrontRow = Pick<
  ProductRow,
  | 'id'
  | 'name'
  | 'description'
  | 'price'
  | 'unit'
  | 'stock'
  | 'image_url'
  | 'category_id'
  | 'is_organic'
  | 'is_gluten_free'
>;

const SELECT_PRODUCTS = `
  SELECT p.id, p.name, p.description, p.price, p.unit, p.stock, p.image_url, p.category_id,
         p.is_organic, p.is_gluten_free, p.sku, p.low_stock_threshold, p.is_active,
         p.created_at, p.updated_at, c.name AS category_name
  FROM products p
  LEFT JOIN categories c ON c.id = p.category_id`;

/**
 * The storefront view's columns only: no timestamps to parse, no admin fields, and the category
 * joined only when a search matches its name (docs/benchmarks.md).
 */
const SELECT_STOREFRONT_PRODUCTS = (joinCategory: boolean) => `
  SELECT p.id, p.name, p.description, p.price, p.unit, p.stock, p.image_url, p.category_id,
         p.is_organic, p.is_gluten_free
  FROM products p${joinCategory ? ' LEFT JOIN categories c ON c.id = p.category_id' : ''}`;

function toProductDto(row: StorefrontRow): ProductDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price: row.price,
    unit: row.unit,
    stock: row.stock,
    imageUrl: row.image_url,
    categoryId: row.category_id,
    isOrganic: row.is_organic,
    isGlutenFree: row.is_gluten_free,
  };
}

function toAdminProductDto(row: ProductRow): AdminProductDto {
  return {
    ...toProductDto(row),
    sku: row.sku,
    lowStockThreshold: row.low_stock_threshold,
    isActive: row.is_active,
    category: row.category_id && row.category_name ? { id: row.category_id, name: row.category_name } : null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function seesAllProducts(ctx: ServiceContext): boolean {
  return ctx.user?.permissions.has('products:read_all') ?? false;
}

/** Escapes LIKE wildcards so a search for '50%' means the characters. */
function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

export async function listProducts(
  ctx: ServiceContext,
  input: ProductListInput,
): Promise<ProductDto[] | AdminProductDto[]> {
  const all = seesAllProducts(ctx);
  const where: string[] = [];
  const params: unknown[] = [];
  if (!all) where.push('p.is_active');
  if (input?.categoryId) {
    params.push(input.categoryId);
    where.push(`p.category_id = $${params.length}`);
  }
  if (input?.search) {
    params.push(likePattern(input.search));
    const n = params.length;
    where.push(`(p.name ILIKE $${n} OR p.description ILIKE $${n} OR c.name ILIKE $${n})`);
  }
  if (input?.cursor) {
    // Keyset paging: after the cursor product in (name, id) order; an unknown cursor is an empty page.
    params.push(input.cursor);
    where.push(
      `(p.name, p.id) > (SELECT after.name, after.id FROM products after WHERE after.id = $${params.length})`,
    );
  }
  let page = '';
  if (input?.limit !== undefined) {
    params.push(input.limit);
    page = ` LIMIT $${params.length}`;
  }
  if (input?.offset) {
    params.push(input.offset);
    page += ` OFFSET $${params.length}`;
  }
  const select = all ? SELECT_PRODUCTS : SELECT_STOREFRONT_PRODUCTS(Boolean(input?.search));
  const sql = `${select} ${where.length ? `WHERE ${where.join(' AND ')}` : ''} ORDER BY p.name, p.id${page}`;
  const rows: ProductRow[] = await ctx.db.query(sql, params);
  return all ? rows.map(toAdminProductDto) : rows.map(toProductDto);
}

export async function getProduct(ctx: ServiceContext, id: string): Promise<ProductDto | AdminProductDto> {
  const all = seesAllProducts(ctx);
  const rows: ProductRow[] = await ctx.db.query(
    `${SELECT_PRODUCTS} WHERE p.id = $1 ${all ? '' : 'AND p.is_active'}`,
    [id],
  );
  const row = rows[0];
  if (!row) throw new NotFoundError('Product');
  return all ? toAdminProductDto(row) : toProductDto(row);
}
