import { describe, expect, it } from 'vitest';
import { CreateUserInput, UpdateUserInput, formatUserDate } from './user-management';

describe('formatUserDate (docs/product.md §9: MMM dd, yyyy)', () => {
  it.each([
    [new Date(2024, 2, 5, 14, 30), 'Mar 05, 2024'],
    [new Date(2023, 11, 31), 'Dec 31, 2023'],
    [null, 'Unknown'],
    [undefined, 'Unknown'],
    ['not a date', 'Unknown'],
  ])('%s → %s', (value, text) => {
    expect(formatUserDate(value)).toBe(text);
  });
});

describe('the user form', () => {
  it('says what docs/product.md §5 says, field by field', () => {
    const result = CreateUserInput.safeParse({ email: 'x', firstName: '', lastName: ' ', role: 'owner' });
    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['email', 'Invalid email address'],
      ['firstName', 'First name is required'],
      ['lastName', 'Last name is required'],
      ['role', 'Please select a role'],
    ]);
  });

  it('trims, lower-cases the email, clears a blank phone and refuses unknown keys', () => {
    expect(
      CreateUserInput.parse({
        email: ' Ann@Example.COM ',
        firstName: ' Ann ',
        lastName: 'Lee',
        phone: ' ',
        role: 'admin',
      }),
    ).toEqual({ email: 'ann@example.com', firstName: 'Ann', lastName: 'Lee', phone: null, role: 'admin' });
    expect(
      CreateUserInput.safeParse({
        email: 'a@b.co',
        firstName: 'A',
        lastName: 'B',
        role: 'customer',
        roleId: null,
      }).success,
    ).toBe(false);
    expect(
      UpdateUserInput.safeParse({ id: '6f1c3b2e-0000-4000-8000-000000000000', authSubject: 'x' }).success,
    ).toBe(false);
    expect(UpdateUserInput.parse({ id: '6f1c3b2e-0000-4000-8000-000000000000', roleId: null })).toEqual({
      id: '6f1c3b2e-0000-4000-8000-000000000000',
      roleId: null,
    });
  });
});
