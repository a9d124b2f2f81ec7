/**
 * Test helpers for the admin modules: callers acting as a seeded demo user (with the permissions of
 * DEFAULT_ROLE_PERMISSIONS), and orders written straight into the tables as order placement would
 * leave them (stock already taken off the products).
 */
import type { FastifyBaseLogger } from 'fastify';
import { expect } from 'vitest';
import type { DataSource } from 'typeorm';
import { UserEntity } from '@shop/db';
import {
  centsToDecimal,
  permissionsForRole,
  toCents,
  type OrderStatus,
  type PaymentMethod,
} from '@shop/schema';
import type { CurrentUser, RequestContext } from '../context';
import { createCaller } from '../app-router';
import { toCurrentUser } from '../modules/identity/request-user';
import { insertProduct, type ProductValues } from '../modules/catalogue/product.repository';

export const DEMO_EMAILS = {
  admin: 'admin@example.com',
  inventory_manager: 'inventory@example.com',
  sales_manager: 'sales@example.com',
  customer: 'customer@example.com',
} as const;
export type DemoRole = keyof typeof DEMO_EMAILS;
export const DEMO_ROLES = Object.keys(DEMO_EMAILS) as DemoRole[];

const silentLogger = {
  level: 'silent',
  fatal() {},
  error() {},
  warn() {},
  info() {},
  debug() {},
  trace() {},
  silent() {},
  child() {
    return silentLogger;
  },
} as unknown as FastifyBaseLogger;

export async function currentUser(dataSource: DataSource, email: string): Promise<CurrentUser> {
  const user = await dataSource.manager.findOne(UserEntity, { where: { email } });
  if (!user) throw new Error(`No user ${email}`);
  return toCurrentUser(user, new Set(permissionsForRole(user.role)));
}

export function contextFor(dataSource: DataSource, user: CurrentUser | null): RequestContext {
  return {
    dataSource,
    db: dataSource.manager,
    user,
    log: silentLogger,
    req: {} as RequestContext['req'],
    res: {} as RequestContext['res'],
  };
}

export type Caller = ReturnType<typeof createCaller>;

/** A caller signed in as the demo user of `role`, or anonymous with null. */
export async function callerAs(dataSource: DataSource, role: DemoRole | null): Promise<Caller> {
  const user = role ? await currentUser(dataSource, DEMO_EMAILS[role]) : null;
  return createCaller(contextFor(dataSource, user));
}

export interface TestProduct {
  id: string;
  name: string;
  stock: number;
  price: string;
}

/** A fresh active product of its own (so tests never share stock), in the first category. */
export async function makeProduct(
  dataSource: DataSource,
  overrides: {
    stock?: number;
    price?: string;
    lowStockThreshold?: number;
    isActive?: boolean;
    name?: string;
    categoryId?: string;
  } & Partial<
    Pick<ProductValues, 'allergens' | 'mayContain' | 'dietaryLabels' | 'ingredients' | 'nutrition'>
  > = {},
): Promise<TestProduct> {
  const suffix = Math.random().toString(36).slice(2, 10).toUpperCase();
  const { stock, price, lowStockThreshold, isActive, name, categoryId, ...foodFacts } = overrides;
  const [category]: { id: string }[] = categoryId
    ? [{ id: categoryId }]
    : await dataSource.query(`SELECT id FROM categories ORDER BY name LIMIT 1`);
  const values = {
    name: name ?? `Test product ${suffix}`,
    description: 'A test product',
    price: price ?? '2.50',
    unit: 'each',
    stock: stock ?? 100,
    categoryId: category!.id,
    imageUrl: null,
    sku: `TEST-${suffix}`,
    lowStockThreshold: lowStockThreshold ?? 10,
    isActive: isActive ?? true,
    ...foodFacts,
  };
  const id = await insertProduct(dataSource.manager, values);
  const [row]: TestProduct[] = await dataSource.query(
    `SELECT id, name, stock, price FROM products WHERE id = $1`,
    [id],
  );
  return row!;
}

export interface TestOrderOptions {
  email?: string;
  status?: OrderStatus;
  paymentMethod?: PaymentMethod;
  paymentStatus?: string;
  items: { productId: string; quantity: number; price?: string }[];
  shippingAddress?: string;
  notes?: string | null;
}

/** An order as placement leaves it: items at the products' prices, stock taken off. */
export async function makeOrder(dataSource: DataSource, options: TestOrderOptions): Promise<string> {
  return dataSource.transaction(async (tx) => {
    const [user] = await tx.query(`SELECT id FROM users WHERE email = $1`, [
      options.email ?? DEMO_EMAILS.customer,
    ]);
    const lines: { productId: string; quantity: number; price: string }[] = [];
    for (const item of options.items) {
      const [product] = await tx.query(`SELECT price FROM products WHERE id = $1`, [item.productId]);
      lines.push({ productId: item.productId, quantity: item.quantity, price: item.price ?? product.price });
    }
    const total = lines.reduce((sum, line) => sum + (toCents(line.price) ?? 0) * line.quantity, 0);
    const method = options.paymentMethod ?? 'card';
    const [order] = await tx.query(
      `INSERT INTO orders (user_id, status, payment_method, payment_status, total, shipping_address, notes,
                           card_holder_name, card_last_four, bank_name, bank_account_number)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING id`,
      [
        user.id,
        options.status ?? 'pending',
        method,
        options.paymentStatus ?? 'pending',
        centsToDecimal(total),
        options.shippingAddress ?? '1 Test Street, Springfield, IL 62701, US',
        options.notes ?? null,
        method === 'card' ? 'Casey Customer' : null,
        method === 'card' ? '4242' : null,
        method === 'bank_transfer' ? 'Test Bank' : null,
        method === 'bank_transfer' ? '12345678' : null,
      ],
    );
    for (const line of lines) {
      await tx.query(
        `INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, $3, $4)`,
        [order.id, line.productId, line.quantity, line.price],
      );
      await tx.query(`UPDATE products SET stock = stock - $2 WHERE id = $1`, [line.productId, line.quantity]);
    }
    return order.id as string;
  });
}

export async function stockOf(dataSource: DataSource, productId: string): Promise<number> {
  const [row] = await dataSource.query(`SELECT stock FROM products WHERE id = $1`, [productId]);
  return row.stock;
}

/** The tRPC error code a call failed with (undefined when it succeeded). */
export async function codeOf(call: Promise<unknown>): Promise<string | undefined> {
  try {
    await call;
    return undefined;
  } catch (error) {
    return (error as { code?: string }).code;
  }
}

/** The error a call failed with; throws when it succeeded. */
export async function failureOf(call: Promise<unknown>): Promise<Error & { code: string }> {
  try {
    await call;
  } catch (error) {
    return error as Error & { code: string };
  }
  throw new Error('Expected the call to fail');
}

/** A response body must never carry a stack trace or SQL (docs/architecture.md §3). */
export function expectNoInternals(body: string): void {
  expect(body).not.toMatch(/\n\s+at /);
  expect(body).not.toMatch(/\b(SELECT|INSERT|UPDATE|DELETE)\b[\s\S]*\b(FROM|INTO|SET|WHERE)\b/);
  expect(body).not.toMatch(/QueryFailedError|TypeORMError|ZodError|node_modules|\.ts:\d+/);
}
