/**
 * /admin/permissions (docs/product.md §2 Permissions): a search box and three tabs — Roles (Create Role;
 * Permissions, Edit and Delete per role), Permissions (Create Permission) and Permission Groups
 * (Create Group; each group's permissions). Deleting asks the browser's confirmation 'Are you sure
 * you want to delete this role?'. Reading needs roles:read; the write buttons show with roles:manage.
 */
import { useState } from 'react';
import { Button, Card, Group, Tabs, TextInput } from '@mantine/core';
import { IconFolders, IconKey, IconPlus, IconSearch, IconUserShield } from '@tabler/icons-react';
import type { PermissionGroupDto, RoleDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { useReportError, useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useAccess } from '../../auth';
import { useDeleteRole, usePermissionGroups, usePermissions, useRoles } from '../api/use-roles';
import { GroupsTable, PermissionsTable, RolesTable, matches } from '../components/access-tables';
import { RoleFormDialog } from '../components/role-form-dialog';
import { ManagePermissionsDialog } from '../components/manage-permissions-dialog';
import { PermissionFormDialog } from '../components/permission-form-dialog';
import { GroupFormDialog, GroupPermissionsDialog } from '../components/group-form-dialog';

export const DELETE_ROLE_CONFIRMATION = 'Are you sure you want to delete this role?';

type Tab = 'roles' | 'permissions' | 'groups';

export function PermissionsPage() {
  const access = useAccess();
  const canManage = access.can('roles:manage');
  const roles = useRoles();
  const permissions = usePermissions();
  const groups = usePermissionGroups();
  useUnauthorizedRedirect(roles.error ?? permissions.error ?? groups.error);
  const deleteRole = useDeleteRole();
  const report = useReportError();

  const [tab, setTab] = useState<Tab>('roles');
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<{ role: RoleDto | null } | null>(null);
  const [managing, setManaging] = useState<RoleDto | null>(null);
  const [creatingPermission, setCreatingPermission] = useState(false);
  const [creatingGroup, setCreatingGroup] = useState(false);
  const [groupPermissions, setGroupPermissions] = useState<PermissionGroupDto | null>(null);

  const onDelete = (role: RoleDto) => {
    if (!window.confirm(DELETE_ROLE_CONFIRMATION)) return;
    deleteRole.mutate(
      { id: role.id },
      {
        onSuccess: () => toast({ title: 'Role deleted successfully', description: role.name }),
        onError: (error) => report(error, { title: 'Failed to delete role' }),
      },
    );
  };

  const shownRoles = (roles.data ?? []).filter((role) => matches(search, role.name, role.description));
  const shownPermissions = (permissions.data ?? []).filter((permission) =>
    matches(search, permission.name, permission.resource, permission.action, permission.description),
  );
  const shownGroups = (groups.data ?? []).filter((group) =>
    matches(search, group.name, group.description, ...group.permissions.map((permission) => permission.name)),
  );

  const createButton =
    tab === 'roles' ? (
      <Button color="green" leftSection={<IconPlus size={16} />} onClick={() => setEditing({ role: null })}>
        Create Role
      </Button>
    ) : tab === 'permissions' ? (
      <Button color="green" leftSection={<IconPlus size={16} />} onClick={() => setCreatingPermission(true)}>
        Create Permission
      </Button>
    ) : (
      <Button color="green" leftSection={<IconPlus size={16} />} onClick={() => setCreatingGroup(true)}>
        Create Group
      </Button>
    );

  return (
    <>
      <AdminPageHeader
        title="Permissions"
        description="Roles, the permission groups they hold, and permissions"
      />
      <Card withBorder radius="md" padding="md">
        <Tabs value={tab} onChange={(value) => setTab((value as Tab) ?? 'roles')} keepMounted={false}>
          <Group justify="space-between" mb="md" gap="sm">
            <Tabs.List>
              <Tabs.Tab value="roles" leftSection={<IconUserShield size={16} />}>
                Roles
              </Tabs.Tab>
              <Tabs.Tab value="permissions" leftSection={<IconKey size={16} />}>
                Permissions
              </Tabs.Tab>
              <Tabs.Tab value="groups" leftSection={<IconFolders size={16} />}>
                Permission Groups
              </Tabs.Tab>
            </Tabs.List>
            <Group gap="sm">
              <TextInput
                placeholder="Search..."
                aria-label="Search roles, permissions and groups"
                leftSection={<IconSearch size={16} />}
                value={search}
                onChange={(e) => setSearch(e.currentTarget.value)}
                w={260}
              />
              {canManage && createButton}
            </Group>
          </Group>
          <Tabs.Panel value="roles">
            <RolesTable
              query={roles}
              roles={shownRoles}
              canManage={canManage}
              onPermissions={setManaging}
              onEdit={(role) => setEditing({ role })}
              onDelete={onDelete}
            />
          </Tabs.Panel>
          <Tabs.Panel value="permissions">
            <PermissionsTable query={permissions} permissions={shownPermissions} />
          </Tabs.Panel>
          <Tabs.Panel value="groups">
            <GroupsTable
              query={groups}
              groups={shownGroups}
              canManage={canManage}
              onPermissions={setGroupPermissions}
            />
          </Tabs.Panel>
        </Tabs>
      </Card>

      <RoleFormDialog opened={!!editing} role={editing?.role ?? null} onClose={() => setEditing(null)} />
      <ManagePermissionsDialog role={managing} canManage={canManage} onClose={() => setManaging(null)} />
      <PermissionFormDialog opened={creatingPermission} onClose={() => setCreatingPermission(false)} />
      <GroupFormDialog opened={creatingGroup} onClose={() => setCreatingGroup(false)} />
      <GroupPermissionsDialog
        group={groupPermissions}
        canManage={canManage}
        onClose={() => setGroupPermissions(null)}
      />
    </>
  );
}
