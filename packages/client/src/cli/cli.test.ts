/**
 * The CLI and the README's example as a script author runs them: real processes (`tsx`) against the
 * real api listening on a port, on real PostgreSQL, authenticated with API tokens an admin created.
 * Checks what they print and the exit codes scripts rely on.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn, startTestApp, type TestApp } from '@shop/api/testing';
import { createShopClient } from '../index';
import { EXIT } from './main';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

let shop: TestApp;
let dir: string;
const tokens: Record<string, string> = {};

/** Runs `pnpm shop …` as a user would (the package's own script), answering its output and exit code. */
async function shopCli(args: string[], token = tokens.admin!, url = shop.baseUrl) {
  try {
    const { stdout, stderr } = await run('pnpm', ['exec', 'tsx', 'src/cli/main.ts', ...args], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, SHOP_URL: url, SHOP_TOKEN: token, INIT_CWD: dir },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

beforeAll(async () => {
  shop = await startTestApp();
  dir = await mkdtemp(join(tmpdir(), 'shop-cli-'));
  const admin = await signIn(shop.baseUrl, 'admin@example.com');
  const users = (await (
    await fetch(`${shop.baseUrl}/api/users`, { headers: { cookie: admin.cookie } })
  ).json()) as {
    id: string;
    email: string;
  }[];
  for (const [name, email] of [
    ['admin', 'admin@example.com'],
    ['inventory', 'inventory@example.com'],
    ['customer', 'customer@example.com'],
  ] as const) {
    const response = await fetch(`${shop.baseUrl}/api/admin/api-tokens`, {
      method: 'POST',
      headers: { cookie: admin.cookie, 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: users.find((user) => user.email === email)!.id,
        name: `cli test ${name}`,
        scope: 'write',
        expiresAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      }),
    });
    tokens[name] = ((await response.json()) as { token: string }).token;
  }
});

afterAll(async () => {
  await shop?.close();
});

describe('the typed client', () => {
  it('places an order as the token’s customer, typed end to end', async () => {
    const customer = createShopClient({ url: shop.baseUrl, token: tokens.customer! });
    const page = await customer.products.page.query({ limit: 1 });
    const product = page.items[0]!;
    const order = await customer.orders.create.mutate({
      items: [{ productId: product.id, quantity: 1, price: product.price }],
      total: product.price,
      paymentMethod: 'cash_on_delivery',
      shippingAddress: '1 Main St, Springfield, IL 62701, US',
    });
    expect(order.status).toBe('pending');
    expect((await customer.orders.mine.query()).map((mine) => mine.id)).toContain(order.id);
  });
});

describe('pnpm shop', () => {
  it('products list prints the catalogue; --json prints it for scripts', async () => {
    const table = await shopCli(['products', 'list', '--search', 'milk']);
    expect(table.code).toBe(EXIT.ok);
    expect(table.stdout).toMatch(/^SKU\s+Name\s+Price\s+Unit\s+Stock\s+Active/);
    expect(table.stdout).toMatch(/\d+ products\n$/);
    const json = await shopCli(['products', 'list', '--json']);
    const [{ total }] = await shop.dataSource.query(`SELECT count(*)::int AS total FROM products`);
    expect(JSON.parse(json.stdout)).toHaveLength(total);
  });

  it('stock set changes the level with a reason in the stock history', async () => {
    const [product] = await shop.dataSource.query(
      `SELECT sku, stock FROM products WHERE is_active ORDER BY sku LIMIT 1`,
    );
    const result = await shopCli(['stock', 'set', product.sku, '42', '--reason', 'Cycle count']);
    expect(result.code).toBe(EXIT.ok);
    expect(result.stdout).toContain(`stock ${product.stock} → 42`);
    const [movement] = await shop.dataSource.query(
      `SELECT m.quantity_after, m.reason FROM stock_movements m JOIN products p ON p.id = m.product_id
       WHERE p.sku = $1 ORDER BY m.created_at DESC LIMIT 1`,
      [product.sku],
    );
    expect(movement).toEqual({ quantity_after: 42, reason: 'Cycle count' });
    expect((await shopCli(['stock', 'set', 'NO-SUCH-SKU', '1'])).code).toBe(EXIT.refused);
    expect((await shopCli(['stock', 'set', product.sku, 'lots'])).code).toBe(EXIT.usage);
  });

  it('products export and import round-trip the catalogue, with progress; a bad file changes nothing', async () => {
    const exported = await shopCli(['products', 'export', '--out', 'catalogue.csv']);
    expect(exported.code).toBe(EXIT.ok);
    const csv = await readFile(join(dir, 'catalogue.csv'), 'utf8');
    // The spec's columns, then the food facts and sold-by blocks (issue 20).
    expect(csv.split('\n', 1)[0]).toBe(
      'sku,name,description,category,price,unit,stock,low_stock_threshold,is_organic,is_gluten_free,is_active,image_url,' +
        'allergens,may_contain,dietary_labels,ingredients,origin,storage,nutrition_basis,energy_kj,energy_kcal,' +
        'fat_g,saturates_g,carbohydrate_g,sugars_g,protein_g,salt_g,' +
        'sold_by,measure_unit,quantity_step,min_quantity,max_quantity,net_content,net_content_unit,weight_tolerance',
    );
    const imported = await shopCli(['products', 'import', 'catalogue.csv']);
    expect(imported.code).toBe(EXIT.ok);
    expect(imported.stderr).toMatch(/Uploading catalogue\.csv: 100% \(/);
    expect(imported.stderr).toMatch(/Importing…\nImported \d+ rows in/);
    expect(imported.stdout).toMatch(/^0 created, 0 updated, \d+ unchanged; stock changed for 0\n$/);

    const lines = csv.split('\n');
    await writeFile(join(dir, 'bad.csv'), [lines[0], lines[1]!.replace(/,\d+\.\d{2},/, ',-1,')].join('\n'));
    const bad = await shopCli(['products', 'import', 'bad.csv']);
    expect(bad.code).toBe(EXIT.refused);
    expect(bad.stderr).toContain(
      '1 row is invalid: nothing was imported\n  row 2: price: Price must be positive',
    );
  });

  it('orders list and orders status move an order along; an inventory token may not', async () => {
    const list = await shopCli(['orders', 'list', '--status', 'pending', '--json']);
    expect(list.code).toBe(EXIT.ok);
    const [order] = JSON.parse(list.stdout) as { id: string }[];
    expect(order).toBeDefined();
    const refused = await shopCli(['orders', 'status', order!.id, 'processing'], tokens.inventory);
    expect(refused.code).toBe(EXIT.unauthorized);
    expect(refused.stderr).toContain('You do not have permission to do this');

    const moved = await shopCli([
      'orders',
      'status',
      order!.id.slice(0, 8),
      'processing',
      '--note',
      'Picked',
    ]);
    expect(moved.code).toBe(EXIT.ok);
    expect(moved.stdout).toBe(`Order ${order!.id} is now processing\n`);
    const [row] = await shop.dataSource.query(`SELECT status FROM orders WHERE id = $1`, [order!.id]);
    expect(row.status).toBe('processing');
  });

  it('exits 2 without a token, 3 with a revoked one and 4 when the shop cannot be reached', async () => {
    const missing = await shopCli(['products', 'list'], '');
    expect(missing.code).toBe(EXIT.usage);
    expect(missing.stderr).toContain('Set SHOP_TOKEN');
    expect((await shopCli(['products', 'list'], 'shop_revoked-or-wrong')).code).toBe(EXIT.unauthorized);
    expect((await shopCli(['products', 'list'], tokens.admin, 'http://127.0.0.1:9')).code).toBe(
      EXIT.unavailable,
    );
    expect((await shopCli(['nonsense'])).code).toBe(EXIT.usage);
  });
});

describe("the README's example", () => {
  it('runs with a token and prints the products that need restocking', async () => {
    const { stdout } = await run('pnpm', ['run', '--silent', 'example'], {
      cwd: PACKAGE_DIR,
      env: { ...process.env, SHOP_URL: shop.baseUrl, SHOP_TOKEN: tokens.inventory },
    });
    const [{ low }] = await shop.dataSource.query(
      `SELECT count(*)::int AS low FROM products WHERE stock <= low_stock_threshold`,
    );
    expect(low).toBeGreaterThan(0);
    expect(stdout).toMatch(new RegExp(`\\n${low} products need restocking\\n$`));
  });
});
