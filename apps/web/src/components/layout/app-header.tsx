/**
 * The shared header of every page but the home page (spec §2 'Shared header'): brand, Products /
 * Orders / Admin Panel (staff only), the search box, the cart with its count, and either the avatar
 * menu (signed in) or Sign In (/login) and Get Started (/api/login).
 */
import { Avatar, Box, Button, Container, Group, Menu, Skeleton, Text, TextInput, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { Brand } from './brand';
import { CartButton } from './cart-button';
import { RoleBadge } from '../role-badge';
import { fullName, initials, useAuth } from '../../features/auth/use-auth';
import { paths } from '../../paths';

export function AppHeader() {
  const { user, isStaff, isLoading } = useAuth();
  return (
    <Container size="xl" h="100%">
      <Group h="100%" justify="space-between" wrap="nowrap" gap="md">
        <Group gap="lg" wrap="nowrap">
          <Brand />
          <Group gap={4} visibleFrom="sm">
            <Button component={Link} to={paths.home} variant="subtle" color="gray">
              Products
            </Button>
            <Button component={Link} to={paths.orders} variant="subtle" color="gray">
              Orders
            </Button>
            {isStaff && (
              <Button component={Link} to={paths.admin} variant="subtle" color="gray">
                Admin Panel
              </Button>
            )}
          </Group>
        </Group>
        <TextInput
          placeholder="Search products..."
          aria-label="Search products"
          leftSection={<IconSearch size={16} />}
          visibleFrom="md"
          style={{ flex: 1, maxWidth: 360 }}
        />
        <Group gap="sm" wrap="nowrap">
          <CartButton />
          {isLoading ? (
            <Skeleton circle height={38} aria-hidden />
          ) : user ? (
            <Menu position="bottom-end" width={260}>
              <Menu.Target>
                <UnstyledButton aria-label="Account menu" style={{ borderRadius: '50%' }}>
                  <Avatar src={user.profileImageUrl} radius="xl" color="green">
                    {initials(user)}
                  </Avatar>
                </UnstyledButton>
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
              </Menu.Dropdown>
            </Menu>
          ) : (
            <>
              <Button component={Link} to={paths.login} variant="default">
                Sign In
              </Button>
              <Button component="a" href={paths.apiLogin}>
                Get Started
              </Button>
            </>
          )}
        </Group>
      </Group>
    </Container>
  );
}
