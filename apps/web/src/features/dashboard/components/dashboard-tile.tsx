import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';

/** One of the dashboard's three tiles (Total Orders, Total Spent, Items in Cart), found by its label. */
export function DashboardTile({
  label,
  value,
  icon,
  loading,
}: {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  loading?: boolean;
}) {
  return (
    <Card withBorder radius="md" padding="md" aria-label={label} data-testid="dashboard-tile">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={28} w={80} mt={6} />
          ) : (
            <Text fw={700} fz={26} data-testid="tile-value">
              {value}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color="green" size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
