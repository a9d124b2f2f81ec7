/**
 * The admin area's frame: a collapsible sidebar with the sections the role may reach, a footer
 * naming who is signed in and their role ('Administrator', 'Inventory Manager', a custom role's
 * name: staff-role-label.ts), and the current screen beside it. It holds the staff live updates
 * (StaffLiveEvents), so every admin screen stays true while others work; the sidebar says when
 * they are live and counts the new orders not yet seen.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Avatar,
  Badge,
  Box,
  Divider,
  Group,
  Indicator,
  NavLink,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router-dom';
import { fullName, initials, useAuth, useAccess } from '../../auth';
import { ADMIN_SECTIONS, activeSection } from '../sections';
import { staffRoleLabel } from '../staff-role-label';
import { StaffLiveEvents, useStaffLive, type LiveStatus } from '../../live-events';
import { pictureSrc } from '../../../lib/pictures';

export const SIDEBAR_WIDTH = 232;
export const SIDEBAR_COLLAPSED_WIDTH = 64;

export function AdminLayout() {
  return (
    <StaffLiveEvents>
      <AdminFrame />
    </StaffLiveEvents>
  );
}

const LIVE_LABEL: Record<Exclude<LiveStatus, 'off'>, { text: string; color: string; tip: string }> = {
  live: { text: 'Live updates', color: 'green', tip: 'Screens update as others work' },
  connecting: { text: 'Connecting', color: 'yellow', tip: 'Connecting to live updates' },
};

function AdminFrame() {
  const { user } = useAuth();
  const live = useStaffLive();
  const location = useLocation();
  const narrow = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false });
  const [collapsed, setCollapsed] = useState<boolean | null>(null);
  const isCollapsed = collapsed ?? narrow ?? false;
  const active = activeSection(location.pathname, location.search);
  // By effective permission, so a custom role sees exactly the sections it may reach.
  const access = useAccess();
  const sections = ADMIN_SECTIONS.filter((section) => access.can(section.permission));

  return (
    <Group align="flex-start" gap="md" wrap="nowrap" data-testid="admin-area">
      <Paper
        component="nav"
        aria-label="Admin sections"
        withBorder
        radius="md"
        p="xs"
        w={isCollapsed ? SIDEBAR_COLLAPSED_WIDTH : SIDEBAR_WIDTH}
        style={{ flex: 'none', position: 'sticky', top: 80, transition: 'width 150ms ease' }}
        data-collapsed={isCollapsed}
      >
        <Stack gap={4}>
          <Group
            justify={isCollapsed ? 'center' : 'space-between'}
            px={isCollapsed ? 0 : 'xs'}
            py={4}
            wrap="nowrap"
          >
            {!isCollapsed && (
              <Text fw={700} size="sm">
                Admin Panel
              </Text>
            )}
            <Tooltip label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right">
              <ActionIcon
                variant="subtle"
                color="gray"
                onClick={() => setCollapsed(!isCollapsed)}
                aria-label={isCollapsed ? 'Expand sidebar' : 'Collapse sidebar'}
                aria-expanded={!isCollapsed}
              >
                {isCollapsed ? (
                  <IconLayoutSidebarLeftExpand size={18} />
                ) : (
                  <IconLayoutSidebarLeftCollapse size={18} />
                )}
              </ActionIcon>
            </Tooltip>
          </Group>
          <Divider />
          {sections.map((section) => (
            <Tooltip key={section.id} label={section.label} position="right" disabled={!isCollapsed}>
              <NavLink
                component={Link}
                to={section.to}
                label={isCollapsed ? undefined : section.label}
                aria-label={section.label}
                leftSection={
                  section.id === 'orders' ? (
                    <Indicator
                      label={live.newOrderIds.length}
                      disabled={live.newOrderIds.length === 0}
                      size={16}
                      color="green"
                      data-testid="new-orders-count"
                    >
                      {section.icon}
                    </Indicator>
                  ) : (
                    section.icon
                  )
                }
                active={section.id === active}
                aria-current={section.id === active ? 'page' : undefined}
                variant="light"
                style={{ borderRadius: 'var(--mantine-radius-sm)' }}
              />
            </Tooltip>
          ))}
          <Divider mt="sm" />
          <Group
            gap="xs"
            px={isCollapsed ? 0 : 'xs'}
            py={6}
            wrap="nowrap"
            justify={isCollapsed ? 'center' : 'flex-start'}
          >
            <Avatar size="sm" radius="xl" color="green" src={pictureSrc(user?.profileImageUrl)}>
              {user ? initials(user) : 'A'}
            </Avatar>
            {!isCollapsed && (
              <Box style={{ minWidth: 0 }}>
                <Text size="sm" fw={600} truncate>
                  {user ? fullName(user) : ''}
                </Text>
                <Text size="xs" c="dimmed" data-testid="admin-footer-label">
                  {user && !access.isLoading ? staffRoleLabel(user.role, access.customRoleName) : ''}
                </Text>
              </Box>
            )}
          </Group>
          {live.status !== 'off' && (
            <Group justify={isCollapsed ? 'center' : 'flex-start'} px={isCollapsed ? 0 : 'xs'}>
              <Tooltip label={LIVE_LABEL[live.status].tip} position="right">
                <Badge
                  variant="dot"
                  size="sm"
                  color={LIVE_LABEL[live.status].color}
                  tt="none"
                  data-testid="live-status"
                  data-status={live.status}
                >
                  {isCollapsed ? null : LIVE_LABEL[live.status].text}
                </Badge>
              </Tooltip>
            </Group>
          )}
        </Stack>
      </Paper>
      <Box style={{ flex: 1, minWidth: 0 }}>
        <Outlet />
      </Box>
    </Group>
  );
}
