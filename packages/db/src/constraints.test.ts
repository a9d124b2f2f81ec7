/**
 * What the database itself refuses or cascades, whatever the code above it does (docs/product.md §3,
 * docs/architecture.md §4). Each test makes its own rows in a clone of the seeded template.
 */
import { randomBytes } from 'node:crypto';
import { QueryFailedError, type DataSource } from 'typeorm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CategoryEntity,
  OrderEntity,
  OrderItemEntity,
  ProductEntity,
  RoleEntity,
  UserAddressEntity,
  UserEntity,
} from './entities';
import { createTestDatabase, type TestDatabase } from './testing/test-database';

let db: TestDatabase;
let dataSource: DataSource;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 4 });
  dataSource = db.dataSource;
});

afterAll(async () => {
  await db?.drop();
});

const unique = () => randomBytes(4).toString('hex');

/** Expects the database to refuse with this SQLSTATE and constraint name. */
async function expectRefused(work: Promise<unknown>, sqlstate: string, constraint: string): Promise<void> {
  const error = await work.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error, 'the database accepted it').toBeInstanceOf(QueryFailedError);
  const driverError = (error as QueryFailedError<Error & { code?: string; constraint?: string }>).driverError;
  expect({ code: driverError.code, constraint: driverError.constraint }).toEqual({
    code: sqlstate,
    constraint,
  });
}

async function makeCategory(): Promise<CategoryEntity> {
  return dataSource.manager.save(dataSource.manager.create(CategoryEntity, { name: `Test ${unique()}` }));
}

async function makeProduct(overrides: Partial<ProductEntity> = {}): Promise<ProductEntity> {
  const category = await makeCategory();
  return dataSource.manager.save(
    dataSource.manager.create(ProductEntity, {
      name: 'Test product',
      description: 'A product for a test',
      price: '2.50',
      unit: 'each',
      stock: 3,
      sku: `TEST-${unique()}`,
      categoryId: category.id,
      ...overrides,
    }),
  );
}

async function makeUser(): Promise<UserEntity> {
  return dataSource.manager.save(
    dataSource.manager.create(UserEntity, { email: `u-${unique()}@example.test` }),
  );
}

async function makeAddress(userId: string, isDefault: boolean): Promise<UserAddressEntity> {
  return dataSource.manager.save(
    dataSource.manager.create(UserAddressEntity, {
      userId,
      title: 'Home',
      street: '1 Main St',
      city: 'Springfield',
      state: 'NY',
      zipCode: '10001',
      isDefault,
    }),
  );
}

async function makeOrder(userId: string, productId: string): Promise<OrderEntity> {
  const order = await dataSource.manager.save(
    dataSource.manager.create(OrderEntity, {
      userId,
      total: '5.00',
      shippingAddress: '1 Main St, Springfield',
    }),
  );
  await dataSource.manager.save(
    dataSource.manager.create(OrderItemEntity, { orderId: order.id, productId, quantity: 2, price: '2.50' }),
  );
  return order;
}

describe('products', () => {
  it('fills the spec defaults', async () => {
    const product = await makeProduct();
    const row = await dataSource.manager.findOneByOrFail(ProductEntity, { id: product.id });
    expect(row).toMatchObject({
      lowStockThreshold: 10,
      isActive: true,
      allergens: [],
      mayContain: [],
      dietaryLabels: [],
    });
    expect(row.price).toBe('2.50');
  });

  it('refuses a negative stock (CHECK stock >= 0)', async () => {
    const product = await makeProduct({ stock: 1 });
    await expectRefused(
      dataSource.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [product.id]),
      '23514',
      'products_stock_check',
    );
    await expectRefused(makeProduct({ stock: -1 }), '23514', 'products_stock_check');
    const row = await dataSource.manager.findOneByOrFail(ProductEntity, { id: product.id });
    expect(row.stock).toBe(1);
  });

  it('accepts stock going exactly to 0', async () => {
    const product = await makeProduct({ stock: 2 });
    await dataSource.query('UPDATE products SET stock = stock - 2 WHERE id = $1', [product.id]);
    expect((await dataSource.manager.findOneByOrFail(ProductEntity, { id: product.id })).stock).toBe(0);
  });

  it('refuses a second product with the same sku', async () => {
    const product = await makeProduct();
    await expectRefused(makeProduct({ sku: product.sku }), '23505', 'UQ_c44ac33a05b144dd0d9ddcf9327');
  });

  it('refuses a negative price', async () => {
    await expectRefused(makeProduct({ price: '-0.01' }), '23514', 'products_price_check');
  });
});

describe('user addresses', () => {
  it('allow at most one default address per user', async () => {
    const user = await makeUser();
    await makeAddress(user.id, true);
    await makeAddress(user.id, false);
    await makeAddress(user.id, false);
    await expectRefused(makeAddress(user.id, true), '23505', 'user_addresses_one_default_idx');
  });

  it('let another user have their own default', async () => {
    const [first, second] = [await makeUser(), await makeUser()];
    await makeAddress(first.id, true);
    await makeAddress(second.id, true);
    expect(await dataSource.manager.countBy(UserAddressEntity, { isDefault: true, userId: second.id })).toBe(
      1,
    );
  });

  it('default the country to US', async () => {
    const user = await makeUser();
    const address = await makeAddress(user.id, false);
    expect((await dataSource.manager.findOneByOrFail(UserAddressEntity, { id: address.id })).country).toBe(
      'US',
    );
  });
});

describe('deleting', () => {
  it('a product that an order item references is refused (RESTRICT)', async () => {
    const [user, product] = [await makeUser(), await makeProduct()];
    await makeOrder(user.id, product.id);
    await expectRefused(
      dataSource.query('DELETE FROM products WHERE id = $1', [product.id]),
      // PostgreSQL 18 (the embedded database) reports RESTRICT as 23001 restrict_violation.
      db.kind === 'embedded' ? '23001' : '23503',
      'FK_9263386c35b6b242540f9493b00',
    );
    expect(await dataSource.manager.countBy(ProductEntity, { id: product.id })).toBe(1);
  });

  it('a product in no order is allowed', async () => {
    const product = await makeProduct();
    await dataSource.manager.delete(ProductEntity, { id: product.id });
    expect(await dataSource.manager.countBy(ProductEntity, { id: product.id })).toBe(0);
  });

  it('a user takes their addresses, orders and order items along (CASCADE)', async () => {
    const [user, other, product] = [await makeUser(), await makeUser(), await makeProduct()];
    await makeAddress(user.id, true);
    await makeAddress(other.id, true);
    const order = await makeOrder(user.id, product.id);
    const othersOrder = await makeOrder(other.id, product.id);

    await dataSource.manager.delete(UserEntity, { id: user.id });

    expect(await dataSource.manager.countBy(UserAddressEntity, { userId: user.id })).toBe(0);
    expect(await dataSource.manager.countBy(OrderEntity, { userId: user.id })).toBe(0);
    expect(await dataSource.manager.countBy(OrderItemEntity, { orderId: order.id })).toBe(0);
    // nobody else's rows, and the product stays
    expect(await dataSource.manager.countBy(UserAddressEntity, { userId: other.id })).toBe(1);
    expect(await dataSource.manager.countBy(OrderItemEntity, { orderId: othersOrder.id })).toBe(1);
    expect(await dataSource.manager.countBy(ProductEntity, { id: product.id })).toBe(1);
  });

  it('a category leaves its products without a category (SET NULL)', async () => {
    const product = await makeProduct();
    await dataSource.manager.delete(CategoryEntity, { id: product.categoryId! });
    expect(
      (await dataSource.manager.findOneByOrFail(ProductEntity, { id: product.id })).categoryId,
    ).toBeNull();
  });
});

describe('orders', () => {
  it('refuse a status outside the five', async () => {
    const user = await makeUser();
    await expectRefused(
      dataSource.manager.save(
        dataSource.manager.create(OrderEntity, {
          userId: user.id,
          total: '1.00',
          shippingAddress: 'x',
          status: 'lost',
        }),
      ),
      '23514',
      'orders_status_check',
    );
  });

  it('refuse card data beyond the last four digits', async () => {
    const user = await makeUser();
    await expectRefused(
      dataSource.query(
        `INSERT INTO orders (user_id, total, shipping_address, card_last_four) VALUES ($1, 1, 'x', '12a4')`,
        [user.id],
      ),
      '23514',
      'orders_card_last_four_check',
    );
  });

  it('refuse an item quantity of 0', async () => {
    const [user, product] = [await makeUser(), await makeProduct()];
    const order = await makeOrder(user.id, product.id);
    await expectRefused(
      dataSource.manager.save(
        dataSource.manager.create(OrderItemEntity, {
          orderId: order.id,
          productId: product.id,
          quantity: 0,
          price: '1.00',
        }),
      ),
      '23514',
      'order_items_quantity_check',
    );
  });

  it('default to pending, card and payment pending', async () => {
    const [user, product] = [await makeUser(), await makeProduct()];
    const order = await makeOrder(user.id, product.id);
    expect(await dataSource.manager.findOneByOrFail(OrderEntity, { id: order.id })).toMatchObject({
      status: 'pending',
      paymentMethod: 'card',
      paymentStatus: 'pending',
      total: '5.00',
    });
  });
});

describe('users', () => {
  it('refuse a second user with the same email', async () => {
    const user = await makeUser();
    await expectRefused(
      dataSource.manager.save(dataSource.manager.create(UserEntity, { email: user.email })),
      '23505',
      'users_email_key',
    );
  });

  it('default the role to customer', async () => {
    const user = await makeUser();
    expect((await dataSource.manager.findOneByOrFail(UserEntity, { id: user.id })).role).toBe('customer');
  });
});

describe('roles', () => {
  it('get a uuid (kept as text) from the database, and a unique name', async () => {
    const role = await dataSource.manager.save(
      dataSource.manager.create(RoleEntity, { name: `role-${unique()}` }),
    );
    expect(role.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect((await dataSource.manager.findOneByOrFail(RoleEntity, { id: role.id })).isActive).toBe(true);
    await expectRefused(
      dataSource.manager.save(dataSource.manager.create(RoleEntity, { name: role.name })),
      '23505',
      'UQ_648e3f5447f725579d7d4ffdfb7',
    );
  });
});
