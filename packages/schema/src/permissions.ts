/**
 * Permission names (`resource:action`) and the built-in roles' defaults, which reproduce docs/product.md §6:
 * admin everything; inventory_manager products, categories and inventory; sales_manager orders and
 * sales analytics; customers
 * only their own data (which needs no permission, only a session).
 */
import type { Role } from './users';

export const PERMISSIONS = {
  'admin:access': 'Open the admin panel and its overview',
  'products:read_all': 'See every product, inactive ones included, with stock details',
  'products:create': 'Create products',
  'products:update': 'Edit products',
  'products:delete': 'Delete or deactivate products',
  'categories:read': 'See every category, inactive ones included, with its product count',
  'categories:create': 'Create categories',
  'categories:update':
    'Edit categories, their pictures, their order on the storefront and whether shoppers see them',
  'categories:delete': 'Delete categories (moving their products to another category)',
  'inventory:read': 'See inventory, low-stock items and stock history',
  'inventory:update': 'Change stock levels and low-stock thresholds',
  'orders:read_all': 'See every customer’s orders',
  'orders:update': 'Change the status of orders',
  'analytics:read': 'See sales analytics and export the orders of a period',
  'payments:read': 'See whole bank account numbers in an order’s detail (elsewhere only the last 4)',
  'users:read': 'See users',
  'users:create': 'Create users',
  'users:update': 'Edit users and their roles',
  'users:delete': 'Delete users',
  'roles:read': 'See roles, permissions and permission groups',
  'roles:manage': 'Create and change roles, permissions and permission groups',
  'api_tokens:manage': 'Create and revoke API tokens for scripts',
  'audit:read': 'See the audit log of sign-ins, access changes and refused calls',
  'settings:update': 'Change the shop settings: name, currency, delivery fee, tax and minimum order',
} as const;

export type Permission = keyof typeof PERMISSIONS;
export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

export function splitPermission(name: string): { resource: string; action: string } {
  const [resource = '', action = ''] = name.split(':');
  return { resource, action };
}

const INVENTORY: Permission[] = [
  'admin:access',
  'products:read_all',
  'products:create',
  'products:update',
  'products:delete',
  'categories:read',
  'categories:create',
  'categories:update',
  'categories:delete',
  'inventory:read',
  'inventory:update',
];
const SALES: Permission[] = [
  'admin:access',
  'orders:read_all',
  'orders:update',
  'analytics:read',
  'payments:read',
];

export const DEFAULT_ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  admin: PERMISSION_NAMES,
  inventory_manager: INVENTORY,
  sales_manager: SALES,
  customer: [],
};

/** The default permissions of a `users.role` value; an unknown role (the column is text) has none. */
export function permissionsForRole(role: string): readonly Permission[] {
  return Object.hasOwn(DEFAULT_ROLE_PERMISSIONS, role) ? DEFAULT_ROLE_PERMISSIONS[role as Role] : [];
}
