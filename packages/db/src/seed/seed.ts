/**
 * Loads the demo data. Idempotent: every row is keyed by a natural key (category name, product
 * SKU, user email, role name) and an existing row is left as it is, so staff edits survive a
 * second run and nothing is duplicated.
 */
import type { DataSource } from 'typeorm';
import { ROLE_DESCRIPTIONS, ROLES } from '@shop/schema';
import { categories, products } from './catalogue';
import { seedProductMeasures } from './measures-seed';
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
      `INSERT INTO categories (name, description)
       SELECT * FROM unnest($1::text[], $2::text[])
       ON CONFLICT (name) DO NOTHING RETURNING id`,
      [categories.map((c) => c.name), categories.map((c) => c.description)],
    );

    const insertedProducts = await tx.query(
      `INSERT INTO products (sku, name, description, category_id, price, unit, stock, low_stock_threshold,
                             is_organic, is_gluten_free, is_active, image_url)
       SELECT p.sku, p.name, p.description, c.id, p.price, p.unit, p.stock, p.threshold,
              p.organic, p.gluten_free, p.active, p.image
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::numeric[], $6::text[], $7::int[],
                   $8::int[], $9::bool[], $10::bool[], $11::bool[], $12::text[])
            AS p(sku, name, description, category, price, unit, stock, threshold, organic, gluten_free, active, image)
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
        products.map((p) => p.isOrganic),
        products.map((p) => p.isGlutenFree),
        products.map((p) => p.isActive),
        products.map((p) => (p.image ? PRODUCT_IMAGE_BASE + p.image : null)),
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
