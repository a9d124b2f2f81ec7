/**
 * Create an account (docs/product.md §2, §5). The form is checked in the spec's order, each failure a toast;
 * a valid form goes on to the identity provider (/api/login), which creates the account — the
 * values typed here are not sent anywhere.
 */
import { useState, type FormEvent } from 'react';
import { Anchor, Button, Checkbox, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { AuthCard } from '../components/auth-card';
import { PasswordField } from '../components/password-field';
import { validateSignUp, type SignUpValues } from '../account-validation';
import { useSignInRedirect } from '../use-sign-in-redirect';
import { toast } from '../../../lib/toast';
import { paths } from '../../../paths';

const EMPTY: SignUpValues = {
  firstName: '',
  lastName: '',
  email: '',
  phone: '',
  password: '',
  confirmPassword: '',
  agreeToTerms: false,
};

export function SignupPage() {
  const [values, setValues] = useState<SignUpValues>(EMPTY);
  const { redirecting, redirect } = useSignInRedirect();

  const text = (field: Exclude<keyof SignUpValues, 'agreeToTerms'>) => ({
    value: values[field],
    onChange: (event: { currentTarget: HTMLInputElement }) => {
      const value = event.currentTarget.value;
      setValues((current) => ({ ...current, [field]: value }));
    },
  });

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const failure = validateSignUp(values);
    if (failure) {
      toast(failure);
      return;
    }
    if (!redirect()) {
      toast({
        title: 'Registration Failed',
        description: 'There was an error creating your account. Please try again.',
        variant: 'destructive',
      });
    }
  }

  return (
    <AuthCard
      icon={<IconUserPlus size={26} />}
      title="Create your account"
      subtitle="Join us to start shopping"
      testId="signup-page"
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md">
          <Group grow align="flex-start">
            <TextInput label="First Name" autoComplete="given-name" withAsterisk {...text('firstName')} />
            <TextInput label="Last Name" autoComplete="family-name" withAsterisk {...text('lastName')} />
          </Group>
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            placeholder="you@example.com"
            withAsterisk
            {...text('email')}
          />
          <TextInput
            label="Phone (optional)"
            type="tel"
            autoComplete="tel"
            placeholder="+1 555 000 0000"
            {...text('phone')}
          />
          <PasswordField
            label="Password"
            autoComplete="new-password"
            description="At least 8 characters"
            withAsterisk
            {...text('password')}
          />
          <PasswordField
            label="Confirm Password"
            autoComplete="new-password"
            withAsterisk
            {...text('confirmPassword')}
          />
          <Checkbox
            label="I agree to the Terms of Service and Privacy Policy"
            checked={values.agreeToTerms}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setValues((current) => ({ ...current, agreeToTerms: checked }));
            }}
          />
          <Button type="submit" size="md" loading={redirecting}>
            Create Account
          </Button>
        </Stack>
      </form>
      <Text size="sm" ta="center" c="dimmed">
        Already have an account?{' '}
        <Anchor component={Link} to={paths.login} size="sm" fw={500}>
          Sign in
        </Anchor>
      </Text>
    </AuthCard>
  );
}
