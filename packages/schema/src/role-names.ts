/**
 * The built-in roles and how screens name them, free of zod so the storefront's first load (the
 * header's role badge, the staff check) does not pull the validation library in.
 */
export const ROLES = ['customer', 'inventory_manager', 'sales_manager', 'admin'] as const;
export type RoleName = (typeof ROLES)[number];

export const STAFF_ROLES: readonly RoleName[] = ['admin', 'inventory_manager', 'sales_manager'];

/** docs/product.md §6: the descriptions shown under the role select. */
export const ROLE_DESCRIPTIONS: Record<RoleName, string> = {
  admin: 'Full system access',
  sales_manager: 'Manages orders, customers and sales analytics',
  inventory_manager: 'Manages products, categories and inventory',
  customer: 'Standard shopping account',
};

/** 'inventory_manager' → 'Inventory Manager' (docs/product.md §2: underscore as space, words capitalised). */
export function roleLabel(role: string): string {
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}
