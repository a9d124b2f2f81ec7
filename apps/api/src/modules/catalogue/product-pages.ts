/**
 * The product pages as the server answers them (issue 20, issue 33 item 13): `/products/:id` is a
 * page only for a product on sale (catalogue/on-sale.ts; anything else is the app's 404, with status
 * 404: http/spa.ts), its head names the product (title, description, Open Graph name, price and
 * picture) so a shared link previews it before the app runs, and the sitemap lists every page of a
 * product on sale (http/crawlers.ts).
 */
import type { EntityManager } from 'typeorm';
import { CategoryEntity } from '@shop/db';
import { formatMoney, priceBasisLabel, type MeasureUnit } from '@shop/schema';
import type { PageHead } from '../../http/spa';
import { readSettings } from '../settings';
import { onSale } from './on-sale';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const PRODUCT_PAGE_ROUTE = '/products/:id';
/** Search engines show about this many characters of a description. */
const DESCRIPTION_MAX = 160;

interface ProductHeadRow {
  name: string;
  description: string | null;
  price: string;
  image_url: string | null;
  measure_unit: MeasureUnit | null;
}

/** Text cut at a word to `max` characters, with an ellipsis when cut. */
function clip(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), max / 2)).trimEnd()}…`;
}

/**
 * The head of the page at `pathname` (matched by the site route `routePath`): a product's own for
 * a product on sale, the route's for any other page, null for a product page that shows nothing.
 */
export async function sitePageHead(
  db: EntityManager,
  routePath: string,
  pathname: string,
): Promise<PageHead | null> {
  if (routePath !== PRODUCT_PAGE_ROUTE) return {};
  const id = pathname.split('/').filter(Boolean)[1] ?? '';
  if (!UUID.test(id)) return null;
  const [product]: ProductHeadRow[] = await db.query(
    `SELECT p.name, p.description, p.price::text AS price, p.image_url, p.measure_unit
     FROM products p WHERE p.id = $1 AND ${onSale('p')}`,
    [id],
  );
  if (!product) return null;
  const { currency } = await readSettings(db);
  // '$24.99 / kg' for a product sold by weight, '$8.75' for a piece.
  const price = `${formatMoney(product.price, currency)} ${priceBasisLabel(product.measure_unit)}`.trimEnd();
  return {
    title: product.name,
    description: clip(`${product.name}, ${price}. ${product.description ?? ''}`, DESCRIPTION_MAX),
    type: 'product',
    image: product.image_url,
    price: { amount: product.price, currency },
  };
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
