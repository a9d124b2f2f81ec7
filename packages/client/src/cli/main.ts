#!/usr/bin/env -S npx tsx
/**
 * `pnpm shop <command>`: the shop from a terminal or a script, on the typed client. The shop and the
 * token come from the environment (SHOP_URL, SHOP_TOKEN), never from the command line, where they
 * would end up in shell histories and process lists.
 *
 * Exit codes scripts can rely on (EXIT below): 0 done, 1 the shop refused the request (invalid
 * input, not found, conflict), 2 wrong usage, 3 not authenticated or not allowed, 4 the shop could
 * not be reached or failed.
 */
import { existsSync } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, CommanderError, Option } from 'commander';
import { ORDER_STATUS_FILTERS, ORDER_STATUSES, PRODUCT_PAGE_MAX } from '@shop/schema';
import { createShopClient, describeShopError, type ShopClient, type ShopClientOptions } from '../shop-client';
import { exportProductsCsv, importProductsCsv } from '../products-csv';
import { formatTable } from './format-table';
import { progressReporter } from './progress';

export const EXIT = { ok: 0, refused: 1, usage: 2, unauthorized: 3, unavailable: 4 } as const;

const DEFAULT_URL = 'http://localhost:3000';

class UsageError extends Error {}

/** `pnpm shop` runs in the workspace root; a file named on the command line is the user's. */
const fromUserDirectory = (file: string) => resolve(process.env.INIT_CWD ?? process.cwd(), file);

function connection(): ShopClientOptions {
  const token = process.env.SHOP_TOKEN;
  if (!token) throw new UsageError('Set SHOP_TOKEN to an API token (Admin → API Tokens).');
  return { url: process.env.SHOP_URL ?? DEFAULT_URL, token };
}

const client = (): ShopClient => createShopClient(connection());
const print = (text: string): void => void process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);

async function findProductBySku(shop: ShopClient, sku: string) {
  const page = await shop.products.adminPage.query({ search: sku, pageSize: PRODUCT_PAGE_MAX });
  const product = page.items.find((item) => item.sku.toLowerCase() === sku.toLowerCase());
  if (!product) throw new RefusedError(`No product has SKU ${sku}`);
  return product;
}

/** An order by its full id, or by the short id the admin screens show (its first characters). */
async function findOrderId(shop: ShopClient, id: string): Promise<string> {
  if (/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id)) return id;
  const page = await shop.orderManagement.page.query({ search: id, pageSize: 100 });
  const matches = page.items.filter((order) => order.id.toLowerCase().startsWith(id.toLowerCase()));
  if (matches.length !== 1) {
    throw new RefusedError(
      matches.length ? `More than one order starts with ${id}` : `No order has the id ${id}`,
    );
  }
  return matches[0]!.id;
}

class RefusedError extends Error {}

export function buildProgram(): Command {
  const program = new Command('shop')
    .description(
      'The shop from a terminal. Needs SHOP_TOKEN (an API token) and SHOP_URL (default http://localhost:3000).',
    )
    .exitOverride()
    .showHelpAfterError();

  const products = program.command('products').description('The catalogue');
  products
    .command('list')
    .description('Every product with SKU, price, stock and whether it is on sale')
    .option('--search <text>', 'only products whose name, SKU or category contains this')
    .option('--json', 'print JSON instead of a table')
    .action(async (options: { search?: string; json?: boolean }) => {
      const shop = client();
      const items = [];
      for (let page = 1; ; page++) {
        const result = await shop.products.adminPage.query({
          search: options.search,
          page,
          pageSize: PRODUCT_PAGE_MAX,
        });
        items.push(...result.items);
        if (items.length >= result.total || result.items.length === 0) break;
      }
      if (options.json) return print(JSON.stringify(items, null, 2));
      print(
        formatTable(
          ['SKU', 'Name', 'Price', 'Unit', 'Stock', 'Active'],
          items.map((p) => [p.sku, p.name, p.price, p.unit, String(p.stock), p.isActive ? 'yes' : 'no']),
        ),
      );
      print(`${items.length} products`);
    });
  products
    .command('export')
    .description('The whole catalogue as CSV')
    .option('--out <file>', 'write to this file instead of standard output')
    .action(async (options: { out?: string }) => {
      const csv = await exportProductsCsv(connection());
      if (!options.out) return print(csv);
      await writeFile(fromUserDirectory(options.out), csv);
      process.stderr.write(
        `Exported the catalogue to ${options.out} (${(Buffer.byteLength(csv) / 1024).toFixed(0)} KB)\n`,
      );
    });
  products
    .command('import')
    .description(
      'Create and update products from a CSV file (by SKU); nothing is written if any row is invalid',
    )
    .argument('<csv>', 'the CSV file (the columns of products export)')
    .action(async (file: string) => {
      const content = await readFile(fromUserDirectory(file)).catch(() => {
        throw new UsageError(`Cannot read ${file}`);
      });
      const report = progressReporter(process.stderr, `Uploading ${file}`);
      const result = await importProductsCsv(connection(), content, report.update);
      report.done(`Imported ${result.rows} rows`);
      print(
        `${result.created} created, ${result.updated} updated, ${result.unchanged} unchanged; ` +
          `stock changed for ${result.stockChanges}`,
      );
    });

  program
    .command('stock')
    .description('Stock levels')
    .command('set')
    .description("Set a product's stock level (recorded in the stock history)")
    .argument('<sku>', 'the product’s SKU')
    .argument('<n>', 'the new stock level, a whole number')
    .option('--reason <text>', 'why, for the stock history')
    .action(async (sku: string, level: string, options: { reason?: string }) => {
      if (!/^\d+$/.test(level)) throw new UsageError(`The stock level must be a whole number, not ${level}`);
      const shop = client();
      const product = await findProductBySku(shop, sku);
      const updated = await shop.products.patch.mutate({
        id: product.id,
        stock: Number(level),
        reason: options.reason,
      });
      print(`${updated.sku} ${updated.name}: stock ${product.stock} → ${updated.stock}`);
    });

  const orders = program.command('orders').description('Orders');
  orders
    .command('list')
    .description('The newest orders')
    .addOption(new Option('--status <status>', 'only orders with this status').choices(ORDER_STATUS_FILTERS))
    .option('--limit <n>', 'how many (newest first)', '50')
    .option('--json', 'print JSON instead of a table')
    .action(
      async (options: { status?: (typeof ORDER_STATUS_FILTERS)[number]; limit: string; json?: boolean }) => {
        const limit = Number(options.limit);
        if (!Number.isInteger(limit) || limit < 1)
          throw new UsageError('--limit must be a whole number of 1 or more');
        const shop = client();
        const items = [];
        for (let page = 1; items.length < limit; page++) {
          const result = await shop.orderManagement.page.query({
            status: options.status,
            page,
            pageSize: 100,
          });
          items.push(...result.items);
          if (page * result.pageSize >= result.total) break;
        }
        const shown = items.slice(0, limit);
        if (options.json) return print(JSON.stringify(shown, null, 2));
        print(
          formatTable(
            ['Order', 'Placed', 'Customer', 'Status', 'Total'],
            shown.map((o) => [
              o.id,
              o.createdAt.slice(0, 16).replace('T', ' '),
              o.customerEmail ?? '',
              o.status,
              o.total,
            ]),
          ),
        );
        print(`${shown.length} orders`);
      },
    );
  orders
    .command('status')
    .description("Change an order's status")
    .argument('<id>', 'the order id (or the first characters the admin screens show)')
    .addArgument(new Command().createArgument('<status>', 'the new status').choices(ORDER_STATUSES))
    .option('--note <text>', 'a note for the order’s timeline')
    .action(async (id: string, status: (typeof ORDER_STATUSES)[number], options: { note?: string }) => {
      const shop = client();
      const orderId = await findOrderId(shop, id);
      const order = await shop.orderManagement.updateStatus.mutate({
        id: orderId,
        status,
        notes: options.note,
      });
      print(`Order ${order.id} is now ${order.status}`);
    });

  return program;
}

/** Runs the CLI and answers its exit code, explaining any failure on standard error. */
export async function run(argv: string[]): Promise<number> {
  try {
    await buildProgram().parseAsync(argv, { from: 'user' });
    return EXIT.ok;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? EXIT.ok : EXIT.usage;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.usage;
    }
    if (error instanceof RefusedError) {
      process.stderr.write(`${error.message}\n`);
      return EXIT.refused;
    }
    const { status, message, issues } = describeShopError(error);
    const url = process.env.SHOP_URL ?? DEFAULT_URL;
    process.stderr.write(status === null ? `Cannot reach the shop at ${url}: ${message}\n` : `${message}\n`);
    for (const issue of issues) process.stderr.write(`  ${issue.path}: ${issue.message}\n`);
    if (status === 401 || status === 403) return EXIT.unauthorized;
    if (status !== null && status >= 400 && status < 500) return EXIT.refused;
    return EXIT.unavailable;
  }
}

// Run when executed (`pnpm shop …`), not when a test imports it. SHOP_URL and SHOP_TOKEN may come
// from the repository's .env, as `pnpm start` reads it (a variable set in the environment wins).
if (import.meta.url === `file://${process.argv[1]}`) {
  const dotEnv = fileURLToPath(new URL('../../../../.env', import.meta.url));
  if (existsSync(dotEnv)) process.loadEnvFile(dotEnv);
  process.exitCode = await run(process.argv.slice(2));
}
