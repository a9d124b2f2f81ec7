import type { ReactNode } from 'react';
import { Group, Text, Title } from '@mantine/core';
import { CatalogueTransferButtons } from '../../features/catalogue-transfer/catalogue-transfer-buttons';

/**
 * A screen's title, its own actions, and on the product screens (the panel, Inventory) the Export
 * and Import buttons of the product catalogue.
 */
export function AdminPageHeader({
  title,
  description,
  catalogueTransfer = false,
  children,
}: {
  title: string;
  description?: string;
  catalogueTransfer?: boolean;
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
      <Group gap="xs">
        {children}
        {catalogueTransfer && <CatalogueTransferButtons />}
      </Group>
    </Group>
  );
}
