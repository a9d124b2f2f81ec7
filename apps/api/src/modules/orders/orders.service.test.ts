/**
 * Placing orders on real PostgreSQL (docs/architecture.md §4): the server's prices and stock, row locks under
 * concurrency, idempotency keys, and refusals that write nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import type { DataSource } from 'typeorm';
import { ESTIMATED_DELIVERY_DAYS } from '@shop/schema';
import {
  callerFor,
  cardOrder,
  failure,
  makeProduct,
  makeUser,
  orderCount,
  stockOf,
  type Caller,
} from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 20 });
  ds = db.dataSource;
});
afterAll(async () => {
  await db?.drop();
});

async function newCustomer(): Promise<{ caller: Caller; id: string }> {
  const user = await makeUser(ds);
  return { caller: callerFor(ds, user), id: user.id };
}

describe('placing an order', () => {
  it('writes a card order at the server prices, takes the stock, and keeps only holder + last 4', async () => {
    const { caller, id: userId } = await newCustomer();
    const apple = await makeProduct(ds, {
      price: '1.25',
      stock: 10,
      imageUrl: 'https://img.example/apple.png',
    });
    const pear = await makeProduct(ds, { price: '0.99', stock: 5 });
    const before = Date.now();
    const order = await caller.orders.create({
      ...cardOrder([apple, pear], 2),
      notes: '  Leave at the door  ',
    });

    expect(order).toMatchObject({
      userId,
      status: 'pending',
      paymentMethod: 'card',
      paymentStatus: 'pending',
      total: '4.48',
      notes: 'Leave at the door',
      cardHolderName: 'Casey Customer',
      cardLastFour: '4242',
      bankName: null,
      bankAccountNumber: null,
    });
    expect(order.items).toHaveLength(2);
    const appleLine = order.items.find((item) => item.productId === apple.id)!;
    expect(appleLine).toMatchObject({
      quantity: 2,
      price: '1.25',
      product: { name: apple.name, imageUrl: apple.imageUrl },
    });
    const eta = new Date(order.estimatedDelivery!).getTime();
    expect(eta - before).toBeGreaterThanOrEqual(ESTIMATED_DELIVERY_DAYS * 86_400_000 - 1000);
    expect(eta - before).toBeLessThan(ESTIMATED_DELIVERY_DAYS * 86_400_000 + 60_000);
    expect(await stockOf(ds, apple.id)).toBe(8);
    expect(await stockOf(ds, pear.id)).toBe(3);

    // The answer is built from the placing statement; reading the order back gives the same.
    const stored = await caller.orders.byId({ id: order.id });
    const byProduct = (a: { productId: string }, b: { productId: string }) =>
      a.productId < b.productId ? -1 : 1;
    expect({ ...order, items: [...order.items].sort(byProduct), history: [] }).toEqual({
      ...stored,
      items: [...stored.items].sort(byProduct),
    });

    const [row] = await ds.query('SELECT * FROM orders WHERE id = $1', [order.id]);
    expect(row.total).toBe('4.48');
    expect(JSON.stringify(row)).not.toMatch(/\d{13,19}/);
  });

  it('records each decrement in the stock ledger: product, before, after, the order and who', async () => {
    const { caller, id: userId } = await newCustomer();
    const tea = await makeProduct(ds, { price: '3.00', stock: 7 });
    const order = await caller.orders.create(cardOrder([tea], 3));
    const rows = await ds.query(
      `SELECT quantity_before, quantity_after, change, source, order_id, user_id
       FROM stock_movements WHERE product_id = $1 AND source = 'order'`,
      [tea.id],
    );
    expect(rows).toEqual([
      {
        quantity_before: 7,
        quantity_after: 4,
        change: -3,
        source: 'order',
        order_id: order.id,
        user_id: userId,
      },
    ]);
  });

  it('writes cash on delivery and bank transfer orders with their own fields only', async () => {
    const { caller } = await newCustomer();
    const product = await makeProduct(ds, { price: '3.00' });
    const base = {
      items: [{ productId: product.id, quantity: 1, price: 3 }],
      total: '3.00',
      shippingAddress: 'Somewhere 1',
    };

    const cash = await caller.orders.create({ ...base, paymentMethod: 'cash_on_delivery' });
    expect(cash).toMatchObject({
      paymentMethod: 'cash_on_delivery',
      paymentStatus: 'pending',
      cardLastFour: null,
    });

    const bank = await caller.orders.create({
      ...base,
      paymentMethod: 'bank_transfer',
      bankName: 'First Bank',
      bankAccountNumber: 'DE89 3704 0044 0532 0130 00',
    });
    expect(bank).toMatchObject({
      paymentMethod: 'bank_transfer',
      paymentStatus: 'pending',
      bankName: 'First Bank',
      // Stored whole, answered as its last 4 (docs/architecture.md §4 "Payment data").
      bankAccountNumber: '****3000',
      cardHolderName: null,
    });
    const [row] = await ds.query(`SELECT bank_account_number FROM orders WHERE id = $1`, [bank.id]);
    expect(row.bank_account_number).toBe('DE89 3704 0044 0532 0130 00');
  });

  it('merges duplicate lines of one product', async () => {
    const { caller } = await newCustomer();
    const product = await makeProduct(ds, { price: '2.00', stock: 10 });
    const order = await caller.orders.create({
      ...cardOrder([product]),
      items: [
        { productId: product.id, quantity: 2, price: '2.00' },
        { productId: product.id.toUpperCase(), quantity: 3, price: '2' },
      ],
      total: '10.00',
    });
    expect(order.items).toEqual([
      expect.objectContaining({ productId: product.id, quantity: 5, price: '2.00' }),
    ]);
    expect(await stockOf(ds, product.id)).toBe(5);
  });

  it('refuses an unknown or inactive product with 409 naming it, writing nothing', async () => {
    const { caller, id } = await newCustomer();
    const active = await makeProduct(ds, { stock: 5 });
    const inactive = await makeProduct(ds, { name: 'Discontinued Dates', stock: 5, isActive: false });
    const missing = { id: '6f1c3b2e-0000-4000-8000-000000000000', price: '1.00' };

    const gone = await failure(caller.orders.create(cardOrder([active, inactive])));
    expect(gone).toMatchObject({ code: 'CONFLICT', details: { reason: 'PRODUCT_UNAVAILABLE' } });
    expect(gone.message).toContain('Discontinued Dates');

    const unknown = await failure(caller.orders.create(cardOrder([active, missing])));
    expect(unknown).toMatchObject({
      code: 'CONFLICT',
      details: { reason: 'PRODUCT_UNAVAILABLE', products: [{ productId: missing.id, name: null }] },
    });
    expect(unknown.message).toContain(missing.id);
    expect(await orderCount(ds, id)).toBe(0);
    expect(await stockOf(ds, active.id)).toBe(5);
  });

  it('refuses more than the stock with 409 naming the product and what is left, writing nothing', async () => {
    const { caller, id } = await newCustomer();
    const plenty = await makeProduct(ds, { stock: 50 });
    const scarce = await makeProduct(ds, { name: 'Saffron Threads', stock: 3 });
    const result = await failure(
      caller.orders.create({
        ...cardOrder([plenty, scarce]),
        items: [
          { productId: plenty.id, quantity: 1, price: plenty.price },
          { productId: scarce.id, quantity: 4, price: scarce.price },
        ],
        total: '12.50',
      }),
    );
    expect(result).toMatchObject({
      code: 'CONFLICT',
      details: {
        reason: 'INSUFFICIENT_STOCK',
        products: [{ productId: scarce.id, name: 'Saffron Threads', requested: 4, available: 3 }],
      },
    });
    expect(result.message).toMatch(/Saffron Threads.*3 left/);
    expect(await stockOf(ds, plenty.id)).toBe(50);
    expect(await stockOf(ds, scarce.id)).toBe(3);
    expect(await orderCount(ds, id)).toBe(0);
  });

  it('says out of stock when nothing is left', async () => {
    const { caller } = await newCustomer();
    const empty = await makeProduct(ds, { name: 'Empty Shelf', stock: 0 });
    const result = await failure(caller.orders.create(cardOrder([empty])));
    expect(result.message).toMatch(/Empty Shelf \(out of stock\)/);
  });

  describe('client prices that differ from the server', () => {
    it.each([
      ['a lower line price', { price: '1.99' }, '1.99'],
      ['a higher line price', { price: '2.51' }, '2.51'],
      ['a number price', { price: 2.4 }, '2.40'],
    ])(
      'refuses %s with 409 PRICE_CHANGED and the current prices; nothing written',
      async (_name, line, total) => {
        const { caller, id } = await newCustomer();
        const product = await makeProduct(ds, { name: 'Honey', price: '2.50', stock: 10 });
        const result = await failure(
          caller.orders.create({
            ...cardOrder([product]),
            items: [{ productId: product.id, quantity: 1, ...line }],
            total,
          }),
        );
        expect(result).toMatchObject({
          code: 'CONFLICT',
          details: { reason: 'PRICE_CHANGED', prices: [{ productId: product.id, price: '2.50' }] },
        });
        expect(result.message).toMatch(/^Prices have changed: Honey is now \$2\.50/);
        expect(await stockOf(ds, product.id)).toBe(10);
        expect(await orderCount(ds, id)).toBe(0);
      },
    );

    it('refuses a tampered total even when every line price is right', async () => {
      const { caller, id } = await newCustomer();
      const a = await makeProduct(ds, { price: '2.50', stock: 10 });
      const b = await makeProduct(ds, { price: '4.00', stock: 10 });
      const result = await failure(caller.orders.create({ ...cardOrder([a, b]), total: '0.01' }));
      expect(result).toMatchObject({ code: 'CONFLICT', details: { reason: 'PRICE_CHANGED', total: '6.50' } });
      expect((result.details as { prices: unknown[] }).prices).toHaveLength(2);
      expect(await orderCount(ds, id)).toBe(0);
      expect(await stockOf(ds, a.id)).toBe(10);
    });

    it('refuses a duplicate line carrying another price', async () => {
      const { caller } = await newCustomer();
      const product = await makeProduct(ds, { price: '2.50', stock: 10 });
      const result = await failure(
        caller.orders.create({
          ...cardOrder([product]),
          items: [
            { productId: product.id, quantity: 1, price: '2.50' },
            { productId: product.id, quantity: 1, price: '0.50' },
          ],
          total: '3.00',
        }),
      );
      expect(result.details).toMatchObject({ reason: 'PRICE_CHANGED' });
    });
  });
});

describe('concurrency on real PostgreSQL', () => {
  it('50 concurrent orders against stock 10: exactly 10 succeed, 40 get 409, stock ends at 0', async () => {
    const product = await makeProduct(ds, { price: '1.00', stock: 10 });
    const customers = await Promise.all(Array.from({ length: 50 }, () => newCustomer()));

    let lowest = Infinity;
    let polling = true;
    const poller = (async () => {
      while (polling) {
        lowest = Math.min(lowest, await stockOf(ds, product.id));
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();

    const results = await Promise.allSettled(
      customers.map(({ caller }) => caller.orders.create(cardOrder([product]))),
    );
    polling = false;
    await poller;

    const fulfilled = results.filter((r) => r.status === 'fulfilled');
    const rejected = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    expect(fulfilled).toHaveLength(10);
    expect(rejected).toHaveLength(40);
    for (const r of rejected) expect(r.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await stockOf(ds, product.id)).toBe(0);
    expect(lowest).toBeGreaterThanOrEqual(0);
    const [{ n }] = await ds.query('SELECT count(*)::int AS n FROM order_items WHERE product_id = $1', [
      product.id,
    ]);
    expect(n).toBe(10);
  });

  it('two-product orders in opposite orders at once never deadlock into an error', async () => {
    const a = await makeProduct(ds, { price: '1.00', stock: 1000 });
    const b = await makeProduct(ds, { price: '2.00', stock: 1000 });
    const { caller } = await newCustomer();
    const forward = () => caller.orders.create(cardOrder([a, b]));
    const backward = () => caller.orders.create(cardOrder([b, a]));
    const results = await Promise.allSettled(
      Array.from({ length: 40 }, (_, i) => (i % 2 ? forward() : backward())),
    );
    const failures = results.filter((r) => r.status === 'rejected');
    expect(failures).toEqual([]);
    expect(await stockOf(ds, a.id)).toBe(960);
    expect(await stockOf(ds, b.id)).toBe(960);
  });

  it('mixed quantities across three scarce products: what was sold is exactly what left the shelf', async () => {
    const products = await Promise.all([7, 9, 11].map((stock) => makeProduct(ds, { price: '1.00', stock })));
    const customers = await Promise.all(Array.from({ length: 30 }, () => newCustomer()));
    await Promise.allSettled(
      customers.map(({ caller }, i) => {
        const picked = [products[i % 3]!, products[(i + 1) % 3]!];
        const quantity = (i % 3) + 1;
        return caller.orders.create({
          ...cardOrder(picked, quantity),
          items: (i % 2 ? picked : [...picked].reverse()).map((p) => ({
            productId: p.id,
            quantity,
            price: p.price,
          })),
        });
      }),
    );
    for (const [index, product] of products.entries()) {
      const [{ sold }] = await ds.query(
        'SELECT coalesce(sum(quantity), 0)::int AS sold FROM order_items WHERE product_id = $1',
        [product.id],
      );
      const stock = await stockOf(ds, product.id);
      expect(stock).toBeGreaterThanOrEqual(0);
      expect(stock + sold).toBe([7, 9, 11][index]);
    }
  });
});

describe('Idempotency key', () => {
  it('the same key and body twice gives the first order; stock is taken once', async () => {
    const { caller, id } = await newCustomer();
    const product = await makeProduct(ds, { stock: 10 });
    const body = { ...cardOrder([product], 2), idempotencyKey: crypto.randomUUID() };
    const first = await caller.orders.create(body);
    const second = await caller.orders.create(body);
    expect(second).toEqual(first);
    expect(await orderCount(ds, id)).toBe(1);
    expect(await stockOf(ds, product.id)).toBe(8);
  });

  it('ten concurrent duplicates give one order, stock taken once', async () => {
    const { caller, id } = await newCustomer();
    const product = await makeProduct(ds, { stock: 10 });
    const body = { ...cardOrder([product], 3), idempotencyKey: crypto.randomUUID() };
    const results = await Promise.all(Array.from({ length: 10 }, () => caller.orders.create(body)));
    expect(new Set(results.map((order) => order.id)).size).toBe(1);
    expect(await orderCount(ds, id)).toBe(1);
    expect(await stockOf(ds, product.id)).toBe(7);
  });

  it('concurrent duplicates on the last units still answer the first order, not a stock conflict', async () => {
    const { caller, id } = await newCustomer();
    const product = await makeProduct(ds, { stock: 1 });
    const body = { ...cardOrder([product]), idempotencyKey: crypto.randomUUID() };
    const results = await Promise.all(Array.from({ length: 8 }, () => caller.orders.create(body)));
    expect(new Set(results.map((order) => order.id)).size).toBe(1);
    expect(await orderCount(ds, id)).toBe(1);
    expect(await stockOf(ds, product.id)).toBe(0);
  });

  it('the same key with another body is 422 UNPROCESSABLE_CONTENT and writes nothing', async () => {
    const { caller, id } = await newCustomer();
    const product = await makeProduct(ds, { stock: 10 });
    const idempotencyKey = crypto.randomUUID();
    await caller.orders.create({ ...cardOrder([product]), idempotencyKey });
    const result = await failure(caller.orders.create({ ...cardOrder([product], 2), idempotencyKey }));
    expect(result).toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    const other = await failure(
      caller.orders.create({ ...cardOrder([product]), shippingAddress: 'Elsewhere 2', idempotencyKey }),
    );
    expect(other.code).toBe('UNPROCESSABLE_CONTENT');
    expect(await orderCount(ds, id)).toBe(1);
    expect(await stockOf(ds, product.id)).toBe(9);
  });

  it('concurrent uses of one key with different bodies: one order, the others 422', async () => {
    const { caller, id } = await newCustomer();
    const product = await makeProduct(ds, { stock: 100 });
    const idempotencyKey = crypto.randomUUID();
    const results = await Promise.allSettled(
      [1, 2, 3, 4, 5, 6].map((quantity) =>
        caller.orders.create({ ...cardOrder([product], quantity), idempotencyKey }),
      ),
    );
    const ok = results.flatMap((r) => (r.status === 'fulfilled' ? [r] : []));
    expect(ok).toHaveLength(1);
    for (const r of results)
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'UNPROCESSABLE_CONTENT' });
    expect(await orderCount(ds, id)).toBe(1);
    expect(await stockOf(ds, product.id)).toBe(100 - ok[0]!.value.items[0]!.quantity);
  });

  it('keys belong to one user: another user with the same key gets an order of their own', async () => {
    const product = await makeProduct(ds, { stock: 10 });
    const body = { ...cardOrder([product]), idempotencyKey: 'shared-key-1' };
    const one = await (await newCustomer()).caller.orders.create(body);
    const two = await (await newCustomer()).caller.orders.create(body);
    expect(one.id).not.toBe(two.id);
    expect(await stockOf(ds, product.id)).toBe(8);
  });

  it('a key whose placement was refused stays free for the corrected retry', async () => {
    const { caller, id } = await newCustomer();
    const product = await makeProduct(ds, { price: '5.00', stock: 10 });
    const idempotencyKey = crypto.randomUUID();
    const stale = { ...cardOrder([{ id: product.id, price: '4.00' }]), idempotencyKey };
    expect((await failure(caller.orders.create(stale))).details).toMatchObject({ reason: 'PRICE_CHANGED' });
    const order = await caller.orders.create({ ...cardOrder([product]), idempotencyKey });
    expect(order.total).toBe('5.00');
    expect(await orderCount(ds, id)).toBe(1);
  });
});

describe('malformed order bodies: 400 naming the field, nothing written', () => {
  let product: { id: string; price: string };
  let caller: Caller;
  let userId: string;

  beforeAll(async () => {
    product = await makeProduct(ds, { price: '2.50', stock: 10 });
    ({ caller, id: userId } = await newCustomer());
  });

  const valid = () => cardOrder([product]);
  const withItem = (item: Record<string, unknown>) => ({
    ...valid(),
    items: [{ ...valid().items[0], ...item }],
  });
  const without = (key: string) => {
    const body: Record<string, unknown> = valid();
    delete body[key];
    return body;
  };
  const cash = () => {
    const { cardHolderName: _h, cardLastFour: _l, ...rest } = valid();
    return { ...rest, paymentMethod: 'cash_on_delivery' };
  };
  const bank = () => ({
    ...cash(),
    paymentMethod: 'bank_transfer',
    bankName: 'First Bank',
    bankAccountNumber: '12345678',
  });

  const cases: [string, () => unknown, string, RegExp?][] = [
    ['no body at all', () => undefined, ''],
    ['missing items', () => without('items'), 'items'],
    ['empty items', () => ({ ...valid(), items: [] }), 'items'],
    ['101 lines', () => ({ ...valid(), items: Array(101).fill(valid().items[0]) }), 'items'],
    ['missing total', () => without('total'), 'total'],
    ['a number total', () => ({ ...valid(), total: 2.5 }), 'total'],
    ['a total with 1 decimal', () => ({ ...valid(), total: '2.5' }), 'total'],
    ['missing paymentMethod', () => without('paymentMethod'), 'paymentMethod'],
    ['an unknown paymentMethod', () => ({ ...valid(), paymentMethod: 'bitcoin' }), 'paymentMethod'],
    ['missing shippingAddress', () => without('shippingAddress'), 'shippingAddress'],
    ['a blank shippingAddress', () => ({ ...valid(), shippingAddress: '   ' }), 'shippingAddress'],
    [
      'a 501-character shippingAddress',
      () => ({ ...valid(), shippingAddress: 'a'.repeat(501) }),
      'shippingAddress',
    ],
    ['1001-character notes', () => ({ ...valid(), notes: 'n'.repeat(1001) }), 'notes'],
    ['quantity 0', () => withItem({ quantity: 0 }), 'items.0.quantity'],
    ['a negative quantity', () => withItem({ quantity: -3 }), 'items.0.quantity'],
    ['a fractional quantity', () => withItem({ quantity: 1.5 }), 'items.0.quantity'],
    ['a huge quantity', () => withItem({ quantity: 1e9 }), 'items.0.quantity'],
    ['a string quantity', () => withItem({ quantity: '2' }), 'items.0.quantity'],
    ['a productId that is not a uuid', () => withItem({ productId: 'abc' }), 'items.0.productId'],
    ['a price with 3 decimals', () => withItem({ price: '2.505' }), 'items.0.price'],
    ['a negative price', () => withItem({ price: -2.5 }), 'items.0.price'],
    ['a missing price', () => withItem({ price: undefined }), 'items.0.price'],
    ['an unknown key on a line', () => withItem({ name: 'Honey' }), 'items.0', /name/],
    ['an unknown key', () => ({ ...valid(), coupon: 'FREE' }), '', /coupon/],
    ['a full card number', () => ({ ...valid(), cardNumber: '4242424242424242' }), 'cardNumber', /last 4/],
    ['a card number as a number', () => ({ ...valid(), card_number: 4242424242424242 }), 'card_number'],
    ['a cvv', () => ({ ...valid(), cvv: '123' }), 'cvv'],
    ['an expiry', () => ({ ...valid(), expiry: '12/30' }), 'expiry'],
    ['an expiry date', () => ({ ...valid(), expiryDate: '12/30' }), 'expiryDate'],
    ['a card number in the notes', () => ({ ...valid(), notes: 'card 4242 4242 4242 4242 thanks' }), 'notes'],
    [
      'a card number in the address',
      () => ({ ...valid(), shippingAddress: '4242-4242-4242-4242' }),
      'shippingAddress',
    ],
    [
      'a card number as the holder',
      () => ({ ...valid(), cardHolderName: '4000056655665556' }),
      'cardHolderName',
    ],
    ['a card number in an unknown key', () => ({ ...valid(), extra: { pan: 1 } }), 'extra.pan'],
    [
      'a full number as cardLastFour',
      () => ({ ...valid(), cardLastFour: '4242424242424242' }),
      'cardLastFour',
    ],
    ['five digits as cardLastFour', () => ({ ...valid(), cardLastFour: '42424' }), 'cardLastFour'],
    ['letters as cardLastFour', () => ({ ...valid(), cardLastFour: 'abcd' }), 'cardLastFour'],
    ['a card order without cardLastFour', () => without('cardLastFour'), 'cardLastFour'],
    ['a card order without cardHolderName', () => without('cardHolderName'), 'cardHolderName'],
    ['bank fields on a card order', () => ({ ...valid(), bankName: 'First Bank' }), 'bankName'],
    ['card fields on a cash order', () => ({ ...cash(), cardLastFour: '4242' }), 'cardLastFour'],
    [
      'bank fields on a cash order',
      () => ({ ...cash(), bankAccountNumber: '12345678' }),
      'bankAccountNumber',
    ],
    [
      'a bank order without the account',
      () => ({ ...bank(), bankAccountNumber: undefined }),
      'bankAccountNumber',
    ],
    ['a bank order without the bank', () => ({ ...bank(), bankName: ' ' }), 'bankName'],
    ['card fields on a bank order', () => ({ ...bank(), cardHolderName: 'Casey' }), 'cardHolderName'],
    [
      'a card number as the bank account',
      () => ({ ...bank(), bankAccountNumber: '4111111111111111' }),
      'bankAccountNumber',
    ],
    ['a too long idempotency key', () => ({ ...valid(), idempotencyKey: 'k'.repeat(201) }), 'idempotencyKey'],
    ['a null body', () => null, ''],
    ['an array body', () => [valid()], ''],
  ];

  it.each(cases)('refuses %s', async (_name, body, path, message) => {
    const result = await failure(caller.orders.create(body() as never));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.issues?.map((issue) => issue.path)).toContain(path);
    if (message) expect(result.message).toMatch(message);
    expect(result.message).toContain(path ? `${path}:` : 'Invalid input');
    expect(await orderCount(ds, userId)).toBe(0);
    expect(await stockOf(ds, product.id)).toBe(10);
  });

  it('accepts a bank account number that merely has many digits', async () => {
    const { caller: other } = await newCustomer();
    const order = await other.orders.create({ ...bank(), bankAccountNumber: '1234567890123456' } as never);
    expect(order.bankAccountNumber).toBe('****3456');
    const [row] = await ds.query(`SELECT bank_account_number FROM orders WHERE id = $1`, [order.id]);
    expect(row.bank_account_number).toBe('1234567890123456');
  });

  it('accepts a price as a number or a string without decimals', async () => {
    const { caller: other } = await newCustomer();
    const cheap = await makeProduct(ds, { price: '3.00' });
    const order = await other.orders.create({
      ...cardOrder([cheap]),
      items: [
        { productId: cheap.id, quantity: 1, price: 3 },
        { productId: cheap.id, quantity: 1, price: '3' },
      ],
      total: '6.00',
    });
    expect(order.total).toBe('6.00');
  });
});

describe('reading orders', () => {
  let mineA: string;
  let mineB: string;
  let theirs: string;
  let owner: Caller;
  let ownerId: string;
  let stranger: Caller;

  beforeAll(async () => {
    const product = await makeProduct(ds, { stock: 100, imageUrl: null });
    ({ caller: owner, id: ownerId } = await newCustomer());
    ({ caller: stranger } = await newCustomer());
    mineA = (await owner.orders.create(cardOrder([product]))).id;
    mineB = (await owner.orders.create(cardOrder([product], 2))).id;
    theirs = (await stranger.orders.create(cardOrder([product]))).id;
  });

  it('mine lists only the caller’s orders, newest first', async () => {
    const orders = await owner.orders.mine();
    expect(orders.map((o) => o.id)).toEqual([mineB, mineA]);
    expect(orders[0]).not.toHaveProperty('items');
    expect(orders[0]).not.toHaveProperty('idempotencyKey');
    expect(orders[0]).not.toHaveProperty('requestHash');
  });

  it('list is everybody’s, for admin and sales_manager only', async () => {
    for (const role of ['admin', 'sales_manager'] as const) {
      const staff = callerFor(ds, await makeUser(ds, role));
      const ids = (await staff.orders.list()).map((o) => o.id);
      expect(ids).toEqual(expect.arrayContaining([mineA, mineB, theirs]));
      expect(ids.length).toBe(await orderCount(ds));
    }
    for (const role of ['customer', 'inventory_manager'] as const) {
      const other = callerFor(ds, await makeUser(ds, role));
      expect((await failure(other.orders.list())).code).toBe('FORBIDDEN');
    }
  });

  it('byId answers the owner with the items, staff who read all orders, and 404 to anyone else', async () => {
    const order = await owner.orders.byId({ id: mineB });
    expect(order.userId).toBe(ownerId);
    expect(order.items).toEqual([
      expect.objectContaining({
        quantity: 2,
        price: '2.50',
        product: expect.objectContaining({ imageUrl: null }),
      }),
    ]);
    expect((await failure(stranger.orders.byId({ id: mineB }))).code).toBe('NOT_FOUND');
    const inventory = callerFor(ds, await makeUser(ds, 'inventory_manager'));
    expect((await failure(inventory.orders.byId({ id: mineB }))).code).toBe('NOT_FOUND');
    const sales = callerFor(ds, await makeUser(ds, 'sales_manager'));
    expect((await sales.orders.byId({ id: mineB })).id).toBe(mineB);
    expect((await failure(owner.orders.byId({ id: '6f1c3b2e-0000-4000-8000-000000000000' }))).code).toBe(
      'NOT_FOUND',
    );
    expect((await failure(owner.orders.byId({ id: 'nope' }))).code).toBe('BAD_REQUEST');
  });

  it('answers UNAUTHORIZED to a signed-out caller', async () => {
    const anonymous = callerFor(ds, null);
    expect((await failure(anonymous.orders.mine())).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.orders.list())).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.orders.byId({ id: mineA }))).code).toBe('UNAUTHORIZED');
    const product = await makeProduct(ds);
    expect((await failure(anonymous.orders.create(cardOrder([product])))).code).toBe('UNAUTHORIZED');
  });
});
