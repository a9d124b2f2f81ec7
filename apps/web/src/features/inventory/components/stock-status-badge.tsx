import { Badge } from '@mantine/core';
import { STOCK_STATUS_LABEL, stockStatus } from '@shop/schema';

const COLOR = { out_of_stock: 'red', low_stock: 'orange', in_stock: 'green' } as const;

/** Out of Stock at 0, Low Stock at or under the threshold, otherwise In Stock (docs/product.md §4). */
export function StockStatusBadge({
  stock,
  threshold,
}: {
  stock: number;
  threshold: number | null | undefined;
}) {
  const status = stockStatus(stock, threshold);
  return (
    <Badge color={COLOR[status]} variant="light" tt="none" data-testid="stock-status">
      {STOCK_STATUS_LABEL[status]}
    </Badge>
  );
}
