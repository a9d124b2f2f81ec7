/**
 * Sign in (docs/product.md §2 'Account screens'). Signing in is delegated to the identity provider: both the
 * 'Continue with' button and the email form navigate to /api/login; the typed values are not used.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Anchor, Button, Divider, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconLogin, IconShieldLock } from '@tabler/icons-react';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { safeReturnTo } from '../account-validation';
import { useSignInRedirect } from '../use-sign-in-redirect';
import { toast } from '../../../lib/toast';
import { paths } from '../../../paths';

function showLoginFailed() {
  toast({
    title: 'Login Failed',
    description: 'There was an error signing you in. Please try again.',
    variant: 'destructive',
  });
}

export function LoginPage() {
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get('returnTo'));
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const { redirecting, redirect } = useSignInRedirect(returnTo);
  // The api sends a sign-in that failed at the provider or the callback back here with ?error=….
  const signInError = params.get('error');

  useEffect(() => {
    if (signInError) showLoginFailed();
  }, [signInError]);

  function continueToProvider() {
    if (!redirect()) showLoginFailed();
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    continueToProvider();
  }

  return (
    <AuthCard
      icon={<IconLogin size={26} />}
      title="Welcome back"
      subtitle="Sign in to your account to continue"
      testId="login-page"
    >
      <Button
        variant="default"
        size="md"
        leftSection={<IconShieldLock size={18} />}
        onClick={continueToProvider}
        disabled={redirecting}
      >
        Continue with Single Sign-On
      </Button>
      <Divider label="Or continue with email" labelPosition="center" />
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
          />
          <Stack gap={4}>
            <PasswordField
              label="Password"
              autoComplete="current-password"
              placeholder="Your password"
              value={password}
              onChange={(e) => setPassword(e.currentTarget.value)}
            />
            <Group justify="flex-end">
              <Anchor component={Link} to={paths.forgotPassword} size="sm">
                Forgot password?
              </Anchor>
            </Group>
          </Stack>
          <Button type="submit" size="md" loading={redirecting}>
            Sign In
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Don&apos;t have an account?{' '}
        <Anchor component={Link} to={paths.signup} size="sm" fw={500}>
          Sign up
        </Anchor>
      </Text>
    </AuthCard>
  );
}
