/**
 * Database helpers for the admin browser tests: the e2e database (E2E_DATABASE_URL, set by the
 * global setup) read directly, and orders written as placement leaves them, so the order screens
 * have something to manage whatever the checkout code does.
 */
import pg from 'pg';
import { expect, type Locator, type Page } from '@playwright/test';

export async function sql<T = Record<string, unknown>>(text: string, params: unknown[] = []): Promise<T[]> {
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    return (await client.query(text, params)).rows as T[];
  } finally {
    await client.end();
  }
}

export interface PlacedOrder {
  id: string;
  productId: string;
  productName: string;
  quantity: number;
}

/** A pending order of the demo customer for `quantity` of an active product with enough stock. */
export async function placeOrder(
  options: { quantity?: number; status?: string; paymentMethod?: string; notes?: string } = {},
): Promise<PlacedOrder> {
  const quantity = options.quantity ?? 2;
  const client = new pg.Client({ connectionString: process.env.E2E_DATABASE_URL });
  await client.connect();
  try {
    await client.query('BEGIN');
    const {
      rows: [product],
    } = await client.query(
      `SELECT id, name, price FROM products WHERE is_active AND stock >= $1 + 20 ORDER BY name LIMIT 1 FOR UPDATE`,
      [quantity],
    );
    const {
      rows: [order],
    } = await client.query(
      `INSERT INTO orders (user_id, status, payment_method, total, shipping_address, notes, card_holder_name, card_last_four)
       SELECT id, $1, $2, $3::numeric * $4, '42 Market Street, Springfield, IL 62701, US', $5, 'Casey Customer', '4242'
       FROM users WHERE email = 'customer@example.com'
       RETURNING id`,
      [
        options.status ?? 'pending',
        options.paymentMethod ?? 'card',
        product.price,
        quantity,
        options.notes ?? null,
      ],
    );
    await client.query(
      `INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, $3, $4)`,
      [order.id, product.id, quantity, product.price],
    );
    await client.query(`UPDATE products SET stock = stock - $2 WHERE id = $1`, [product.id, quantity]);
    await client.query('COMMIT');
    return { id: order.id, productId: product.id, productName: product.name, quantity };
  } catch (error) {
    await client.query('ROLLBACK');
    throw error;
  } finally {
    await client.end();
  }
}

export async function stockOf(productId: string): Promise<number> {
  const [row] = await sql<{ stock: number }>(`SELECT stock FROM products WHERE id = $1`, [productId]);
  return row!.stock;
}

/** The value of the stat card labelled `label`. */
export function statValue(page: Page, label: string): Locator {
  return page
    .getByTestId('stat-card')
    .filter({ has: page.getByText(label, { exact: true }) })
    .getByTestId('stat-value');
}

/** The sidebar's links, by name. */
export async function sidebarItems(page: Page): Promise<string[]> {
  const nav = page.getByRole('navigation', { name: 'Admin sections' });
  await expect(nav).toBeVisible();
  return nav
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? ''));
}

/** '$1234.50' for cents. */
export function dollars(cents: number): string {
  return `$${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;
}
