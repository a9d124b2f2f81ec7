/**
 * Categories (docs/product.md §3; issue 19 item 1): the storefront reads the active ones in their
 * order, staff manage them all in Admin → Categories.
 *
 * Concurrency: every write locks the category row (FOR UPDATE) first. An edit based on an older
 * version is refused (edit-version.ts). Deleting locks the row before counting its products: a
 * product written into the category meanwhile (its foreign key check takes a KEY SHARE lock on the
 * same row) waits for the delete and then finds the category gone, so no product is orphaned
 * silently. Reordering locks every category in id order and is refused when the list sent is not
 * exactly today's categories.
 */
import type { EntityManager } from 'typeorm';
import {
  CATEGORY_MESSAGES,
  type AdminCategoryDto,
  type CategoryDeleteResult,
  type CategoryDto,
  type StorefrontCategoryDto,
} from '@shop/schema';
import type { z } from 'zod';
import type {
  CategoryDeleteInput,
  CategoryInput,
  CategoryOrderInput,
  CategoryUpdateInput,
} from '@shop/schema';
import type { ServiceContext } from '../../context';
import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { assertEditVersion, bumpEditVersion } from '../../edit-version';
import { isUniqueViolation } from '../../sql/pg-errors';
import { catalogueChanged } from './catalogue-changed';

type NewCategory = z.output<typeof CategoryInput>;
type CategoryChange = z.output<typeof CategoryUpdateInput>;
type CategoryDeletion = z.output<typeof CategoryDeleteInput>;
type CategoryOrder = z.output<typeof CategoryOrderInput>;

const NAME_CONSTRAINT = 'UQ_8b0be371d28245da6e4f4b61878';

/** The storefront's order: position, then name (index categories_position_name_idx). */
const STOREFRONT_ORDER = 'ORDER BY c.position, c.name';

interface CategoryRow {
  id: string;
  name: string;
  description: string | null;
  imageUrl: string | null;
  position: number;
  isActive: boolean;
  productCount: string | number;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

const SELECT_ADMIN = `
  SELECT c.id, c.name, c.description, c.image_url AS "imageUrl", c.position, c.is_active AS "isActive",
         (SELECT count(*) FROM products p WHERE p.category_id = c.id) AS "productCount",
         c.created_at AS "createdAt", c.updated_at AS "updatedAt", c.version
  FROM categories c`;

function toAdminDto(row: CategoryRow): AdminCategoryDto {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    imageUrl: row.imageUrl,
    position: row.position,
    isActive: row.isActive,
    productCount: Number(row.productCount),
    createdAt: new Date(row.createdAt).toISOString(),
    updatedAt: new Date(row.updatedAt).toISOString(),
    version: row.version,
  };
}

/** GET /api/categories: the spec's fields of the categories shoppers see, in the storefront's order. */
export async function listCategories(ctx: ServiceContext): Promise<CategoryDto[]> {
  const rows: { id: string; name: string; description: string | null; createdAt: Date }[] =
    await ctx.db.query(
      `SELECT c.id, c.name, c.description, c.created_at AS "createdAt"
     FROM categories c WHERE c.is_active ${STOREFRONT_ORDER}`,
    );
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    description: row.description,
    createdAt: new Date(row.createdAt).toISOString(),
  }));
}

/** The storefront's category cards: the active categories with their pictures. */
export async function listStorefrontCategories(ctx: ServiceContext): Promise<StorefrontCategoryDto[]> {
  const rows: {
    id: string;
    name: string;
    description: string | null;
    imageUrl: string | null;
    createdAt: Date;
  }[] = await ctx.db.query(
    `SELECT c.id, c.name, c.description, c.image_url AS "imageUrl", c.created_at AS "createdAt"
       FROM categories c WHERE c.is_active ${STOREFRONT_ORDER}`,
  );
  return rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
}

/** Admin → Categories: every category, inactive ones included, in the storefront's order. */
export async function listAdminCategories(ctx: ServiceContext): Promise<AdminCategoryDto[]> {
  const rows: CategoryRow[] = await ctx.db.query(`${SELECT_ADMIN} ${STOREFRONT_ORDER}`);
  return rows.map(toAdminDto);
}

export async function readAdminCategory(db: EntityManager, id: string): Promise<AdminCategoryDto> {
  const [row]: CategoryRow[] = await db.query(`${SELECT_ADMIN} WHERE c.id = $1`, [id]);
  if (!row) throw new NotFoundError('Category');
  return toAdminDto(row);
}

export async function getAdminCategory(ctx: ServiceContext, id: string): Promise<AdminCategoryDto> {
  return readAdminCategory(ctx.db, id);
}

function nameTaken(name: string): ConflictError {
  return new ConflictError(CATEGORY_MESSAGES.nameTaken(name));
}

/** Creates a category at the end of the storefront's order. A name in use answers 409. */
export async function createCategory(ctx: ServiceContext, input: NewCategory): Promise<AdminCategoryDto> {
  try {
    const created = await ctx.db.transaction(async (tx) => {
      const [row]: { id: string }[] = await tx.query(
        `INSERT INTO categories (name, description, image_url, is_active, position)
         VALUES ($1, $2, $3, $4, (SELECT COALESCE(MAX(position), 0) + 1 FROM categories))
         RETURNING id`,
        [input.name, input.description, input.imageUrl, input.isActive],
      );
      return readAdminCategory(tx, row!.id);
    });
    catalogueChanged(ctx.db);
    return created;
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken(input.name);
    throw error;
  }
}

/**
 * Changes the fields sent (name, description, picture, active flag). An edit based on an older
 * version is refused with 409 and the category as it is now.
 */
export async function updateCategory(ctx: ServiceContext, input: CategoryChange): Promise<AdminCategoryDto> {
  try {
    const updated = await ctx.db.transaction(async (tx) => {
      const [current]: { version: number }[] = await tx.query(
        `SELECT version FROM categories WHERE id = $1 FOR UPDATE`,
        [input.id],
      );
      if (!current) throw new NotFoundError('Category');
      await assertEditVersion('category', current, input.version, () => readAdminCategory(tx, input.id));
      await tx.query(
        `UPDATE categories
         SET name = COALESCE($2, name),
             description = CASE WHEN $3::boolean THEN $4 ELSE description END,
             image_url = CASE WHEN $5::boolean THEN $6 ELSE image_url END,
             is_active = COALESCE($7, is_active),
             updated_at = now(), ${bumpEditVersion()}
         WHERE id = $1`,
        [
          input.id,
          input.name ?? null,
          input.description !== undefined,
          input.description ?? null,
          input.imageUrl !== undefined,
          input.imageUrl ?? null,
          input.isActive ?? null,
        ],
      );
      return readAdminCategory(tx, input.id);
    });
    catalogueChanged(ctx.db);
    return updated;
  } catch (error) {
    if (input.name && isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken(input.name);
    throw error;
  }
}

/**
 * Deletes a category. One that holds products is refused (409 with the count) unless
 * `moveProductsTo` names another existing category: then its products move there first, in the
 * same transaction (a product edit open on them becomes outdated: their version is raised).
 */
export async function deleteCategory(
  ctx: ServiceContext,
  input: CategoryDeletion,
): Promise<CategoryDeleteResult> {
  if (input.moveProductsTo === input.id) {
    throw new BadRequestError(CATEGORY_MESSAGES.moveTarget, [
      { path: 'moveProductsTo', message: CATEGORY_MESSAGES.moveTarget },
    ]);
  }
  const result = await ctx.db.transaction(async (tx) => {
    // Both rows locked in id order, so two deletes moving products into each other cannot deadlock.
    const ids = [input.id, input.moveProductsTo].filter((id): id is string => !!id).sort();
    const locked: { id: string; name: string }[] = await tx.query(
      `SELECT id, name FROM categories WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE`,
      [ids],
    );
    const category = locked.find((row) => row.id === input.id);
    if (!category) throw new NotFoundError('Category');
    if (input.moveProductsTo && !locked.some((row) => row.id === input.moveProductsTo)) {
      throw new BadRequestError(CATEGORY_MESSAGES.moveTargetMissing, [
        { path: 'moveProductsTo', message: CATEGORY_MESSAGES.moveTargetMissing },
      ]);
    }
    const [{ count } = { count: '0' }]: { count: string }[] = await tx.query(
      `SELECT count(*) AS count FROM products WHERE category_id = $1`,
      [input.id],
    );
    const products = Number(count);
    let moved = 0;
    if (products > 0) {
      if (!input.moveProductsTo) {
        throw new ConflictError(CATEGORY_MESSAGES.stillHasProducts(category.name, products), {
          reason: 'HAS_PRODUCTS',
          productCount: products,
        });
      }
      // The category row is locked: no product can join it meanwhile, so all `products` move.
      await tx.query(
        `UPDATE products SET category_id = $2, updated_at = now(), ${bumpEditVersion()}
         WHERE category_id = $1`,
        [input.id, input.moveProductsTo],
      );
      moved = products;
    }
    await tx.query(`DELETE FROM categories WHERE id = $1`, [input.id]);
    return { id: input.id, movedProducts: moved, message: CATEGORY_MESSAGES.deleted };
  });
  catalogueChanged(ctx.db);
  return result;
}

/** Sets the storefront's order: `ids` must be every category, each once. */
export async function reorderCategories(
  ctx: ServiceContext,
  input: CategoryOrder,
): Promise<AdminCategoryDto[]> {
  await ctx.db.transaction(async (tx) => {
    const rows: { id: string }[] = await tx.query(`SELECT id FROM categories ORDER BY id FOR UPDATE`);
    const sent = new Set(input.ids);
    if (rows.length !== input.ids.length || rows.some((row) => !sent.has(row.id))) {
      throw new ConflictError(CATEGORY_MESSAGES.reorderStale, { reason: 'CATEGORIES_CHANGED' });
    }
    await tx.query(
      // The position is no field of the category's form: an edit open meanwhile stays valid.
      `UPDATE categories c SET position = d.position
       FROM unnest($1::uuid[]) WITH ORDINALITY AS d(id, position)
       WHERE c.id = d.id`,
      [input.ids],
    );
  });
  catalogueChanged(ctx.db);
  return listAdminCategories(ctx);
}

/**
 * The category of a product being written, locked against a concurrent delete (KEY SHARE: edits of
 * the category go on). Used by the product writes so a product never lands in a category that is
 * being deleted: the delete answers first, and then this finds no row.
 */
export async function lockCategoryForProduct(tx: EntityManager, categoryId: string): Promise<string> {
  const [row]: { name: string }[] = await tx.query(
    `SELECT name FROM categories WHERE id = $1 FOR KEY SHARE`,
    [categoryId],
  );
  if (!row) {
    throw new BadRequestError(CATEGORY_MESSAGES.notFound, [
      { path: 'categoryId', message: CATEGORY_MESSAGES.notFound },
    ]);
  }
  return row.name;
}
