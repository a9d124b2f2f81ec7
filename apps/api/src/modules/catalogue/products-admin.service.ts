/**
 * Product writes of the admin panel (docs/product.md §2 Products section, §7 POST/PUT/PATCH/DELETE
 * /api/products). Every stock level set here is recorded in the stock ledger with who and why.
 */
import { randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  PRODUCT_DELETE_MESSAGES,
  applyLabelFlags,
  centsToDecimal,
  type AdminProductDto,
  type ProductDeleteResult,
} from '@shop/schema';
import type { ProductInput, ProductUpdateInput } from '@shop/schema';
import type { z } from 'zod';
import type { ServiceContext } from '../../context';
import { ConflictError, NotFoundError } from '../../errors';
import { assertEditVersion, assertExpectedStock, bumpEditVersion } from '../../edit-version';
import { isStillReferenced } from '../../sql/pg-errors';
import {
  recordStockMovements,
  expireDueLots,
  trimLotsToStock,
  updateStockLevels,
  type StockLevelsChange,
} from '../inventory';
import { invalidateCatalogue } from './invalidate';
import { insertProduct, isDuplicateSku, readAdminProduct, updateProduct } from './product.repository';
import { lockCategoryForProduct } from './categories.service';
import { writeProductMeasure } from './product-measure';

/** The parsed bodies (price already in cents). */
export type NewProduct = z.output<typeof ProductInput>;
export type ProductReplacement = z.output<typeof ProductUpdateInput>;

/** 'Fresh Produce' → 'FP', 'Bakery' → 'BA': the SKU prefix of a category, like the demo SKUs. */
export function skuPrefix(categoryName: string): string {
  const words = categoryName.toUpperCase().match(/[A-Z0-9]+/g) ?? [];
  const prefix =
    words.length >= 2
      ? words
          .map((word) => word[0])
          .join('')
          .slice(0, 3)
      : (words[0] ?? '').slice(0, 2);
  return prefix || 'PR';
}

const SKU_ALPHABET = '0123456789ABCDEFGHJKLMNPQRSTUVWXYZ';

/** A SKU nobody typed: the category prefix and 8 random characters, e.g. 'FP-7K2Q9XRM'. */
export function generateSku(categoryName: string): string {
  const bytes = randomBytes(8);
  const suffix = Array.from(bytes, (byte) => SKU_ALPHABET[byte % SKU_ALPHABET.length]).join('');
  return `${skuPrefix(categoryName)}-${suffix}`;
}

/** The product's category, locked against a concurrent delete (categories.service.ts). */
function categoryName(tx: EntityManager, categoryId: string): Promise<string> {
  return lockCategoryForProduct(tx, categoryId);
}

function duplicateSku(sku: string): ConflictError {
  return new ConflictError(`A product with SKU ${sku} already exists`);
}

/** The food facts a form or script sent (issue 20); the ones not sent stay undefined: kept as they are. */
function foodFactsOf(input: NewProduct | ProductReplacement) {
  const { allergens, mayContain, ingredients, nutrition, origin, storage } = input;
  return { allergens, mayContain, ingredients, nutrition, origin, storage };
}

/** An empty image URL means "no image". */
function imageUrl(value: string | null | undefined): string | null {
  return value ? value : null;
}

/**
 * Creates a product. Without a SKU one is generated from the category (retried on the rare
 * collision); a SKU that is taken answers 409. The opening stock is the ledger's first row.
 */
export async function createProduct(ctx: ServiceContext, input: NewProduct): Promise<AdminProductDto> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction(async (tx) => {
        const category = await categoryName(tx, input.categoryId);
        const sku = input.sku ?? generateSku(category);
        const id = await insertProduct(tx, {
          name: input.name,
          description: input.description,
          price: centsToDecimal(input.price),
          unit: input.unit,
          stock: input.stock,
          categoryId: input.categoryId,
          imageUrl: imageUrl(input.imageUrl),
          lowStockThreshold: input.lowStockThreshold,
          sku,
          isActive: input.isActive,
          ...foodFactsOf(input),
          dietaryLabels: applyLabelFlags(input.dietaryLabels ?? [], input),
        });
        await writeProductMeasure(tx, id, input);
        await recordStockMovements(tx, [
          {
            productId: id,
            quantityBefore: 0,
            quantityAfter: input.stock,
            source: 'staff',
            reason: 'Product created',
            userId: ctx.user?.id ?? null,
          },
        ]);
        invalidateCatalogue(tx, [id]);
        return readAdminProduct(tx, id);
      });
    } catch (error) {
      if (!isDuplicateSku(error)) throw error;
      if (input.sku) throw duplicateSku(input.sku);
      if (attempt >= 4) throw new ConflictError('Could not generate a unique SKU; please try again');
    }
  }
}

/**
 * Replaces a product (`PUT`): every form field is written; unit, SKU and the active flag keep their
 * value when omitted. No lost updates (issue 15): an edit based on an older version is refused (409);
 * stock is written only when sent, and only from the level the form loaded (`expectedStock`), so
 * units sold while the dialog was open never come back. A changed stock level is in the ledger.
 */
export async function replaceProduct(
  ctx: ServiceContext,
  input: ProductReplacement,
): Promise<AdminProductDto> {
  try {
    return await ctx.db.transaction(async (tx) => {
      // Lots past their date leave the stock first: the form's level is the sellable one.
      await expireDueLots(tx, [input.id]);
      const [current]: { stock: number; version: number; dietary_labels: string[] }[] = await tx.query(
        `SELECT stock, version, dietary_labels FROM products WHERE id = $1 FOR UPDATE`,
        [input.id],
      );
      if (!current) throw new NotFoundError('Product');
      const readCurrent = () => readAdminProduct(tx, input.id);
      await assertEditVersion('product', current, input.version, readCurrent);
      if (input.stock !== undefined) await assertExpectedStock(current, input.expectedStock, readCurrent);
      await categoryName(tx, input.categoryId);
      // Food facts not sent keep their values; so do the labels, but for the spec's two booleans.
      await updateProduct(
        tx,
        input.id,
        {
          name: input.name,
          description: input.description,
          price: centsToDecimal(input.price),
          unit: input.unit,
          stock: input.stock,
          categoryId: input.categoryId,
          imageUrl: imageUrl(input.imageUrl),
          lowStockThreshold: input.lowStockThreshold,
          sku: input.sku,
          isActive: input.isActive,
          ...foodFactsOf(input),
          dietaryLabels: applyLabelFlags(input.dietaryLabels ?? current.dietary_labels, input),
        },
        [bumpEditVersion()],
      );
      await writeProductMeasure(tx, input.id, input);
      await recordStockMovements(tx, [
        {
          productId: input.id,
          quantityBefore: current.stock,
          quantityAfter: input.stock ?? current.stock,
          source: 'staff',
          reason: 'Product edited',
          userId: ctx.user?.id ?? null,
        },
      ]);
      if (input.stock !== undefined && input.stock < current.stock) await trimLotsToStock(tx, [input.id]);
      invalidateCatalogue(tx, [input.id]);
      return readAdminProduct(tx, input.id);
    });
  } catch (error) {
    if (input.sku && isDuplicateSku(error)) throw duplicateSku(input.sku);
    throw error;
  }
}

/** `PATCH /api/products/:id`: stock and/or threshold, with the reason stored in the ledger. */
export async function patchProductStock(
  ctx: ServiceContext,
  input: StockLevelsChange,
): Promise<AdminProductDto> {
  await updateStockLevels(ctx, input, (tx) => readAdminProduct(tx, input.id));
  return readAdminProduct(ctx.db, input.id);
}

/**
 * Deletes a product, or deactivates it when an order names it (order history must stay whole:
 * order_items → products is RESTRICT). The delete runs under a savepoint, so an order placed for
 * the product at the same moment turns it into a deactivation instead of an error.
 */
export async function deleteProduct(ctx: ServiceContext, id: string): Promise<ProductDeleteResult> {
  return ctx.db.transaction(async (tx) => {
    const [product]: { id: string }[] = await tx.query(`SELECT id FROM products WHERE id = $1 FOR UPDATE`, [
      id,
    ]);
    if (!product) throw new NotFoundError('Product');
    // Deleted or deactivated, visitors no longer see it (after commit; nothing on a rollback).
    invalidateCatalogue(tx, [id]);
    const [inOrders]: unknown[] = await tx.query(`SELECT 1 FROM order_items WHERE product_id = $1 LIMIT 1`, [
      id,
    ]);
    if (!inOrders) {
      await tx.query('SAVEPOINT delete_product');
      try {
        await tx.query(`DELETE FROM products WHERE id = $1`, [id]);
        await tx.query('RELEASE SAVEPOINT delete_product');
        return { id, outcome: 'deleted' as const, message: PRODUCT_DELETE_MESSAGES.deleted };
      } catch (error) {
        if (!isStillReferenced(error)) throw error;
        await tx.query('ROLLBACK TO SAVEPOINT delete_product');
      }
    }
    // Deactivating is an edit of the form's product: an Edit Product dialog open on it is now outdated.
    await tx.query(
      `UPDATE products SET is_active = false, updated_at = now(), ${bumpEditVersion()} WHERE id = $1`,
      [id],
    );
    return { id, outcome: 'deactivated' as const, message: PRODUCT_DELETE_MESSAGES.deactivated };
  });
}
