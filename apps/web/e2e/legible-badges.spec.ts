/**
 * Legible everywhere (issue 33 item 8, docs/accessibility.md "Colour"): every badge and chip of
 * the storefront, a product page and the admin tables, as the browser draws it, has text that
 * contrasts with what is behind it by at least 4.5:1 (WCAG 2.2 AA 1.4.3). The ratio is computed
 * from the computed colours, the background blended through every translucent layer down to the
 * first opaque one, so a badge whose text and background are the same colour (the diet badges
 * were rgb(20, 85, 35) on a tint of rgb(20, 85, 35)) fails here whatever a rule engine skips.
 */
import type { Page } from '@playwright/test';
import { sql } from './admin-fixtures';
import { DEMO, signIn } from './support/auth';
import { expectNoAxeViolations } from './support/axe';
import { expect as baseExpect, test } from './support/test';
import { uniqueWord } from './support/unique';

const expect = baseExpect.configure({ timeout: 20_000 });
test.describe.configure({ timeout: 180_000 });

const BADGES_AND_CHIPS = '.mantine-Badge-root, .mantine-Chip-label, .mantine-Pill-root';
const AA = 4.5;

interface Contrast {
  checked: number;
  failures: string[];
}

/**
 * Every visible text inside the badges and chips on the page now, with its contrast ratio; the
 * ones under 4.5:1 as failures ("VG" rgb(…) on rgb(…): 1.00:1).
 */
async function contrastOf(page: Page): Promise<Contrast> {
  // Mantine's transitions would otherwise be judged half-faded.
  await page.waitForTimeout(350);
  return page.evaluate(
    ({ selector, minimum }) => {
      type Rgba = [number, number, number, number];
      const canvas = document.createElement('canvas');
      canvas.width = 1;
      canvas.height = 1;
      const ctx = canvas.getContext('2d', { willReadFrequently: true })!;
      /** Any CSS colour the browser computed (rgb(), color(srgb …), color-mix results) as RGBA. */
      const rgba = (css: string): Rgba => {
        ctx.clearRect(0, 0, 1, 1);
        ctx.fillStyle = css;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data;
        return [r!, g!, b!, a! / 255];
      };
      const over = (top: Rgba, bottom: Rgba): Rgba => {
        const a = top[3];
        return [
          top[0] * a + bottom[0] * (1 - a),
          top[1] * a + bottom[1] * (1 - a),
          top[2] * a + bottom[2] * (1 - a),
          1,
        ];
      };
      /** What is drawn behind an element: its and its ancestors' backgrounds, down to an opaque one. */
      const backgroundOf = (element: Element): Rgba => {
        const layers: Rgba[] = [];
        for (let node: Element | null = element; node; node = node.parentElement) {
          const background = rgba(getComputedStyle(node).backgroundColor);
          if (background[3] > 0) layers.push(background);
          if (background[3] >= 1) break;
        }
        return layers.reverse().reduce<Rgba>((below, layer) => over(layer, below), [255, 255, 255, 1]);
      };
      const luminance = ([r, g, b]: Rgba) => {
        const channel = (c: number) => {
          const s = c / 255;
          return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
        };
        return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
      };
      const show = ([r, g, b]: Rgba) => `rgb(${Math.round(r)}, ${Math.round(g)}, ${Math.round(b)})`;

      const failures: string[] = [];
      let checked = 0;
      for (const root of document.querySelectorAll(selector)) {
        // The root and every element inside it that holds text of its own (a chip's count, say).
        const holders = [root, ...root.querySelectorAll('*')].filter((element) =>
          [...element.childNodes].some(
            (node) => node.nodeType === Node.TEXT_NODE && node.textContent!.trim(),
          ),
        );
        for (const holder of holders) {
          const box = holder.getBoundingClientRect();
          const style = getComputedStyle(holder);
          // Screen-reader-only text (VisuallyHidden) is clipped to 1 px: not drawn.
          if (box.width <= 1 || box.height <= 1 || style.visibility === 'hidden' || style.opacity === '0')
            continue;
          const text = [...holder.childNodes]
            .filter((node) => node.nodeType === Node.TEXT_NODE)
            .map((node) => node.textContent!.trim())
            .join(' ');
          const background = backgroundOf(holder);
          const color = over(rgba(style.color), background);
          const [light, dark] = [luminance(color), luminance(background)].sort((a, b) => b - a);
          const ratio = (light! + 0.05) / (dark! + 0.05);
          checked += 1;
          if (ratio < minimum) {
            failures.push(`"${text}" ${show(color)} on ${show(background)}: ${ratio.toFixed(2)}:1`);
          }
        }
      }
      return { checked, failures };
    },
    { selector: BADGES_AND_CHIPS, minimum: AA },
  );
}

async function expectLegible(page: Page, screen: string, atLeast = 1) {
  const { checked, failures } = await contrastOf(page);
  expect(checked, `badges and chips checked on ${screen}`).toBeGreaterThanOrEqual(atLeast);
  expect(failures, `badges and chips under ${AA}:1 on ${screen}`).toEqual([]);
}

/** A product of this spec's own, vegan, organic and gluten-free, low on stock, in an active category. */
async function makeProduct() {
  const name = `Legible Lentils ${uniqueWord()}`;
  const [category] = await sql<{ id: string }>(
    `SELECT id FROM categories WHERE is_active ORDER BY name LIMIT 1`,
  );
  const [product] = await sql<{ id: string; price: string }>(
    `INSERT INTO products (name, description, price, unit, category_id, stock, low_stock_threshold, sku,
                           dietary_labels, allergens, ingredients)
     VALUES ($1, 'Made by the legible badges spec', 2.40, 'bag', $2, 3, 5, $3,
             '{vegan,vegetarian,gluten-free,organic}', '{}', 'Red LENTILS')
     RETURNING id, price::text AS price`,
    [name, category!.id, `E2E-LEG-${uniqueWord()}`],
  );
  return { id: product!.id, name, price: product!.price };
}

/** An order of the demo customer for the product in each state, so the orders table shows every status badge. */
async function ordersInEachState(product: { id: string; price: string }) {
  for (const status of ['pending', 'processing', 'shipped', 'delivered', 'cancelled']) {
    const [order] = await sql<{ id: string }>(
      `INSERT INTO orders (user_id, status, payment_method, payment_status, total, shipping_address)
       SELECT id, $1::text, 'card', CASE WHEN $1::text IN ('pending', 'cancelled') THEN $1::text ELSE 'paid' END, $2::numeric,
              '1 Badge Road, Springfield, IL 62701, US'
       FROM users WHERE email = 'customer@example.com' RETURNING id`,
      [status, product.price],
    );
    await sql(
      `INSERT INTO order_items (order_id, product_id, quantity, price) VALUES ($1, $2, 1, $3::numeric)`,
      [order!.id, product.id, product.price],
    );
  }
}

let product: { id: string; name: string; price: string };

test.beforeAll(async () => {
  product = await makeProduct();
  await ordersInEachState(product);
});

test.afterAll(async () => {
  // Off the storefront again, so other specs never meet it.
  await sql(`UPDATE products SET is_active = false WHERE id = $1`, [product.id]);
});

test('the storefront: the diet badges on a card and the filter chips, chosen or not', async ({ page }) => {
  await page.goto(`/?q=${encodeURIComponent(product.name)}`);
  const card = page.getByTestId('product-card').filter({ hasText: product.name });
  await expect(card.getByTestId('dietary-badge')).toHaveCount(4);
  await expectLegible(page, 'the storefront', 4);
  // A chosen chip is drawn filled: judged too.
  await page
    .getByRole('group', { name: 'Dietary' })
    .locator('label')
    .filter({ hasText: /^Vegan/ })
    .click();
  await expect(page).toHaveURL(/diet=vegan/);
  await expect(card).toBeVisible();
  await expectLegible(page, 'the storefront with a chip chosen', 5);
  await expectNoAxeViolations(page, 'the storefront with diet badges');
});

test('a product page: its diet badges and stock state', async ({ page }) => {
  await page.goto(`/products/${product.id}`);
  await expect(page.getByRole('heading', { level: 1, name: product.name })).toBeVisible();
  await expect(page.getByTestId('dietary-badge')).toHaveCount(4);
  await expectLegible(page, 'the product page', 4);
  await expectNoAxeViolations(page, 'the product page with diet badges');
});

test('the admin tables: status, stock, role and every other badge', async ({ page }) => {
  await signIn(page, DEMO.admin);
  const screens: [url: string, ready: (p: Page) => ReturnType<Page['getByTestId']>, name: string][] = [
    ['/admin?section=products', (p) => p.getByTestId('product-row').first(), 'Admin → Products'],
    ['/admin/inventory', (p) => p.getByTestId('inventory-row').first(), 'Admin → Inventory'],
    ['/admin/orders', (p) => p.getByTestId('order-row').first(), 'Admin → Orders'],
    ['/admin/users', (p) => p.getByTestId('user-row').first(), 'Admin → Users'],
    ['/admin', (p) => p.getByTestId('stat-card').first(), 'Admin → Overview'],
    ['/admin/delivery', (p) => p.getByTestId('delivery-zone').first(), 'Admin → Delivery'],
  ];
  for (const [url, ready, name] of screens) {
    await page.goto(url);
    await expect(ready(page)).toBeVisible();
    await expectLegible(page, name);
  }
  // This spec's own product, low on stock, and its orders in every state, on the screens that list them.
  await page.goto('/admin/inventory');
  await page.getByLabel('Search inventory').fill(product.name);
  const row = page.locator(`[data-testid="inventory-row"][data-product-id="${product.id}"]`);
  await expect(row.getByTestId('stock-status')).toHaveText('Low Stock');
  await expectLegible(page, 'Admin → Inventory, a low-stock row');
  await page.goto('/admin/orders');
  await expect(page.getByTestId('order-row').first()).toBeVisible();
  for (const status of ['Pending', 'Processing', 'Shipped', 'Delivered', 'Cancelled']) {
    await expect(page.getByTestId('order-status').filter({ hasText: status }).first()).toBeVisible();
  }
  await expectLegible(page, 'Admin → Orders, every status', 5);
});
