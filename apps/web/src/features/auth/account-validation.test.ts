import { describe, expect, it } from 'vitest';
import {
  safeReturnTo,
  validateForgotPassword,
  validateResetPassword,
  validateSignUp,
  type SignUpValues,
} from './account-validation';

const valid: SignUpValues = {
  firstName: 'Sam',
  lastName: 'Shopper',
  email: 'sam@example.com',
  phone: '',
  password: 'longenough',
  confirmPassword: 'longenough',
  agreeToTerms: true,
};

describe('validateSignUp (docs/product.md §5 order)', () => {
  it.each<[string, Partial<SignUpValues>, string | null]>([
    ['all required filled, phone optional', {}, null],
    ['missing first name', { firstName: ' ' }, 'Missing Information'],
    ['missing last name', { lastName: '' }, 'Missing Information'],
    ['missing email', { email: '' }, 'Missing Information'],
    ['missing password', { password: '' }, 'Missing Information'],
    ['missing fields win over a mismatch', { email: '', confirmPassword: 'x' }, 'Missing Information'],
    ['mismatch wins over length', { password: 'short', confirmPassword: 'other' }, 'Password Mismatch'],
    [
      'length wins over terms',
      { password: 'short', confirmPassword: 'short', agreeToTerms: false },
      'Weak Password',
    ],
    ['terms', { agreeToTerms: false }, 'Terms Required'],
  ])('%s', (_name, change, title) => {
    expect(validateSignUp({ ...valid, ...change })?.title ?? null).toBe(title);
  });
});

describe('validateResetPassword (docs/product.md §5 order)', () => {
  it.each<[string, string, string, string | null]>([
    ['', '', 'Please fill in both password fields.', null],
    ['Abcdefg1', '', 'Please fill in both password fields.', null],
    ['ab', 'cd', 'Passwords do not match. Please try again.', null],
    ['Ab1', 'Ab1', 'Password must be at least 8 characters long.', null],
    [
      'abcdefg1',
      'abcdefg1',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
      null,
    ],
    [
      'ABCDEFG1',
      'ABCDEFG1',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
      null,
    ],
    [
      'Abcdefgh',
      'Abcdefgh',
      'Password must contain at least one uppercase letter, one lowercase letter, and one number.',
      null,
    ],
    ['Abcdefg1', 'Abcdefg1', '', 'ok'],
  ])('%s / %s', (password, confirm, description, ok) => {
    const failure = validateResetPassword(password, confirm);
    if (ok) expect(failure).toBeNull();
    else expect(failure?.description).toBe(description);
  });
});

describe('validateForgotPassword', () => {
  it('requires an email', () => {
    expect(validateForgotPassword('  ')).toMatchObject({
      title: 'Email Required',
      description: 'Please enter your email address.',
    });
    expect(validateForgotPassword('a@example.com')).toBeNull();
  });
});

describe('safeReturnTo', () => {
  it('keeps same-origin paths only', () => {
    expect(safeReturnTo('/orders?x=1')).toBe('/orders?x=1');
    for (const bad of [null, '', 'https://evil.example/', '//evil.example', '/\\evil.example', 'orders']) {
      expect(safeReturnTo(bad)).toBeUndefined();
    }
  });
});
