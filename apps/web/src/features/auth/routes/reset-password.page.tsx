/**
 * Reset password (docs/product.md §2, §5, §8). Needs a `token` in the query; without one it says the link is
 * invalid and moves on to /forgot-password. The update is simulated (2000 ms, no server call).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { Button, List, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconCircleCheck, IconLinkOff, IconLock, IconPoint } from '@tabler/icons-react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { PASSWORD_RULES, validateResetPassword } from '../account-validation';
import { useSimulatedRequest } from '../use-simulated-request';
import { toast } from '../../../lib/toast';
import { paths } from '../../../paths';

/** How long the invalid-link message shows before /forgot-password (the spec's redirect delay). */
export const INVALID_LINK_REDIRECT_MS = 1000;

function InvalidLink() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({
      title: 'Invalid Link',
      description: 'This password reset link is invalid or has expired.',
      variant: 'destructive',
    });
    const timer = window.setTimeout(
      () => navigate(paths.forgotPassword, { replace: true }),
      INVALID_LINK_REDIRECT_MS,
    );
    return () => window.clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthCard
      icon={<IconLinkOff size={26} />}
      iconColor="red"
      title="Invalid reset link"
      subtitle="This password reset link is invalid or has expired. Taking you to request a new one..."
      testId="reset-password-invalid"
    >
      <Button component={Link} to={paths.forgotPassword} replace variant="default">
        Request a new link
      </Button>
    </AuthCard>
  );
}

function PasswordRules({ password }: { password: string }) {
  return (
    <List spacing={4} size="sm" center aria-label="Password requirements">
      {PASSWORD_RULES.map((rule) => {
        const met = rule.test(password);
        return (
          <List.Item
            key={rule.label}
            c={met ? 'green.8' : 'dimmed'}
            data-met={met}
            icon={
              <ThemeIcon
                size={16}
                radius="xl"
                variant={met ? 'filled' : 'light'}
                color={met ? 'green' : 'gray'}
              >
                {met ? <IconCheck size={11} /> : <IconPoint size={11} />}
              </ThemeIcon>
            }
          >
            {rule.label}
          </List.Item>
        );
      })}
    </List>
  );
}

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [done, setDone] = useState(false);
  const { pending, run } = useSimulatedRequest();

  if (!token) return <InvalidLink />;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const failure = validateResetPassword(password, confirmPassword);
    if (failure) {
      toast(failure);
      return;
    }
    try {
      await run();
      setDone(true);
      toast({
        title: 'Password Reset Successful',
        description: 'Your password has been updated. You can now sign in.',
      });
    } catch {
      toast({
        title: 'Reset Failed',
        description: 'Failed to reset password. Please try again.',
        variant: 'destructive',
      });
    }
  }

  if (done) {
    return (
      <AuthCard
        icon={<IconCircleCheck size={26} />}
        title="Password Updated"
        subtitle="Your password has been reset successfully. You can now sign in with your new password."
        testId="reset-password-done"
      >
        <Button component={Link} to={paths.login}>
          Continue to Sign In
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      icon={<IconLock size={26} />}
      title="Set a new password"
      subtitle="Choose a strong password you haven't used before."
      testId="reset-password-page"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <PasswordField
            label="New Password"
            autoComplete="new-password"
            withAsterisk
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            disabled={pending}
          />
          <PasswordField
            label="Confirm New Password"
            autoComplete="new-password"
            withAsterisk
            value={confirmPassword}
            onChange={(e) => setConfirmPassword(e.currentTarget.value)}
            disabled={pending}
          />
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              Your password must have:
            </Text>
            <PasswordRules password={password} />
          </Stack>
          <Button type="submit" size="md" loading={pending}>
            Update Password
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
