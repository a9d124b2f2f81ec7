/**
 * Quantities and measures as every screen writes them: pieces ('3'), weights and volumes in the
 * product's measure ('0.75 kg' for 750 g, '500 ml'), a weighed line, the weighing tolerance, what a
 * price is per, and the comparable unit price. The rules live in packages/schema/src/measures.ts
 * (base units: grams, millilitres, pieces); the web formats and reads quantities through this module
 * only, so a wording changes in one place for the storefront, the cart, checkout, orders, picking and
 * inventory alike.
 */
import {
  formatMoney,
  MEASURES,
  formatQuantity,
  parseQuantity,
  parseStockLevel,
  priceBasisLabel,
  toCents,
  toleranceLabel,
  unitPriceOf,
  weighedLabel,
  type MeasureUnit,
  type NetContentUnit,
  type UnitPriceDto,
} from '@shop/schema';

export { formatQuantity, parseQuantity, priceBasisLabel, toleranceLabel, weighedLabel };

/** A quantity as a form field holds it, without its unit: '0.75' for 750 g sold by the kg, '3' for pieces. */
export function quantityNumber(quantity: number, measureUnit: MeasureUnit | null | undefined): string {
  return formatQuantity(quantity, measureUnit).split(' ')[0]!;
}

/**
 * The comparable unit price (EU Directive 98/6/EC) the server computed into the product DTO:
 * 'Unit price: $51.96 / kg'; null for a piece without a stated net content.
 */
export function unitPriceText(unitPrice: UnitPriceDto): string | null {
  return unitPrice ? `Unit price: ${formatMoney(unitPrice.amount)} / ${unitPrice.per}` : null;
}

/*
 * THE ONE RULE (docs/measures.md): a product is added, shown and priced by how it is sold.
 * - Sold by measure (weighed goods, loose drinks): quantities in its measure ('0.25 kg'), moved by its
 *   step from its minimum, wherever it is added (card, product page) or changed (cart); its price is
 *   per its basis ('$24.90 / kg').
 * - A piece: quantities in pieces; its price per its unit ('/ each', '/ bunch'); a pack with a stated
 *   net content also shows its comparable unit price ('Unit price: $21.88 / kg') on the card, the
 *   product page and the cart line.
 * - Stock, thresholds and the ledger are kept in base units (g, ml, pieces) and shown in the measure
 *   ('34.25 kg'), through `stockText`.
 */

/** What a product's price is per, after the price: '/ kg', '/ 100 g' by measure; '/ each' for a piece. */
export function pricePerText(product: { measureUnit: MeasureUnit | null | undefined; unit: string }): string {
  return product.measureUnit ? priceBasisLabel(product.measureUnit) : `/ ${product.unit}`;
}

/** A cart or order line's price basis: '/ kg' by measure, 'each' for a piece (the line has no unit name). */
export function linePricePerText(measureUnit: MeasureUnit | null | undefined): string {
  return measureUnit ? priceBasisLabel(measureUnit) : 'each';
}

/**
 * A pack's comparable unit price from a line's price and net content: 'Unit price: $21.88 / kg' for
 * 400 g at $8.75 (the server's rule, `unitPriceOf`); null by measure (its price is already per kg or
 * L) and for a piece without a stated net content.
 */
export function packUnitPriceText(line: {
  price: string | number;
  measureUnit?: MeasureUnit | null;
  netContent?: number | null;
  netContentUnit?: NetContentUnit | null;
}): string | null {
  if (line.measureUnit) return null;
  const cents = toCents(line.price);
  if (cents === null) return null;
  const unitPrice = unitPriceOf(cents, {
    measureUnit: null,
    netContent: line.netContent ?? null,
    netContentUnit: line.netContentUnit ?? null,
  });
  return unitPrice ? `Unit price: ${formatMoney(unitPrice.cents / 100)} / ${unitPrice.per}` : null;
}

/** A stock level, threshold or ledger quantity (base units) in the product's measure: '34.25 kg', '12'. */
export function stockText(quantity: number, measureUnit: MeasureUnit | null | undefined): string {
  return formatQuantity(quantity, measureUnit);
}

/** Whether a product can be added now: in stock, and at least its first quantity (0.25 kg of salmon). */
export function canAddProduct(product: { stock: number; minQuantity: number }): boolean {
  return product.stock > 0 && product.stock >= product.minQuantity;
}

/** A signed stock change ('+1.5 kg', '-250 g', '+3'): the ledger's Change column. */
export function stockChangeText(change: number, measureUnit: MeasureUnit | null | undefined): string {
  const text = stockText(Math.abs(change), measureUnit);
  return change > 0 ? `+${text}` : change < 0 ? `-${text}` : text;
}

/** One of the measure ('1 kg' = 1000 g, '1 g', one piece): the low-stock alert's − / + step. */
export function stockStep(measureUnit: MeasureUnit | null | undefined): number {
  return measureUnit ? MEASURES[measureUnit].size : 1;
}

/**
 * A stock level typed in the product's measure ('34.25' kg) as base units (34250). Pieces keep the
 * spec's rule (anything non-numeric becomes 0: `parseStockLevel`); by measure a text that is not a
 * quantity of it answers null, so the form can say so rather than set 0.
 */
export function parseStockText(text: string, measureUnit: MeasureUnit | null | undefined): number | null {
  if (!measureUnit) return parseStockLevel(text);
  return parseQuantity(text, measureUnit);
}
