import { Badge, type BadgeProps } from '@mantine/core';
import { roleLabel } from '@shop/schema';

/**
 * docs/product.md §6 badge styles, in Mantine terms: admin destructive (filled red), sales_manager default
 * (filled, the dark primary of the spec's UI kit), inventory_manager secondary (light grey),
 * customer outline. The label keeps its capitals ('Inventory Manager'), not Mantine's upper case.
 */
const ROLE_BADGE: Record<string, Pick<BadgeProps, 'variant' | 'color'>> = {
  admin: { variant: 'filled', color: 'red' },
  sales_manager: { variant: 'filled', color: 'dark' },
  inventory_manager: { variant: 'light', color: 'gray' },
  customer: { variant: 'outline', color: 'gray' },
};

export function RoleBadge({ role, ...props }: { role: string } & Omit<BadgeProps, 'variant' | 'color'>) {
  const style = ROLE_BADGE[role] ?? ROLE_BADGE.customer!;
  return (
    <Badge tt="none" {...props} {...style} data-testid="role-badge" data-role={role}>
      {roleLabel(role)}
    </Badge>
  );
}
