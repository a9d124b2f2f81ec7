import { z } from 'zod';
import {
  CreatePermissionGroupInput,
  CreatePermissionInput,
  CreateRoleInput,
  DeletedDto,
  MyAccessDto,
  PermissionDto,
  PermissionGroupDto,
  RoleDetailDto,
  RoleDto,
  RoleIdInput,
  SetGroupPermissionsInput,
  SetRolePermissionGroupsInput,
  UpdateRoleInput,
} from '@shop/schema';
import { authedProcedure, can, router } from '../../trpc/trpc';
import {
  createPermission,
  createPermissionGroup,
  createRole,
  deleteRole,
  getRole,
  listPermissionGroups,
  listPermissions,
  listRoles,
  myAccess,
  setGroupPermissions,
  setRolePermissionGroups,
  updateRole,
} from './roles.service';

/** /api/admin/roles (docs/product.md §7): reading needs roles:read, every change roles:manage. */
export const rolesRouter = router({
  list: can('roles:read')
    .output(z.array(RoleDto))
    .query(({ ctx }) => listRoles(ctx)),
  byId: can('roles:read')
    .input(RoleIdInput)
    .output(RoleDetailDto)
    .query(({ ctx, input }) => getRole(ctx, input.id)),
  create: can('roles:manage')
    .input(CreateRoleInput)
    .output(RoleDetailDto)
    .mutation(({ ctx, input }) => createRole(ctx, input)),
  update: can('roles:manage')
    .input(UpdateRoleInput)
    .output(RoleDetailDto)
    .mutation(({ ctx, input }) => updateRole(ctx, input)),
  delete: can('roles:manage')
    .input(RoleIdInput)
    .output(DeletedDto)
    .mutation(({ ctx, input }) => deleteRole(ctx, input.id)),
  setPermissionGroups: can('roles:manage')
    .input(SetRolePermissionGroupsInput)
    .output(RoleDetailDto)
    .mutation(({ ctx, input }) => setRolePermissionGroups(ctx, input)),
  /** The signed-in user's own role and effective permissions (what the web guards the admin area by). */
  myAccess: authedProcedure.output(MyAccessDto).query(({ ctx }) => myAccess(ctx)),
});

/** /api/admin/permissions. */
export const permissionsRouter = router({
  list: can('roles:read')
    .output(z.array(PermissionDto))
    .query(({ ctx }) => listPermissions(ctx)),
  create: can('roles:manage')
    .input(CreatePermissionInput)
    .output(PermissionDto)
    .mutation(({ ctx, input }) => createPermission(ctx, input)),
});

/** /api/admin/permission-groups. */
export const permissionGroupsRouter = router({
  list: can('roles:read')
    .output(z.array(PermissionGroupDto))
    .query(({ ctx }) => listPermissionGroups(ctx)),
  create: can('roles:manage')
    .input(CreatePermissionGroupInput)
    .output(PermissionGroupDto)
    .mutation(({ ctx, input }) => createPermissionGroup(ctx, input)),
  setPermissions: can('roles:manage')
    .input(SetGroupPermissionsInput)
    .output(PermissionGroupDto)
    .mutation(({ ctx, input }) => setGroupPermissions(ctx, input)),
});
