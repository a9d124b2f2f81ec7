/**
 * The README's example: a typed, authenticated script in a few lines. It prints the products at or
 * under their low-stock threshold, lowest first.
 *
 *   SHOP_URL=http://localhost:3000 SHOP_TOKEN=shop_… pnpm --filter @shop/client example
 */
import { createShopClient } from '@shop/client';

const shop = createShopClient({
  url: process.env.SHOP_URL ?? 'http://localhost:3000',
  token: process.env.SHOP_TOKEN ?? '',
});

// Typed end to end: the input is checked as you write it, `page.items` are AdminProductDto.
const page = await shop.products.adminPage.query({ lowStockOnly: true, pageSize: 100 });
for (const product of page.items.sort((a, b) => a.stock - b.stock)) {
  console.log(
    `${product.sku.padEnd(14)} ${String(product.stock).padStart(4)} / ${product.lowStockThreshold}  ${product.name}`,
  );
}
console.log(`${page.total} products need restocking`);
