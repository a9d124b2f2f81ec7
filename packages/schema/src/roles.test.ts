import { describe, expect, it } from 'vitest';
import { DEFAULT_ROLE_PERMISSIONS, PERMISSION_NAMES } from './permissions';
import { ROLES } from './users';
import {
  BUILT_IN_ROLE_GROUPS,
  CreateRoleInput,
  DEFAULT_PERMISSION_GROUPS,
  seededPermissionsOf,
} from './roles';

describe('the seeded permission groups', () => {
  it.each(ROLES)('give %s exactly DEFAULT_ROLE_PERMISSIONS', (role) => {
    expect(seededPermissionsOf(role)).toEqual([...DEFAULT_ROLE_PERMISSIONS[role]]);
  });

  it('put every permission in some group and name only existing groups', () => {
    const grouped = new Set(DEFAULT_PERMISSION_GROUPS.flatMap((group) => group.permissions));
    expect(PERMISSION_NAMES.filter((name) => !grouped.has(name))).toEqual([]);
    const names = new Set(DEFAULT_PERMISSION_GROUPS.map((group) => group.name));
    for (const role of ROLES)
      for (const group of BUILT_IN_ROLE_GROUPS[role]) expect(names.has(group)).toBe(true);
  });
});

describe('CreateRoleInput', () => {
  it('needs a name (docs/product.md §5) and clears a blank description', () => {
    expect(CreateRoleInput.safeParse({ name: ' ' }).error?.issues[0]?.message).toBe('Role name is required');
    expect(CreateRoleInput.parse({ name: ' Night shift ', description: '  ' })).toEqual({
      name: 'Night shift',
      description: null,
    });
  });
});
