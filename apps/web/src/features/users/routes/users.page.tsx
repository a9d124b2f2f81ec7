/**
 * /admin/users (docs/product.md §2 User Management): the stat cards, the table (avatar or initial, name, email,
 * role badge, created date 'Mar 05, 2024' or 'Unknown', Edit and Delete), 5 placeholder rows while
 * loading, 'No users found', a Create User button and a Back to Admin link.
 */
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  SimpleGrid,
  Skeleton,
  Table,
  Text,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconArrowLeft,
  IconEdit,
  IconShieldCheck,
  IconTrash,
  IconUserPlus,
  IconUsers,
  IconUser,
  IconBriefcase,
  IconSearch,
} from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { USER_PAGE_SIZE, formatUserDate, type UserDto } from '@shop/schema';
import { RoleBadge } from '../../../components/role-badge';
import { paths } from '../../../paths';
import { AdminTablePager } from '../../../components/staff/admin-table-pager';
import { StatCard } from '../../../components/staff/stat-card';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useSearchPaging } from '../../../lib/use-search-paging';
import { useAccess } from '../../auth';
import { useUserPage } from '../api/use-users';
import { DeleteUserDialog } from '../components/delete-user-dialog';
import { UserAvatar, displayName } from '../components/user-avatar';

/** docs/product.md §9: the user list shows 5 placeholder rows while loading. */
export const USER_PLACEHOLDER_ROWS = 5;
const COLUMNS = 5;

export function UsersPage() {
  // A new search starts again at the newest accounts.
  const { search, setSearch, debounced, page, setPage } = useSearchPaging();
  const users = useUserPage({ ...(debounced && { search: debounced }), page, pageSize: USER_PAGE_SIZE });
  useUnauthorizedRedirect(users.error);
  const access = useAccess();
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const stats = users.data?.stats ?? { total: 0, admins: 0, managers: 0, customers: 0 };
  const rows = users.data?.items ?? [];

  return (
    <>
      <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
        <div>
          <Button
            component={Link}
            to={paths.admin}
            variant="subtle"
            color="gray"
            size="compact-sm"
            leftSection={<IconArrowLeft size={14} />}
            mb={4}
          >
            Back to Admin
          </Button>
          <Title order={1} size="h2">
            User Management
          </Title>
          <Text c="dimmed">Create, edit and remove user accounts and their roles</Text>
        </div>
        {access.can('users:create') && (
          <Button
            component={Link}
            to={paths.adminUsersCreate}
            color="green"
            leftSection={<IconUserPlus size={16} />}
          >
            Create User
          </Button>
        )}
      </Group>

      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} mb="lg">
        <StatCard
          label="Total Users"
          value={stats.total}
          icon={<IconUsers size={22} />}
          loading={users.isLoading}
        />
        <StatCard
          label="Admins"
          value={stats.admins}
          icon={<IconShieldCheck size={22} />}
          color="red"
          loading={users.isLoading}
        />
        <StatCard
          label="Managers"
          value={stats.managers}
          icon={<IconBriefcase size={22} />}
          color="blue"
          loading={users.isLoading}
        />
        <StatCard
          label="Customers"
          value={stats.customers}
          icon={<IconUser size={22} />}
          color="gray"
          loading={users.isLoading}
        />
      </SimpleGrid>

      <Card withBorder radius="md" padding="md">
        <TextInput
          placeholder="Search users..."
          aria-label="Search users"
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => setSearch(event.currentTarget.value)}
          mb="md"
          maw={360}
        />
        <Table.ScrollContainer minWidth={760}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Users">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>User</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Role</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th ta="right">Actions</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {users.isLoading &&
                Array.from({ length: USER_PLACEHOLDER_ROWS }, (_, i) => (
                  <Table.Tr key={i} data-testid="user-row-placeholder">
                    <Table.Td colSpan={COLUMNS}>
                      <Skeleton h={36} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {!users.isLoading && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <Text c="dimmed" ta="center" py="md">
                      {users.isError ? 'The users could not be loaded. Please try again.' : 'No users found'}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((user) => (
                <Table.Tr key={user.id} data-testid="user-row" data-user-id={user.id} data-email={user.email}>
                  <Table.Td>
                    <Group gap="sm" wrap="nowrap">
                      <UserAvatar user={user} />
                      <Text fw={600} size="sm" data-testid="user-name">
                        {displayName(user)}
                      </Text>
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{user.email}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <RoleBadge role={user.role} />
                      {user.customRole && (
                        <Tooltip label="Custom role: its permission groups decide this user's access">
                          <Badge
                            variant="light"
                            color={user.customRole.isActive ? 'green' : 'gray'}
                            tt="none"
                            data-testid="custom-role-badge"
                          >
                            {user.customRole.name}
                          </Badge>
                        </Tooltip>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm" data-testid="user-created">
                      {formatUserDate(user.createdAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <Group gap={6} justify="flex-end" wrap="nowrap">
                      {access.can('users:update') && (
                        <Button
                          component={Link}
                          to={paths.adminUserEdit(user.id)}
                          size="xs"
                          variant="light"
                          leftSection={<IconEdit size={14} />}
                          aria-label={`Edit ${displayName(user)}`}
                        >
                          Edit
                        </Button>
                      )}
                      {access.can('users:delete') && (
                        <Button
                          size="xs"
                          variant="light"
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => setDeleting(user)}
                          aria-label={`Delete ${displayName(user)}`}
                        >
                          Delete
                        </Button>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {users.data && (
          <AdminTablePager
            total={users.data.total}
            pageSize={USER_PAGE_SIZE}
            page={page}
            onPage={setPage}
            noun={['user', 'users']}
            testId="users-total"
          />
        )}
      </Card>
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} />
    </>
  );
}
