/**
 * The sign-in-required card (docs/product.md §2): what a signed-out visitor sees on /checkout, /dashboard,
 * /profile, /orders and /admin — a button to the external login (coming back to this page) and a
 * link to the local /login screen.
 */
import { Button, Card, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router-dom';
import { loginUrl, paths } from '../../paths';

export interface SignInRequiredProps {
  /** Where the sign-in comes back to; the current path (with its query) when omitted. */
  returnTo?: string;
  title?: string;
  description?: string;
}

export function SignInRequired({
  returnTo,
  title = 'Sign in required',
  description = 'Please sign in to access this page.',
}: SignInRequiredProps) {
  const location = useLocation();
  const back = returnTo ?? `${location.pathname}${location.search}`;
  return (
    <Center py={64} px="md">
      <Card withBorder radius="md" padding="xl" maw={420} w="100%" data-testid="sign-in-required">
        <Stack align="center" gap="md" ta="center">
          <ThemeIcon size={56} radius="xl" variant="light" color="green">
            <IconLock size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            {title}
          </Title>
          <Text c="dimmed">{description}</Text>
          <Button component="a" href={loginUrl(back)} fullWidth>
            Sign In to Continue
          </Button>
          <Text size="sm" c="dimmed">
            Prefer email and password?{' '}
            <Text
              component={Link}
              to={`${paths.login}?returnTo=${encodeURIComponent(back)}`}
              size="sm"
              c="green.8"
              fw={500}
            >
              Go to the sign-in page
            </Text>
          </Text>
        </Stack>
      </Card>
    </Center>
  );
}
