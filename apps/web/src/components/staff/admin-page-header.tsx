import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';

/**
 * A staff screen's title and description, with its own actions at the right (the product screens,
 * the panel and Inventory, pass the catalogue's Export and Import buttons last).
 */
export function AdminPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <Title order={1} size="h2">
          {title}
        </Title>
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      <Group gap="xs">{children}</Group>
    </Group>
  );
}
