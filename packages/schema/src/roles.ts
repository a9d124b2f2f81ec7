/**
 * Access control contracts (docs/product.md §2 Permissions screen, §3 roles / permissions / permission_groups,
 * §5 role, permission and group rules, §7 `/api/admin/...`), and the seeded permission groups that
 * reproduce DEFAULT_ROLE_PERMISSIONS for the four built-in roles.
 *
 * Enforcement model: a user's permissions come from ONE role — the custom role in `users.role_id`
 * when set, else the built-in role row named `users.role` — as the union of that role's active
 * groups' active permissions, plus its `role_permissions` rows with granted=true, minus those with
 * granted=false. An inactive role grants nothing.
 */
import { z } from 'zod';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES, type Permission } from './permissions';
import { ROLES, type Role } from './users';
import { EditVersion } from './edit-version';

/** The four built-in roles: they always exist, and cannot be deleted or renamed. */
export const BUILT_IN_ROLES: readonly Role[] = ROLES;

export function isBuiltInRole(name: string): name is Role {
  return (BUILT_IN_ROLES as readonly string[]).includes(name);
}

/**
 * The groups the seed creates (by name) and the permissions each bundles. A permission may sit in
 * more than one group (the inventory screen needs to see every product, so Inventory carries
 * `products:read_all` as Catalogue management does).
 */
export const DEFAULT_PERMISSION_GROUPS: readonly {
  name: string;
  description: string;
  permissions: readonly Permission[];
}[] = [
  {
    name: 'Admin panel',
    description: 'Open the admin panel and its overview',
    permissions: ['admin:access'],
  },
  {
    name: 'Catalogue management',
    description: 'See every product and category and create, edit and delete them',
    permissions: [
      'products:read_all',
      'products:create',
      'products:update',
      'products:delete',
      'categories:read',
      'categories:create',
      'categories:update',
      'categories:delete',
    ],
  },
  {
    name: 'Inventory',
    description: 'See every product with its stock, and change stock levels and thresholds',
    permissions: ['products:read_all', 'inventory:read', 'inventory:update'],
  },
  {
    name: 'Order management',
    description: 'See every order and change order status',
    permissions: ['orders:read_all', 'orders:update'],
  },
  {
    name: 'Sales analytics',
    description: 'See sales analytics and export the orders of a period',
    permissions: ['analytics:read'],
  },
  {
    name: 'Payment details',
    description: 'See whole bank account numbers in an order’s detail',
    permissions: ['payments:read'],
  },
  {
    name: 'User administration',
    description: 'See, create, edit and delete users',
    permissions: ['users:read', 'users:create', 'users:update', 'users:delete'],
  },
  {
    name: 'Access control',
    description: 'See and manage roles, permissions and permission groups',
    permissions: ['roles:read', 'roles:manage'],
  },
  {
    name: 'API tokens',
    description: 'Create and revoke API tokens for scripts',
    permissions: ['api_tokens:manage'],
  },
  {
    name: 'Audit log',
    description: 'See the audit log: sign-ins, access changes and refused calls',
    permissions: ['audit:read'],
  },
  {
    name: 'Shop settings',
    description: 'Change the shop name, currency, delivery fee, tax and minimum order',
    permissions: ['settings:update'],
  },
];

/** The groups each built-in role is given when seeded; their union is DEFAULT_ROLE_PERMISSIONS. */
export const BUILT_IN_ROLE_GROUPS: Record<Role, readonly string[]> = {
  admin: DEFAULT_PERMISSION_GROUPS.map((group) => group.name),
  inventory_manager: ['Admin panel', 'Catalogue management', 'Inventory'],
  sales_manager: ['Admin panel', 'Order management', 'Sales analytics', 'Payment details'],
  customer: [],
};

/** The permissions a built-in role gets from its seeded groups (equal to DEFAULT_ROLE_PERMISSIONS). */
export function seededPermissionsOf(role: Role): Permission[] {
  const names = new Set(BUILT_IN_ROLE_GROUPS[role]);
  const granted = new Set(
    DEFAULT_PERMISSION_GROUPS.filter((group) => names.has(group.name)).flatMap((group) => group.permissions),
  );
  return PERMISSION_NAMES.filter((permission) => granted.has(permission));
}

/** The admin role always keeps every permission (docs/product.md §6 "full system access"). */
export const ADMIN_ROLE: Role = 'admin';
export const ADMIN_REQUIRED_PERMISSIONS: readonly Permission[] = DEFAULT_ROLE_PERMISSIONS.admin;

export const ROLE_MESSAGES = {
  roleName: 'Role name is required',
  permissionName: 'Permission name is required',
  resource: 'Resource is required',
  action: 'Action is required',
  groupName: 'Group name is required',
  roleNotFound: 'Role not found',
  groupNotFound: 'Permission group not found',
  permissionNotFound: 'Permission not found',
  roleNameTaken: 'A role with this name already exists',
  permissionNameTaken: 'A permission with this name already exists',
  groupNameTaken: 'A permission group with this name already exists',
  builtInDelete: 'Built-in roles cannot be deleted',
  builtInRename: 'Built-in roles cannot be renamed',
  builtInEmpty: 'A built-in role cannot be left without permission groups',
  adminKeepsAll:
    'The admin role must keep every permission (roles:manage included), so that someone can always manage access',
  adminStaysActive: 'The admin role cannot be deactivated',
  grantUnheld: 'You cannot grant permissions you do not have',
} as const;

const LIMITS = { name: 100, description: 1000, resource: 50, action: 50 } as const;

/** Role ids are uuids kept as text (docs/product.md §3). */
export const RoleId = z.uuid('id must be a uuid');
const Uuid = z.uuid('id must be a uuid');

const requiredName = (message: string, max: number = LIMITS.name) =>
  z.string(message).trim().min(1, message).max(max, `Must be at most ${max} characters`);

/** Blank → null. */
const description = z
  .string('Description must be text')
  .trim()
  .max(LIMITS.description, `Description must be at most ${LIMITS.description} characters`)
  .nullable()
  .transform((value) => value || null)
  .optional();

const idList = z
  .array(Uuid, 'Must be a list of ids')
  .max(200, 'Too many ids')
  .transform((ids) => [...new Set(ids)]);

// ─── DTOs ──────────────────────────────────────────────────────────────────────────────────────

const IsoDate = z.iso.datetime({ offset: true });

export const PermissionDto = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  resource: z.string(),
  action: z.string(),
  isActive: z.boolean(),
  createdAt: IsoDate,
});
export type PermissionDto = z.infer<typeof PermissionDto>;

export const PermissionGroupDto = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  createdAt: IsoDate,
  /** What the group holds. */
  permissions: z.array(z.object({ id: z.uuid(), name: z.string(), isActive: z.boolean() })),
});
export type PermissionGroupDto = z.infer<typeof PermissionGroupDto>;

export const RoleDto = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  /** One of the four built-in roles (cannot be deleted or renamed). */
  isBuiltIn: z.boolean(),
  /** Users whose access this role decides. */
  userCount: z.number().int(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
  /** The edit version (edit-version.ts): raised by an edit and by a change of its groups. */
  version: EditVersion,
});
export type RoleDto = z.infer<typeof RoleDto>;

/** docs/product.md §3 Role (detail): the role with its permission groups, and what it grants in effect. */
export const RoleDetailDto = RoleDto.extend({
  permissionGroups: z.array(PermissionGroupDto.omit({ permissions: true })),
  /** The role's effective permissions (empty when the role is inactive). */
  permissions: z.array(z.string()),
});
export type RoleDetailDto = z.infer<typeof RoleDetailDto>;

/** The signed-in user's own access: what the web shows and guards by. */
export const MyAccessDto = z.object({
  role: z.string(),
  customRole: z.object({ id: z.string(), name: z.string() }).nullable(),
  permissions: z.array(z.string()),
});
export type MyAccessDto = z.infer<typeof MyAccessDto>;

export const DeletedDto = z.object({ id: z.string(), message: z.string() });
export type DeletedDto = z.infer<typeof DeletedDto>;

// ─── Inputs ────────────────────────────────────────────────────────────────────────────────────

export const RoleIdInput = z.strictObject({ id: RoleId });

/** POST /api/admin/roles: name and description (docs/product.md §7); optionally its groups at once. */
export const CreateRoleInput = z.strictObject({
  name: requiredName(ROLE_MESSAGES.roleName),
  description,
  isActive: z.boolean('isActive must be true or false').optional(),
  permissionGroupIds: idList.optional(),
});
export type CreateRoleInput = z.input<typeof CreateRoleInput>;

/**
 * PATCH /api/admin/roles/:id: "role edit needs a name" (docs/product.md §5); what is omitted stays. `version`
 * is the version the form loaded: 409 when the role changed since (edit-version.ts).
 */
export const UpdateRoleInput = z.strictObject({
  id: RoleId,
  name: requiredName(ROLE_MESSAGES.roleName).optional(),
  description,
  isActive: z.boolean('isActive must be true or false').optional(),
  version: EditVersion.optional(),
});
export type UpdateRoleInput = z.input<typeof UpdateRoleInput>;

/**
 * PUT /api/admin/roles/:id/permission-groups: the role's groups, replaced by this list; with
 * `version`, only if the role did not change since the dialog loaded it (edit-version.ts).
 */
export const SetRolePermissionGroupsInput = z.strictObject({
  id: RoleId,
  permissionGroupIds: idList,
  version: EditVersion.optional(),
});
export type SetRolePermissionGroupsInput = z.input<typeof SetRolePermissionGroupsInput>;

/** POST /api/admin/permissions (docs/product.md §5: name, resource and action required). */
export const CreatePermissionInput = z.strictObject({
  name: requiredName(ROLE_MESSAGES.permissionName),
  description,
  resource: requiredName(ROLE_MESSAGES.resource, LIMITS.resource),
  action: requiredName(ROLE_MESSAGES.action, LIMITS.action),
  isActive: z.boolean('isActive must be true or false').optional(),
});
export type CreatePermissionInput = z.input<typeof CreatePermissionInput>;

/** POST /api/admin/permission-groups (docs/product.md §5: a name); optionally its permissions at once. */
export const CreatePermissionGroupInput = z.strictObject({
  name: requiredName(ROLE_MESSAGES.groupName),
  description,
  isActive: z.boolean('isActive must be true or false').optional(),
  permissionIds: idList.optional(),
});
export type CreatePermissionGroupInput = z.input<typeof CreatePermissionGroupInput>;

/** PUT /api/admin/permission-groups/:id/permissions: the group's permissions, replaced by this list. */
export const SetGroupPermissionsInput = z.strictObject({
  id: Uuid,
  permissionIds: idList,
});
export type SetGroupPermissionsInput = z.input<typeof SetGroupPermissionsInput>;
