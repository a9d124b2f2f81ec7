/**
 * The product pages as the server answers them (issue 20): `/products/:id` is a page only for an
 * active product (anything else is the app's 404, with status 404: http/spa.ts), and the sitemap
 * lists every active product's page (http/crawlers.ts).
 */
import type { EntityManager } from 'typeorm';

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
  const rows: unknown[] = await db.query(`SELECT 1 FROM products WHERE id = $1 AND is_active`, [id]);
  return rows.length > 0;
}

/** Every active product's page path, by name (the sitemap). */
export async function productPagePaths(db: EntityManager): Promise<string[]> {
  const rows: { id: string }[] = await db.query(`SELECT id FROM products WHERE is_active ORDER BY name, id`);
  return rows.map((row) => `/products/${row.id}`);
}
