import { Badge } from '@mantine/core';
import { IconCircleCheck, IconCircleX, IconClock, IconLoader2, IconTruck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { statusLabel } from '@shop/schema';

/** docs/product.md §4: pending yellow, processing blue, shipped purple, delivered green, anything else grey. */
const STYLE: Record<string, { color: string; icon: ReactNode }> = {
  pending: { color: 'yellow', icon: <IconClock size={12} /> },
  processing: { color: 'blue', icon: <IconLoader2 size={12} /> },
  shipped: { color: 'violet', icon: <IconTruck size={12} /> },
  delivered: { color: 'green', icon: <IconCircleCheck size={12} /> },
  cancelled: { color: 'gray', icon: <IconCircleX size={12} /> },
};

export function OrderStatusBadge({ status }: { status: string }) {
  const style = STYLE[status] ?? { color: 'gray', icon: <IconCircleX size={12} /> };
  return (
    <Badge color={style.color} variant="light" leftSection={style.icon} tt="none" data-testid="order-status">
      {statusLabel(status)}
    </Badge>
  );
}
