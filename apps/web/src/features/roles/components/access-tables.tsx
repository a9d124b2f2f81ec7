/**
 * The three tables of the Permissions screen (docs/product.md §2): Roles (name, description, Active/Inactive,
 * created date; Permissions, Edit, Delete), Permissions (name, resource, action, description,
 * status) and Permission Groups (name, description, its permissions, status, created date). Each
 * filters by the screen's search text.
 */
import { keyboardScrollable } from '../../../theme';
import type { ReactNode } from 'react';
import { Badge, Button, Group, Skeleton, Table, Text } from '@mantine/core';
import { IconEdit, IconKey, IconTrash } from '@tabler/icons-react';
import type { PermissionDto, PermissionGroupDto, RoleDto } from '@shop/schema';

/** docs/product.md §9: dates outside the user list are the browser's locale date. */
export const localeDate = (iso: string) => new Date(iso).toLocaleDateString();

export function matches(needle: string, ...texts: (string | null | undefined)[]): boolean {
  const search = needle.trim().toLowerCase();
  return !search || texts.some((text) => (text ?? '').toLowerCase().includes(search));
}

export function StatusBadge({ active }: { active: boolean }) {
  return (
    <Badge
      color={active ? 'green' : 'gray'}
      variant={active ? 'light' : 'outline'}
      tt="none"
      data-testid="status-badge"
    >
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

function Rows<T>({
  query,
  rows,
  columns,
  empty,
  render,
}: {
  query: { isLoading: boolean; isError: boolean };
  rows: T[];
  columns: number;
  empty: string;
  render: (row: T) => ReactNode;
}) {
  if (query.isLoading) {
    return (
      <>
        {Array.from({ length: 3 }, (_, i) => (
          <Table.Tr key={i}>
            <Table.Td colSpan={columns}>
              <Skeleton h={32} />
            </Table.Td>
          </Table.Tr>
        ))}
      </>
    );
  }
  if (rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={columns}>
          <Text c="dimmed" ta="center" py="md">
            {query.isError ? 'This list could not be loaded. Please try again.' : empty}
          </Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return <>{rows.map(render)}</>;
}

export function RolesTable({
  query,
  roles,
  canManage,
  onPermissions,
  onEdit,
  onDelete,
}: {
  query: { isLoading: boolean; isError: boolean };
  roles: RoleDto[];
  canManage: boolean;
  onPermissions: (role: RoleDto) => void;
  onEdit: (role: RoleDto) => void;
  onDelete: (role: RoleDto) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820} scrollAreaProps={keyboardScrollable}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Roles">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Users</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Rows
            query={query}
            rows={roles}
            columns={6}
            empty="No roles found"
            render={(role) => (
              <Table.Tr key={role.id} data-testid="role-row" data-role-name={role.name}>
                <Table.Td>
                  <Group gap={6} wrap="nowrap">
                    <Text fw={600} size="sm">
                      {role.name}
                    </Text>
                    {role.isBuiltIn && (
                      <Badge size="xs" variant="outline" color="gray" tt="none">
                        Built-in
                      </Badge>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={role.description ? undefined : 'dimmed'}>
                    {role.description ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={role.isActive} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{role.userCount}</Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{localeDate(role.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={6} justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconKey size={14} />}
                      onClick={() => onPermissions(role)}
                    >
                      Permissions
                    </Button>
                    {canManage && (
                      <>
                        <Button
                          size="xs"
                          variant="light"
                          color="gray"
                          leftSection={<IconEdit size={14} />}
                          onClick={() => onEdit(role)}
                        >
                          Edit
                        </Button>
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => onDelete(role)}
                        >
                          Delete
                        </Button>
                      </>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function PermissionsTable({
  query,
  permissions,
}: {
  query: { isLoading: boolean; isError: boolean };
  permissions: PermissionDto[];
}) {
  return (
    <Table.ScrollContainer minWidth={720} scrollAreaProps={keyboardScrollable}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Permissions">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Resource</Table.Th>
            <Table.Th>Action</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Status</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Rows
            query={query}
            rows={permissions}
            columns={5}
            empty="No permissions found"
            render={(permission) => (
              <Table.Tr
                key={permission.id}
                data-testid="permission-row"
                data-permission-name={permission.name}
              >
                <Table.Td>
                  <Text fw={600} size="sm" ff="monospace">
                    {permission.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="blue" tt="none">
                    {permission.resource}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Badge variant="light" color="grape" tt="none">
                    {permission.action}
                  </Badge>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={permission.description ? undefined : 'dimmed'}>
                    {permission.description ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={permission.isActive} />
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function GroupsTable({
  query,
  groups,
  canManage,
  onPermissions,
}: {
  query: { isLoading: boolean; isError: boolean };
  groups: PermissionGroupDto[];
  canManage: boolean;
  onPermissions: (group: PermissionGroupDto) => void;
}) {
  return (
    <Table.ScrollContainer minWidth={820} scrollAreaProps={keyboardScrollable}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Permission groups">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Description</Table.Th>
            <Table.Th>Permissions</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th ta="right">Actions</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          <Rows
            query={query}
            rows={groups}
            columns={6}
            empty="No permission groups found"
            render={(group) => (
              <Table.Tr key={group.id} data-testid="group-row" data-group-name={group.name}>
                <Table.Td>
                  <Text fw={600} size="sm">
                    {group.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={group.description ? undefined : 'dimmed'}>
                    {group.description ?? '—'}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <Group gap={4} data-testid="group-permissions">
                    {group.permissions.length === 0 && (
                      <Text size="sm" c="dimmed">
                        None
                      </Text>
                    )}
                    {group.permissions.map((permission) => (
                      <Badge
                        key={permission.id}
                        size="sm"
                        variant={permission.isActive ? 'light' : 'outline'}
                        color={permission.isActive ? 'green' : 'gray'}
                        tt="none"
                      >
                        {permission.name}
                      </Badge>
                    ))}
                  </Group>
                </Table.Td>
                <Table.Td>
                  <StatusBadge active={group.isActive} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{localeDate(group.createdAt)}</Text>
                </Table.Td>
                <Table.Td>
                  <Group justify="flex-end" wrap="nowrap">
                    <Button
                      size="xs"
                      variant="light"
                      leftSection={<IconKey size={14} />}
                      onClick={() => onPermissions(group)}
                    >
                      {canManage ? 'Edit Permissions' : 'Permissions'}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            )}
          />
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
