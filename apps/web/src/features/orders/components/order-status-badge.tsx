import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconPackage, IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { statusLabel } from '@shop/schema';

/** docs/product.md §4: pending yellow, processing blue, shipped purple, delivered green, anything else grey. */
const STATUS_STYLE: Record<string, { color: string; icon: ReactNode }> = {
  pending: { color: 'yellow', icon: <IconClock size={12} /> },
  processing: { color: 'blue', icon: <IconPackage size={12} /> },
  shipped: { color: 'violet', icon: <IconTruck size={12} /> },
  delivered: { color: 'green', icon: <IconCircleCheck size={12} /> },
};
const OTHER = { color: 'gray', icon: <IconCircleX size={12} /> };

export function OrderStatusBadge({ status }: { status: string }) {
  const style = STATUS_STYLE[status] ?? OTHER;
  return (
    <Badge
      color={style.color}
      variant="light"
      leftSection={style.icon}
      tt="none"
      data-testid="order-status"
      data-status={status}
    >
      {statusLabel(status)}
    </Badge>
  );
}
