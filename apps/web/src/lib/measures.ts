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
  formatQuantity,
  parseQuantity,
  priceBasisLabel,
  toleranceLabel,
  weighedLabel,
  type MeasureUnit,
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
