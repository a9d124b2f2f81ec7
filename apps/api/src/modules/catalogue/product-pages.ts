/**
 * The product pages as the server answers them (issue 20): `/products/:id` is a page only for an
 * product on sale (catalogue/on-sale.ts; anything else is the app's 404, with status 404: http/spa.ts), and the sitemap
 * lists every page of a product on sale (http/crawlers.ts).
 */
import type { EntityManager } from 'typeorm';
import { CategoryEntity } from '@shop/db';
import { onSale } from './on-sale';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PRODUCT_PAGE_ROUTE = '/products/:id';

/** Whether the page at `pathname` (matched by the site route `routePath`) shows something. */
export async function sitePageExists(
  db: EntityManager,
  routePath: string,
  pathname: string,
): Promise<boolean> {
  if (routePath !== PRODUCT_PAGE_ROUTE) return true;
  const id = pathname.split('/').filter(Boolean)[1] ?? '';
  if (!UUID.test(id)) return false;
  const rows: unknown[] = await db.query(`SELECT 1 FROM products p WHERE p.id = $1 AND ${onSale('p')}`, [id]);
  return rows.length > 0;
}

/** Every active product's page path, by name (the sitemap). */
export async function productPagePaths(db: EntityManager): Promise<string[]> {
  const rows: { id: string }[] = await db.query(
    `SELECT p.id FROM products p WHERE ${onSale('p')} ORDER BY p.name, p.id`,
  );
  return rows.map((row) => `/products/${row.id}`);
}

/** The catalogue's pages for the sitemap: each category's page of the storefront, by name, then each product's. */
export async function cataloguePagePaths(db: EntityManager): Promise<string[]> {
  const categories = await db
    .getRepository(CategoryEntity)
    .find({ select: { id: true }, order: { name: 'ASC' } });
  return [...categories.map((category) => `/?category=${category.id}`), ...(await productPagePaths(db))];
}
