/** The signed-in visitor's avatar menu (docs/product.md §2 'Shared header'), loaded apart from the first page. */
import { useState } from 'react';
import { Box, Menu, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import type { CurrentUserDto } from '@shop/schema';
import { AccountAvatar } from './account-avatar';
import { RoleBadge } from '../../components/role-badge';
import { fullName, SignOutEverywhereDialog } from '../../features/auth';
import { paths } from '../../paths';

interface UserMenuProps {
  user: CurrentUserDto;
  isStaff: boolean;
  defaultOpened?: boolean;
}

export function UserMenu({ user, isStaff, defaultOpened }: UserMenuProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Menu position="bottom-end" width={260} defaultOpened={defaultOpened}>
        <Menu.Target>
          <AccountAvatar user={user} />
        </Menu.Target>
        <Menu.Dropdown>
          <Box px="sm" py="xs" data-testid="account-summary">
            {fullName(user) !== user.email && (
              <Text fw={600} size="sm">
                {fullName(user)}
              </Text>
            )}
            <Text size="xs" c="dimmed" mb={6}>
              {user.email}
            </Text>
            <RoleBadge role={user.role} size="sm" />
          </Box>
          <Menu.Divider />
          <Menu.Item component={Link} to={paths.dashboard}>
            Dashboard
          </Menu.Item>
          <Menu.Item component={Link} to={paths.profile}>
            Profile & Addresses
          </Menu.Item>
          <Menu.Item component={Link} to={paths.orders}>
            My Orders
          </Menu.Item>
          {isStaff && (
            <Menu.Item component={Link} to={paths.admin}>
              Admin Panel
            </Menu.Item>
          )}
          <Menu.Divider />
          <Menu.Item component="a" href={paths.apiLogout} color="red">
            Log out
          </Menu.Item>
          <Menu.Item color="red" onClick={() => setConfirming(true)}>
            Sign out everywhere
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <SignOutEverywhereDialog opened={confirming} onClose={() => setConfirming(false)} />
    </>
  );
}
