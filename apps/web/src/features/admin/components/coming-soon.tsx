import { Card, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';

/** A section of the panel that is not built yet (docs/product.md §2). */
export function ComingSoon({ section }: { section: string }) {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="coming-soon">
      <Stack align="center" gap="xs" py="xl" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light" color="gray">
          <IconClock size={26} />
        </ThemeIcon>
        <Title order={2} size="h3">
          Coming Soon
        </Title>
        <Text c="dimmed">The {section} section is under development.</Text>
      </Stack>
    </Card>
  );
}
