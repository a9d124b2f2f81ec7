/**
 * How the demo products are sold (issue 20 part B; packages/schema measures.ts): salmon and
 * cheddar by weight (price per kg, stock in grams, weighed at picking), coffee in packs with their
 * net content (a price per kg shows beside the pack's), water by the bottle with its 750 ml. Every
 * other demo product stays a piece (the columns' defaults). Kept apart from catalogue.ts so each
 * feature's seed data stays in its own file.
 */
import type { EntityManager } from 'typeorm';
import type { ProductMeasure } from '@shop/schema';

interface MeasuredSeed {
  measure: Partial<ProductMeasure>;
  /** In the base unit when sold by measure (grams). */
  stock?: number;
  lowStockThreshold?: number;
  /** Per kg when sold by the kg. */
  price?: string;
  unit?: string;
  description?: string;
}

const BY_WEIGHT = { soldBy: 'measure', measureUnit: 'kg', weightTolerance: 10 } as const;

export const MEASURED_PRODUCTS: Record<string, MeasuredSeed> = {
  // 35 kg of salmon, sold by 0.25 kg from 0.25 to 3 kg.
  'MS-SAL-001': {
    measure: { ...BY_WEIGHT, quantityStep: 250, minQuantity: 250, maxQuantity: 3000 },
    stock: 35_000,
    lowStockThreshold: 5_000,
  },
  // Cheddar cut from the wheel: by 0.1 kg from 0.2 to 2 kg, $14.90 / kg.
  'DE-CHD-005': {
    measure: { ...BY_WEIGHT, quantityStep: 100, minQuantity: 200, maxQuantity: 2000 },
    stock: 30_000,
    lowStockThreshold: 3_000,
    price: '14.90',
    unit: 'kg',
    description:
      'Full-flavoured cheddar aged for at least nine months for a firm, crumbly bite. Cut to order from the wheel.',
  },
  'CT-COL-001': { measure: { netContent: 454, netContentUnit: 'g' } },
  'CT-ETH-002': { measure: { netContent: 250, netContentUnit: 'g' } },
  'BV-SPW-001': { measure: { netContent: 750, netContentUnit: 'ml' } },
};

/**
 * Applies the measures to the demo products this seed run inserted (their `created_at` is the
 * transaction's `now()`): a product that was there before keeps what staff made of it.
 */
export async function seedProductMeasures(tx: EntityManager): Promise<void> {
  for (const [sku, seed] of Object.entries(MEASURED_PRODUCTS)) {
    const m = seed.measure;
    await tx.query(
      `UPDATE products SET
         sold_by = COALESCE($2, sold_by), measure_unit = COALESCE($3, measure_unit),
         quantity_step = COALESCE($4, quantity_step), min_quantity = COALESCE($5, min_quantity),
         max_quantity = COALESCE($6, max_quantity), net_content = COALESCE($7, net_content),
         net_content_unit = COALESCE($8, net_content_unit), weight_tolerance = COALESCE($9, weight_tolerance),
         stock = COALESCE($10, stock), low_stock_threshold = COALESCE($11, low_stock_threshold),
         price = COALESCE($12::numeric, price), unit = COALESCE($13, unit), description = COALESCE($14, description)
       WHERE sku = $1 AND created_at = now()`,
      [
        sku,
        m.soldBy ?? null,
        m.measureUnit ?? null,
        m.quantityStep ?? null,
        m.minQuantity ?? null,
        m.maxQuantity ?? null,
        m.netContent ?? null,
        m.netContentUnit ?? null,
        m.weightTolerance ?? null,
        seed.stock ?? null,
        seed.lowStockThreshold ?? null,
        seed.price ?? null,
        seed.unit ?? null,
        seed.description ?? null,
      ],
    );
  }
}
