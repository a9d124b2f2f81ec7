/**
 * Issue 20 part A: allergens, dietary labels and nutrition through the real app, on both database
 * modes. The storefront's filters and their counts are checked against the database's rows (with
 * the schema's own `isFreeFrom`), bad input answers 400 naming the field and writes nothing, and
 * the product form's food facts keep their values across an edit that does not send them.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLERGENS, DIETARY_LABELS, FOOD_FACTS_MESSAGES, isFreeFrom, type FacetCounts } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { callerAs, failureOf, makeProduct, type Caller } from '../../test/admin-fixtures';
import { canonicalJson } from './catalogue-cache.http';

let t: TestApp;
/** A stand-in for the built web app, so the server answers pages (http/spa.ts). */
const webDist = mkdtempSync(join(tmpdir(), 'shop-web-dist-'));
writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><head></head><body></body></html>');
let admin: Caller;
let categoryId: string;
const made: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp({ listen: false, env: { WEB_DIST: webDist } });
  admin = await callerAs(t.db.dataSource, 'admin');
  [{ id: categoryId }] = await t.db.dataSource.query(
    `INSERT INTO categories (name, description) VALUES ('Food facts test', 'Filters') RETURNING id`,
  );
  const products = {
    veganFree: { dietaryLabels: ['vegan', 'vegetarian'] },
    veganTracePeanuts: { dietaryLabels: ['vegan', 'vegetarian'], mayContain: ['peanuts'] },
    vegetarianMilk: { dietaryLabels: ['vegetarian'], allergens: ['milk'] },
    veganSesame: { dietaryLabels: ['vegan', 'organic'], allergens: ['sesame'] },
    inactiveVegan: { dietaryLabels: ['vegan'], isActive: false },
  };
  for (const [name, facts] of Object.entries(products))
    made[name] = (await makeProduct(t.db.dataSource, { name: `FF ${name}`, categoryId, ...facts })).id;
});

afterAll(async () => {
  await t?.close();
  rmSync(webDist, { recursive: true, force: true });
});

async function get(procedure: string, input: unknown) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/trpc/${procedure}?input=${encodeURIComponent(JSON.stringify(input))}`,
  });
  return { status: response.statusCode, body: response.json() };
}

/** Every page of products.page for `input`: the ids shown. */
async function shownIds(input: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const { status, body } = await get('products.page', { ...input, limit: 100, cursor });
    expect(status).toBe(200);
    ids.push(...body.result.data.items.map((item: { id: string }) => item.id));
    cursor = body.result.data.nextCursor;
  } while (cursor);
  return ids;
}

interface Row {
  id: string;
  category_id: string;
  allergens: string[];
  may_contain: string[];
  dietary_labels: string[];
}

/** The active products as the database holds them. */
async function activeRows(): Promise<Row[]> {
  return t.db.dataSource.query(
    `SELECT id, category_id, allergens, may_contain, dietary_labels FROM products WHERE is_active`,
  );
}

const qualifies = (row: Row, freeFrom: string[], labels: string[]) =>
  isFreeFrom({ allergens: row.allergens, mayContain: row.may_contain }, freeFrom) &&
  labels.every((label) => row.dietary_labels.includes(label));

describe('the storefront filters', () => {
  it('show exactly the products free from peanuts and milk that are vegan (whole catalogue, DB-checked)', async () => {
    const freeFrom = ['peanuts', 'milk'];
    const dietaryLabels = ['vegan'];
    const shown = await shownIds({ freeFrom, dietaryLabels });
    const expected = (await activeRows()).filter((row) => qualifies(row, freeFrom, dietaryLabels));
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.sort()).toEqual(expected.map((row) => row.id).sort());
    expect(shown).toContain(made.veganFree);
    expect(shown).toContain(made.veganSesame);
    // A trace counts: "may contain peanuts" is not free from peanuts.
    expect(shown).not.toContain(made.veganTracePeanuts);
    expect(shown).not.toContain(made.vegetarianMilk);
    expect(shown).not.toContain(made.inactiveVegan);
  });

  it('combine with the category and the search', async () => {
    expect(await shownIds({ categoryId, freeFrom: ['peanuts'], dietaryLabels: ['vegan'] })).toEqual(
      expect.arrayContaining([made.veganFree, made.veganSesame]),
    );
    expect(await shownIds({ categoryId, freeFrom: ['peanuts'], dietaryLabels: ['vegan'] })).toHaveLength(2);
    expect(await shownIds({ categoryId, search: 'sesame', dietaryLabels: ['organic'] })).toEqual([
      made.veganSesame,
    ]);
  });

  it('count, for every option, the products it would show with the rest of the filter (DB-checked)', async () => {
    for (const input of [
      { categoryId },
      { categoryId, freeFrom: ['peanuts'] },
      { freeFrom: ['peanuts', 'milk'], dietaryLabels: ['vegan'] },
      {},
    ] as { categoryId?: string; freeFrom?: string[]; dietaryLabels?: string[] }[]) {
      const { status, body } = await get('products.facets', input);
      expect(status).toBe(200);
      const counts: FacetCounts = body.result.data;
      const base = (await activeRows()).filter(
        (row) =>
          (!input.categoryId || row.category_id === input.categoryId) &&
          qualifies(row, input.freeFrom ?? [], input.dietaryLabels ?? []),
      );
      expect(counts.total).toBe(base.length);
      for (const allergen of ALLERGENS)
        expect(counts.freeFrom[allergen], allergen).toBe(
          base.filter((row) => qualifies(row, [allergen], [])).length,
        );
      for (const label of DIETARY_LABELS)
        expect(counts.dietaryLabels[label], label).toBe(
          base.filter((row) => qualifies(row, [], [label])).length,
        );
    }
    const { body } = await get('products.facets', { categoryId });
    expect(body.result.data).toMatchObject({ total: 4, freeFrom: { peanuts: 3, milk: 3, sesame: 3 } });
  });

  it('refuse an unknown allergen or label with a 400 naming the field', async () => {
    for (const [procedure, input, path] of [
      ['products.page', { freeFrom: ['arsenic'] }, 'freeFrom.0'],
      ['products.facets', { dietaryLabels: ['paleo'] }, 'dietaryLabels.0'],
      ['products.facets', { freeFrom: 'milk' }, 'freeFrom'],
    ] as const) {
      const { status, body } = await get(procedure, input);
      expect(status, procedure).toBe(400);
      expect(JSON.stringify(body)).toContain(path);
    }
  });

  it('share one cache key whatever the order of the chosen options', () => {
    expect(canonicalJson({ freeFrom: ['peanuts', 'milk', 'peanuts'], dietaryLabels: ['vegan'] })).toBe(
      canonicalJson({ dietaryLabels: ['vegan'], freeFrom: ['milk', 'peanuts'] }),
    );
  });
});

describe('the bits the filters read (migration FoodFactsBits1766800000000)', () => {
  it('follow the schema lists: bit i is ALLERGENS[i] (contained or a trace) and DIETARY_LABELS[i]', async () => {
    const bits = async (id: string) =>
      (
        await t.db.dataSource.query(`SELECT allergen_bits, label_bits FROM products WHERE id = $1`, [id])
      )[0] as { allergen_bits: number; label_bits: number };
    for (const [i, allergen] of ALLERGENS.entries()) {
      const contains = await makeProduct(t.db.dataSource, { isActive: false, allergens: [allergen] });
      const trace = await makeProduct(t.db.dataSource, { isActive: false, mayContain: [allergen] });
      expect(await bits(contains.id), allergen).toEqual({ allergen_bits: 1 << i, label_bits: 0 });
      expect((await bits(trace.id)).allergen_bits, allergen).toBe(1 << i);
    }
    for (const [i, label] of DIETARY_LABELS.entries()) {
      const labelled = await makeProduct(t.db.dataSource, { isActive: false, dietaryLabels: [label] });
      expect(await bits(labelled.id), label).toEqual({ allergen_bits: 0, label_bits: 1 << i });
    }
  });

  it('follow an edit of the lists, whoever writes them', async () => {
    const product = await makeProduct(t.db.dataSource, { isActive: false, allergens: ['milk'] });
    await t.db.dataSource.query(
      `UPDATE products SET allergens = '{}', may_contain = '{peanuts}', dietary_labels = '{vegan}' WHERE id = $1`,
      [product.id],
    );
    const [row] = await t.db.dataSource.query(
      `SELECT allergen_bits, label_bits FROM products WHERE id = $1`,
      [product.id],
    );
    expect(row).toEqual({
      allergen_bits: 1 << ALLERGENS.indexOf('peanuts'),
      label_bits: 1 << DIETARY_LABELS.indexOf('vegan'),
    });
  });
});

describe('the product page and the product form', () => {
  const form = () => ({
    name: 'Oat Cookies',
    description: 'Crunchy oat cookies',
    price: '3.20',
    stock: 30,
    categoryId,
  });
  const nutrition = {
    basis: 'g' as const,
    energyKj: 2000,
    energyKcal: 478,
    fat: 20,
    saturates: 9.5,
    carbohydrate: 65,
    sugars: 25,
    protein: 6,
    salt: 0.6,
  };

  it('reads the food facts in full on the product page (byId), the card fields in the listing', async () => {
    const created = await admin.products.create({
      ...form(),
      allergens: ['wheat', 'gluten', 'eggs'],
      mayContain: ['tree-nuts'],
      dietaryLabels: ['vegetarian'],
      ingredients: 'Oat flakes, WHEAT flour, sugar, EGG',
      nutrition,
      origin: 'United Kingdom',
      storage: 'Store in a cool, dry place.',
    });
    // Lists in the catalogue's order, whatever order they were sent in.
    expect(created.allergens).toEqual(['gluten', 'wheat', 'eggs']);
    const { status, body } = await get('products.byId', { id: created.id });
    expect(status).toBe(200);
    expect(body.result.data).toMatchObject({
      allergens: ['gluten', 'wheat', 'eggs'],
      mayContain: ['tree-nuts'],
      dietaryLabels: ['vegetarian'],
      isOrganic: false,
      ingredients: 'Oat flakes, WHEAT flour, sugar, EGG',
      nutrition,
      origin: 'United Kingdom',
      storage: 'Store in a cool, dry place.',
    });
    expect(body.result.data).not.toHaveProperty('sku');
  });

  it('keeps the food facts on an edit that does not send them; the spec booleans set only their labels', async () => {
    const created = await admin.products.create({
      ...form(),
      allergens: ['milk'],
      dietaryLabels: ['vegetarian', 'organic'],
      nutrition,
    });
    expect(created.isOrganic).toBe(true);
    const edited = await admin.products.update({
      id: created.id,
      ...form(),
      expectedStock: 30, // a stock value needs a precondition (issue 32)
      isOrganic: false,
      isGlutenFree: true,
    });
    expect(edited).toMatchObject({
      allergens: ['milk'],
      dietaryLabels: ['vegetarian', 'gluten-free'],
      isOrganic: false,
      isGlutenFree: true,
      nutrition,
    });
    const cleared = await admin.products.update({
      id: created.id,
      ...form(),
      expectedStock: 30, // a stock value needs a precondition (issue 32)
      allergens: [],
      nutrition: null,
    });
    expect(cleared).toMatchObject({ allergens: [], nutrition: null });
  });

  it('refuses contradictory facts with the form messages and writes nothing', async () => {
    const before = await t.db.dataSource.query(`SELECT count(*)::int AS n FROM products`);
    const cases: [Record<string, unknown>, string][] = [
      [{ allergens: ['milk'], mayContain: ['milk'] }, FOOD_FACTS_MESSAGES.containsAndMayContain('milk')],
      [
        { allergens: ['milk'], dietaryLabels: ['vegan'] },
        FOOD_FACTS_MESSAGES.labelContradicts('vegan', 'milk'),
      ],
      [
        { allergens: ['wheat'], dietaryLabels: ['gluten-free'] },
        FOOD_FACTS_MESSAGES.labelContradicts('gluten-free', 'wheat'),
      ],
      [{ nutrition: { ...nutrition, saturates: 30 } }, FOOD_FACTS_MESSAGES.saturates],
      [{ nutrition: { ...nutrition, sugars: 70 } }, FOOD_FACTS_MESSAGES.sugars],
      [{ nutrition: { ...nutrition, salt: 120 } }, FOOD_FACTS_MESSAGES.grams],
      [{ nutrition: { ...nutrition, fat: -1 } }, FOOD_FACTS_MESSAGES.nutrient],
      [{ allergens: ['arsenic'] }, FOOD_FACTS_MESSAGES.allergen],
      [{ dietaryLabels: ['vegan'], isOrganic: true }, FOOD_FACTS_MESSAGES.labelFlag('isOrganic')],
    ];
    for (const [change, message] of cases) {
      const error = await failureOf(admin.products.create({ ...form(), ...change } as never));
      expect(error.code, message).toBe('BAD_REQUEST');
      expect(error.message).toContain(message);
    }
    expect(await t.db.dataSource.query(`SELECT count(*)::int AS n FROM products`)).toEqual(before);
  });

  it('answers an active product’s page with 200 and its canonical link, in the sitemap', async () => {
    const page = await t.app.inject({ method: 'GET', url: `/products/${made.veganFree}` });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`/products/${made.veganFree}"`);
    const sitemap = await t.app.inject({ method: 'GET', url: '/sitemap.xml' });
    expect(sitemap.body).toContain(`/products/${made.veganFree}</loc>`);
    expect(sitemap.body).not.toContain(made.inactiveVegan);
  });

  it('answers the page of an unknown or inactive product with 404 (page and api)', async () => {
    expect((await get('products.byId', { id: made.inactiveVegan })).status).toBe(404);
    for (const url of [
      `/products/${made.inactiveVegan}`,
      '/products/00000000-0000-4000-8000-000000000000',
      '/products/not-a-uuid',
    ]) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toMatch(/text\/html/);
    }
  });
});
