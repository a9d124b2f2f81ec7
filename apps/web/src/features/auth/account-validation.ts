/**
 * The account screens' client-side checks (docs/product.md §5), each returning the first failure as the toast
 * to show, in the spec's order, or null. The screens authenticate nobody: sign-in and sign-up end
 * at the external login, and the password flows are simulated (docs/product.md §1, §7).
 */
import type { ToastOptions } from '../../lib/toast';

export const MIN_PASSWORD_LENGTH = 8;
/** docs/product.md §9: the forgot and reset flows simulate a 2000 ms round trip. */
export const SIMULATED_DELAY_MS = 2000;

type Failure = Required<Pick<ToastOptions, 'title' | 'description'>> & { variant: 'destructive' };

function failure(title: string, description: string): Failure {
  return { title, description, variant: 'destructive' };
}

const PASSWORD_MISMATCH = failure('Password Mismatch', 'Passwords do not match. Please try again.');
const TOO_SHORT = failure(
  'Weak Password',
  `Password must be at least ${MIN_PASSWORD_LENGTH} characters long.`,
);

export interface SignUpValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  password: string;
  confirmPassword: string;
  agreeToTerms: boolean;
}

export function validateSignUp(values: SignUpValues): Failure | null {
  const { firstName, lastName, email, password } = values;
  if (![firstName, lastName, email].every((v) => v.trim()) || !password) {
    return failure('Missing Information', 'Please fill in all required fields.');
  }
  if (password !== values.confirmPassword) return PASSWORD_MISMATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  if (!values.agreeToTerms)
    return failure('Terms Required', 'Please agree to the terms and conditions to continue.');
  return null;
}

export function validateForgotPassword(email: string): Failure | null {
  return email.trim() ? null : failure('Email Required', 'Please enter your email address.');
}

/** The reset screen's rules list, in the order it shows them. */
export const PASSWORD_RULES: ReadonlyArray<{ label: string; test: (password: string) => boolean }> = [
  { label: `At least ${MIN_PASSWORD_LENGTH} characters`, test: (p) => p.length >= MIN_PASSWORD_LENGTH },
  { label: 'One uppercase letter', test: (p) => /[A-Z]/.test(p) },
  { label: 'One lowercase letter', test: (p) => /[a-z]/.test(p) },
  { label: 'One number', test: (p) => /\d/.test(p) },
];

export function validateResetPassword(password: string, confirmPassword: string): Failure | null {
  if (!password || !confirmPassword)
    return failure('Missing Information', 'Please fill in both password fields.');
  if (password !== confirmPassword) return PASSWORD_MISMATCH;
  if (password.length < MIN_PASSWORD_LENGTH) return TOO_SHORT;
  if (!PASSWORD_RULES.slice(1).every((rule) => rule.test(password))) {
    return failure(
      'Weak Password',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
    );
  }
  return null;
}

/** A `returnTo` worth keeping: a same-origin path ('/orders'), never '//evil.example' or a URL. */
export function safeReturnTo(value: string | null | undefined): string | undefined {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return undefined;
  return value;
}

export function wait(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}
