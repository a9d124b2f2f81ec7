import type { ReactNode } from 'react';
import { Button, Group, Text, Title } from '@mantine/core';
import { IconDownload, IconUpload } from '@tabler/icons-react';
import { toast } from '../../../lib/toast';

/** A screen's title with the panel's Export and Import buttons (their behaviour comes later). */
export function AdminPageHeader({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children?: ReactNode;
}) {
  const comingSoon = (what: string) => () =>
    toast({ title: 'Coming soon', description: `${what} is not available yet.` });
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm">
      <div>
        <Title order={2}>{title}</Title>
        {description && <Text c="dimmed">{description}</Text>}
      </div>
      <Group gap="xs">
        {children}
        <Button variant="default" leftSection={<IconDownload size={16} />} onClick={comingSoon('Export')}>
          Export
        </Button>
        <Button variant="default" leftSection={<IconUpload size={16} />} onClick={comingSoon('Import')}>
          Import
        </Button>
      </Group>
    </Group>
  );
}
