/**
 * Loads the demo data. Idempotent: every row is keyed by a natural key (category name, product
 * SKU, user email, role name) and an existing row is left as it is, so staff edits survive a
 * second run and nothing is duplicated.
 */
import type { DataSource } from 'typeorm';
import { ALLERGENS, DIETARY_LABELS, ROLE_DESCRIPTIONS, ROLES } from '@shop/schema';
import { categories, products, type SeedProduct } from './catalogue';
import { seedProductMeasures } from './measures-seed';
import { foodFacts, seedNutrition } from './food-facts';
import { demoAccounts } from './demo-accounts';
import { seedPermissionModel } from './permissions-seed';

export interface SeedResult {
  categories: number;
  products: number;
  users: number;
  roles: number;
}

/** Where the web serves the shipped product illustrations from. */
export const PRODUCT_IMAGE_BASE = '/products/';
/** The categories' pictures, shipped beside them (apps/web/public/products/categories/). */
export const CATEGORY_IMAGE_BASE = '/products/categories/';

/** The product's food facts as stored (issue 20): lists in the catalogue's order, as the api writes them. */
function storedFoodFacts(product: SeedProduct) {
  const facts = foodFacts[product.sku];
  const ordered = (values: readonly string[], order: readonly string[]) =>
    order.filter((value) => values.includes(value));
  const labels = [
    ...(facts?.labels ?? []),
    ...(product.isOrganic ? ['organic'] : []),
    ...(product.isGlutenFree ? ['gluten-free'] : []),
  ];
  return {
    allergens: `{${ordered(facts?.allergens ?? [], ALLERGENS).join(',')}}`,
    mayContain: `{${ordered(facts?.mayContain ?? [], ALLERGENS).join(',')}}`,
    labels: `{${ordered(labels, DIETARY_LABELS).join(',')}}`,
    ingredients: facts?.ingredients ?? null,
    nutrition: facts ? JSON.stringify(seedNutrition(facts)) : null,
    origin: facts?.origin ?? null,
    storage: facts?.storage ?? null,
  };
}

export async function seedDemoData(dataSource: DataSource): Promise<SeedResult> {
  return dataSource.transaction(async (tx) => {
    const insertedRoles = await tx.query(
      `INSERT INTO roles (name, description)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [ROLES, ROLES.map((role) => ROLE_DESCRIPTIONS[role])],
    );
    // Permissions, groups and the built-in roles' groups: what enforcement reads.
    await seedPermissionModel(tx);

    const insertedCategories = await tx.query(
      `INSERT INTO categories (name, description, image_url)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[])
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [
        categories.map((c) => c.name),
        categories.map((c) => c.description),
        categories.map((c) => CATEGORY_IMAGE_BASE + c.image),
      ],
    );

    const facts = products.map(storedFoodFacts);
    const insertedProducts = await tx.query(
      `INSERT INTO products (sku, name, description, category_id, price, unit, stock, low_stock_threshold,
                             is_active, image_url, allergens, may_contain, dietary_labels, ingredients,
                             nutrition, origin, storage)
       SELECT p.sku, p.name, p.description, c.id, p.price, p.unit, p.stock, p.threshold,
              p.active, p.image, p.allergens::text[], p.may_contain::text[], p.labels::text[], p.ingredients,
              p.nutrition::jsonb, p.origin, p.storage
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::int[],
                   $8::int[], $9::bool[], $10::text[], $11::text[], $12::text[], $13::text[], $14::text[],
                   $15::text[], $16::text[], $17::text[])
            AS p(sku, name, description, category, price, unit, stock, threshold, active, image,
                 allergens, may_contain, labels, ingredients, nutrition, origin, storage)
       JOIN categories c ON c.name = p.category
       ON CONFLICT (sku) DO NOTHING RETURNING id`,
      [
        products.map((p) => p.sku),
        products.map((p) => p.name),
        products.map((p) => p.description),
        products.map((p) => p.category),
        products.map((p) => p.price),
        products.map((p) => p.unit),
        products.map((p) => p.stock),
        products.map((p) => p.lowStockThreshold),
        products.map((p) => p.isActive),
        products.map((p) => (p.image ? PRODUCT_IMAGE_BASE + p.image : null)),
        facts.map((f) => f.allergens),
        facts.map((f) => f.mayContain),
        facts.map((f) => f.labels),
        facts.map((f) => f.ingredients),
        facts.map((f) => f.nutrition),
        facts.map((f) => f.origin),
        facts.map((f) => f.storage),
      ],
    );

    await seedProductMeasures(tx);

    const insertedUsers = await tx.query(
      `INSERT INTO users (email, first_name, last_name, role)
       SELECT * FROM unnest($1::text[], $2::text[], $3::text[], $4::text[])
       ON CONFLICT (email) DO NOTHING RETURNING id`,
      [
        demoAccounts.map((a) => a.email),
        demoAccounts.map((a) => a.firstName),
        demoAccounts.map((a) => a.lastName),
        demoAccounts.map((a) => a.role),
      ],
    );

    return {
      roles: insertedRoles.length,
      categories: insertedCategories.length,
      products: insertedProducts.length,
      users: insertedUsers.length,
    };
  });
}
