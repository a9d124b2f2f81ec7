/**
 * What a guarded page shows to a signed-in user whose role may not see it (docs/product.md §6): 'Access Denied'
 * with the role name, underscore as space ('inventory manager').
 */
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconShieldX } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../../paths';

export function AccessDenied({ role }: { role: string }) {
  return (
    <Center py={64} px="md">
      <Stack align="center" gap="sm" ta="center" maw={440} data-testid="access-denied">
        <ThemeIcon size={56} radius="xl" variant="light" color="red">
          <IconShieldX size={28} />
        </ThemeIcon>
        <Title order={1} size="h2">
          Access Denied
        </Title>
        <Text c="dimmed">
          Your role (
          <Text span fw={600} c="dark">
            {role.replaceAll('_', ' ')}
          </Text>
          ) does not have permission to view this page.
        </Text>
        <Button component={Link} to={paths.home} variant="default">
          Back to the shop
        </Button>
      </Stack>
    </Center>
  );
}
