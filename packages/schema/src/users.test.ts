import { describe, expect, it } from 'vitest';
import { ROLES, Role, roleLabel } from './users';

describe('roleLabel', () => {
  it.each([
    ['inventory_manager', 'Inventory Manager'],
    ['sales_manager', 'Sales Manager'],
    ['admin', 'Admin'],
    ['customer', 'Customer'],
    ['head_of_quality_control', 'Head Of Quality Control'],
    ['', ''],
  ])('%j reads %j', (role, label) => {
    expect(roleLabel(role)).toBe(label);
  });
});

describe('Role', () => {
  it('accepts the four built-in roles', () => {
    expect(ROLES.map((role) => Role.parse(role))).toEqual([
      'customer',
      'inventory_manager',
      'sales_manager',
      'admin',
    ]);
  });

  it('refuses any other with the spec message', () => {
    const result = Role.safeParse('superuser');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe('Please select a role');
  });
});
