/**
 * Forgot password (docs/product.md §2, §5, §8): an email, a simulated 2000 ms send, then 'Check your email'.
 * No server call is made — the identity provider owns passwords.
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { IconArrowLeft, IconKey, IconMailCheck } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { validateForgotPassword } from '../account-validation';
import { useSimulatedRequest } from '../use-simulated-request';
import { toast } from '../../../lib/toast';
import { paths } from '../../../paths';

export function ForgotPasswordPage() {
  const [email, setEmail] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { pending, run } = useSimulatedRequest();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const failure = validateForgotPassword(email);
    if (failure) {
      toast(failure);
      return;
    }
    try {
      await run();
      setSentTo(email.trim());
      toast({
        title: 'Reset Email Sent',
        description: 'Check your email for a link to reset your password.',
      });
    } catch {
      toast({
        title: 'Error',
        description: 'Failed to send reset email. Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (sentTo !== null) {
    return (
      <AuthCard
        icon={<IconMailCheck size={26} />}
        title="Check your email"
        subtitle={
          <>
            We&apos;ve sent a password reset link to{' '}
            <Text span fw={600} c="dark">
              {sentTo}
            </Text>
            .
          </>
        }
        testId="forgot-password-sent"
      >
        <Text size="sm" c="dimmed" ta="center">
          Didn&apos;t receive it? Check your spam folder, or send another one.
        </Text>
        <Stack gap="sm">
          <Button variant="default" onClick={() => setSentTo(null)}>
            Send another email
          </Button>
          <Button component={Link} to={paths.login} leftSection={<IconArrowLeft size={16} />}>
            Back to Sign In
          </Button>
        </Stack>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconKey size={26} />}
      title="Forgot your password?"
      subtitle="Enter your email address and we'll send you a link to reset your password."
      testId="forgot-password-page"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            disabled={pending}
          />
          <Button type="submit" size="md" loading={pending}>
            Send Reset Link
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center">
        <Anchor component={Link} to={paths.login} size="sm">
          Back to Sign In
        </Anchor>
      </Text>
    </AuthCard>
  );
}
