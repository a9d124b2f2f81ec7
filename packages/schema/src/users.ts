import { z } from 'zod';

export const ROLES = ['customer', 'inventory_manager', 'sales_manager', 'admin'] as const;
export const Role = z.enum(ROLES, 'Please select a role');
export type Role = z.infer<typeof Role>;

export const STAFF_ROLES: readonly Role[] = ['admin', 'inventory_manager', 'sales_manager'];

/** Spec §6: the descriptions shown under the role select. */
export const ROLE_DESCRIPTIONS: Record<Role, string> = {
  admin: 'Full system access',
  sales_manager: 'Manages orders, customers and sales analytics',
  inventory_manager: 'Manages products, categories and inventory',
  customer: 'Standard shopping account',
};

/** 'inventory_manager' → 'Inventory Manager' (spec §2: underscore as space, words capitalised). */
export function roleLabel(role: string): string {
  return role
    .split('_')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ');
}

/** The current-user view (spec §3), with the id and what the screens show beside it. */
export const CurrentUserDto = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CurrentUserDto = z.infer<typeof CurrentUserDto>;
