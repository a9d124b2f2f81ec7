import type { ReactNode } from 'react';
import { Card, Group, Skeleton, Text, ThemeIcon } from '@mantine/core';

export interface StatCardProps {
  label: string;
  value: ReactNode;
  caption?: ReactNode;
  icon: ReactNode;
  color?: string;
  loading?: boolean;
}

/** One number card of the overview, inventory and order management screens. */
export function StatCard({ label, value, caption, icon, color = 'green', loading }: StatCardProps) {
  return (
    <Card withBorder radius="md" padding="md" data-testid="stat-card" aria-label={label}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Text size="sm" c="dimmed" fw={500}>
            {label}
          </Text>
          {loading ? (
            <Skeleton h={28} w={80} mt={6} />
          ) : (
            <Text fw={700} fz={26} lh={1.3} data-testid="stat-value">
              {value}
            </Text>
          )}
          {caption !== undefined && !loading && (
            <Text size="xs" c="dimmed" data-testid="stat-caption">
              {caption}
            </Text>
          )}
        </div>
        <ThemeIcon variant="light" color={color} size={40} radius="md">
          {icon}
        </ThemeIcon>
      </Group>
    </Card>
  );
}
