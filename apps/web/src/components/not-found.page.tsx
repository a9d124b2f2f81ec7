import { Alert, Button, Code, Container, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertCircle, IconCode } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../paths';

/** Any unknown path (docs/product.md §2), with the hint a developer needs when a page is missing. */
export function NotFoundPage() {
  const { pathname } = useLocation();
  return (
    <Container size="sm" py={64}>
      <Stack align="center" gap="md" ta="center">
        <ThemeIcon size={88} radius="xl" variant="light" color="red" aria-hidden>
          <IconAlertCircle size={52} />
        </ThemeIcon>
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          404 Page Not Found
        </Title>
        <Text c="dimmed">
          There is no page at <Code>{pathname}</Code>.
        </Text>
        <Alert
          color="gray"
          variant="light"
          title="Developer hint"
          icon={<IconCode size={18} />}
          ta="left"
          w="100%"
        >
          <Text size="sm">
            Did you forget to add the page to the router? Add a route for it in{' '}
            <Code>src/app/router.tsx</Code>.
          </Text>
        </Alert>
        <Button component={Link} to={paths.home} variant="default">
          Back to the shop
        </Button>
      </Stack>
    </Container>
  );
}
