import { LOT_DATE_KIND_LABEL, type OrderLineLotDto, type MeasureUnit } from '@shop/schema';
import { formatQuantity } from '../../lib/measures';

/**
 * Which lots to pick a line from (docs/stock-lots.md), for the order View dialog and the picking
 * list: '2 × best before 2026-12-01 (batch A1), 1 × no date'.
 */
export function lotsTaken(item: { lots: OrderLineLotDto[]; measureUnit: MeasureUnit | null }): string {
  return item.lots
    .map((lot) => {
      const date = lot.expiresOn
        ? `${LOT_DATE_KIND_LABEL[lot.dateKind].toLowerCase()} ${lot.expiresOn}`
        : 'no date';
      return `${formatQuantity(lot.quantity, item.measureUnit)} × ${date}${lot.batchCode ? ` (batch ${lot.batchCode})` : ''}`;
    })
    .join(', ');
}
