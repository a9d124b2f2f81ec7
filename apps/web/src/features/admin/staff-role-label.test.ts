import { describe, expect, it } from 'vitest';
import { staffRoleLabel } from './staff-role-label';

describe('staffRoleLabel', () => {
  it('names each built-in staff role, an admin as Administrator', () => {
    expect(staffRoleLabel('admin')).toBe('Administrator');
    expect(staffRoleLabel('inventory_manager')).toBe('Inventory Manager');
    expect(staffRoleLabel('sales_manager')).toBe('Sales Manager');
  });

  it('names a custom role by its own name', () => {
    expect(staffRoleLabel('customer', 'Night Picker')).toBe('Night Picker');
    expect(staffRoleLabel('admin', null)).toBe('Administrator');
  });
});
