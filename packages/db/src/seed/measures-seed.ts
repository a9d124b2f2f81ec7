/**
 * How the demo products are sold (issue 20 part B; packages/schema measures.ts): salmon, cheddar,
 * apples, bananas, vine tomatoes, chicken, ribeye and cod by weight (price per kg, stock in grams,
 * weighed at picking); coffee, milk, pantry goods, juices and snacks in packs with their net
 * content (a price per kg or L shows beside the pack's); water by the bottle with its 750 ml. Every
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
  // Issue 33: the goods the card prices "/ kg" are sold by the kg too (they were pieces at the
  // per-kg price). Their stock and low-stock threshold become grams (× 1000, so the same products
  // are sold out or low as before); the price stays per kg.
  'FP-APL-001': {
    measure: { ...BY_WEIGHT, quantityStep: 250, minQuantity: 500, maxQuantity: 5000 },
    stock: 180_000,
    lowStockThreshold: 20_000,
  },
  'FP-BAN-002': {
    measure: { ...BY_WEIGHT, quantityStep: 250, minQuantity: 500, maxQuantity: 3000 },
    stock: 320_000,
    lowStockThreshold: 20_000,
  },
  'FP-TOM-004': {
    measure: { ...BY_WEIGHT, quantityStep: 250, minQuantity: 250, maxQuantity: 3000 },
    stock: 95_000,
    lowStockThreshold: 10_000,
  },
  'MS-CHK-002': {
    measure: { ...BY_WEIGHT, quantityStep: 250, minQuantity: 500, maxQuantity: 3000 },
    stock: 60_000,
    lowStockThreshold: 10_000,
  },
  'MS-RIB-004': {
    measure: { ...BY_WEIGHT, quantityStep: 100, minQuantity: 300, maxQuantity: 2000 },
    stock: 4_000,
    lowStockThreshold: 5_000,
  },
  'MS-COD-008': {
    measure: { ...BY_WEIGHT, quantityStep: 250, minQuantity: 250, maxQuantity: 2000 },
    stock: 28_000,
    lowStockThreshold: 10_000,
  },
  // Packs with their net content: the card and the product page show the price per kg or L.
  'CT-COL-001': { measure: { netContent: 454, netContentUnit: 'g' } },
  'CT-ETH-002': { measure: { netContent: 250, netContentUnit: 'g' } },
  'BV-SPW-001': { measure: { netContent: 750, netContentUnit: 'ml' } },
  'FP-STR-008': { measure: { netContent: 400, netContentUnit: 'g' } },
  'FP-SPN-005': { measure: { netContent: 200, netContentUnit: 'g' } },
  'DE-MLK-002': { measure: { netContent: 2000, netContentUnit: 'ml' } },
  'DE-YOG-003': { measure: { netContent: 500, netContentUnit: 'g' } },
  'DE-BUT-004': { measure: { netContent: 250, netContentUnit: 'g' } },
  'DE-OAT-007': { measure: { netContent: 1000, netContentUnit: 'ml' } },
  'DE-MOZ-008': { measure: { netContent: 125, netContentUnit: 'g' } },
  'PN-OIL-001': { measure: { netContent: 500, netContentUnit: 'ml' } },
  'PN-SPG-002': { measure: { netContent: 500, netContentUnit: 'g' } },
  'PN-RIC-003': { measure: { netContent: 1000, netContentUnit: 'g' } },
  'PN-TOM-004': { measure: { netContent: 400, netContentUnit: 'g' } },
  'PN-HNY-005': { measure: { netContent: 340, netContentUnit: 'g' } },
  'PN-PNB-006': { measure: { netContent: 340, netContentUnit: 'g' } },
  'PN-CHP-007': { measure: { netContent: 400, netContentUnit: 'g' } },
  'PN-FLR-008': { measure: { netContent: 1500, netContentUnit: 'g' } },
  'BV-OJC-002': { measure: { netContent: 1000, netContentUnit: 'ml' } },
  'BV-APJ-003': { measure: { netContent: 1000, netContentUnit: 'ml' } },
  'BV-LMN-005': { measure: { netContent: 330, netContentUnit: 'ml' } },
  'BV-CCW-006': { measure: { netContent: 1000, netContentUnit: 'ml' } },
  'CT-MAT-007': { measure: { netContent: 30, netContentUnit: 'g' } },
  'SN-KET-001': { measure: { netContent: 150, netContentUnit: 'g' } },
  'SN-ALM-002': { measure: { netContent: 200, netContentUnit: 'g' } },
  'SN-DCH-003': { measure: { netContent: 100, netContentUnit: 'g' } },
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
