/**
 * Test helpers for orders, addresses and profile: users inserted straight into the database (with
 * the permissions of their role's defaults), callers acting as them through `createCaller`, and
 * products of a test's own.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { DataSource } from 'typeorm';
import { CategoryEntity, ProductEntity, UserEntity } from '@shop/db';
import { permissionsForRole, type Role } from '@shop/schema';
import type { CurrentUser, RequestContext } from '../context';
import { createCaller } from '../app-router';
import { toPublicError, type PublicError } from '../errors';
import { toCurrentUser as sessionUser } from '../modules/identity/request-user';

export type Caller = ReturnType<typeof createCaller>;

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

export const uniqueEmail = (prefix = 'shopper') => `${prefix}-${randomBytes(5).toString('hex')}@example.com`;

/** The caller a signed-in `user` would be, with their role's default permissions. */
export function toCurrentUser(user: UserEntity): CurrentUser {
  return sessionUser(user, new Set(permissionsForRole(user.role)));
}

/** A new user of `role` (a customer by default). */
export async function makeUser(
  dataSource: DataSource,
  role: Role = 'customer',
  fields: Partial<UserEntity> = {},
) {
  const manager = dataSource.manager;
  const user = await manager.save(
    manager.create(UserEntity, {
      email: uniqueEmail(role),
      firstName: 'Test',
      lastName: role,
      role,
      ...fields,
    }),
  );
  return toCurrentUser(user);
}

/** The seeded demo user with this email. */
export async function demoUser(dataSource: DataSource, email: string): Promise<CurrentUser> {
  const user = await dataSource.manager.findOneOrFail(UserEntity, { where: { email } });
  return toCurrentUser(user);
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

export const callerFor = (dataSource: DataSource, user: CurrentUser | null): Caller =>
  createCaller(contextFor(dataSource, user));

/** A product of the test's own: price '2.50' and stock 100 unless told. */
export async function makeProduct(
  dataSource: DataSource,
  fields: Partial<Pick<ProductEntity, 'name' | 'price' | 'stock' | 'isActive' | 'imageUrl'>> = {},
): Promise<ProductEntity> {
  const manager = dataSource.manager;
  const category = await manager.save(
    manager.create(CategoryEntity, { name: `Cat ${randomBytes(4).toString('hex')}` }),
  );
  return manager.save(
    manager.create(ProductEntity, {
      name: `Test product ${randomBytes(3).toString('hex')}`,
      description: 'Made by a test',
      price: '2.50',
      unit: 'each',
      stock: 100,
      sku: `T-${randomBytes(6).toString('hex')}`,
      categoryId: category.id,
      ...fields,
    }),
  );
}

export async function stockOf(dataSource: DataSource, productId: string): Promise<number> {
  const [row] = await dataSource.query('SELECT stock FROM products WHERE id = $1', [productId]);
  return row.stock;
}

export async function orderCount(dataSource: DataSource, userId?: string): Promise<number> {
  const [row] = await dataSource.query(
    `SELECT count(*)::int AS n FROM orders ${userId ? 'WHERE user_id = $1' : ''}`,
    userId ? [userId] : [],
  );
  return row.n;
}

/** A valid card order body for these products (one of each, at their prices). */
export function cardOrder(products: { id: string; price: string }[], quantity = 1) {
  const totalCents = products.reduce((sum, p) => sum + Math.round(Number(p.price) * 100) * quantity, 0);
  return {
    items: products.map((p) => ({ productId: p.id, quantity, price: p.price })),
    total: (totalCents / 100).toFixed(2),
    paymentMethod: 'card' as const,
    shippingAddress: '1 Test Street, Springfield, IL 62701, US',
    cardHolderName: 'Casey Customer',
    cardLastFour: '4242',
  };
}

/** What a failed call answers on the wire ({ code, message, issues?, details? }); throws when it succeeded. */
export async function failure(call: Promise<unknown>): Promise<PublicError> {
  try {
    await call;
  } catch (error) {
    return toPublicError(error);
  }
  throw new Error('Expected the call to fail, but it succeeded');
}
