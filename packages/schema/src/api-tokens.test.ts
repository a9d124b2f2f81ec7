/** What a bearer call may do (tokenPermissions): never more than its user, its subset or its scope allow. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { READ_PERMISSIONS, TOKEN_EXPLICIT_PERMISSIONS, tokenPermissions } from './api-tokens';
import { PERMISSION_NAMES } from './permissions';

const permissions = fc.subarray(PERMISSION_NAMES);
const token = fc.record({
  scope: fc.constantFrom('read' as const, 'write' as const),
  permissions: fc.option(permissions, { nil: null }),
});

describe('tokenPermissions', () => {
  it('is within the user’s permissions, the subset and the scope', () => {
    fc.assert(
      fc.property(permissions, token, (owner, grant) => {
        const effective = [...tokenPermissions(owner, grant)];
        for (const name of effective) {
          expect(owner).toContain(name);
          if (grant.permissions) expect(grant.permissions).toContain(name);
          else expect(TOKEN_EXPLICIT_PERMISSIONS).not.toContain(name);
          if (grant.scope === 'read') expect(READ_PERMISSIONS).toContain(name);
        }
      }),
    );
  });

  it('keeps everything else: a write token without a subset is its user less users and roles administration', () => {
    expect([...tokenPermissions(PERMISSION_NAMES, { scope: 'write', permissions: null })]).toEqual(
      PERMISSION_NAMES.filter((name) => !TOKEN_EXPLICIT_PERMISSIONS.includes(name)),
    );
    expect([
      ...tokenPermissions(PERMISSION_NAMES, { scope: 'write', permissions: ['users:create', 'users:read'] }),
    ]).toEqual(['users:read', 'users:create']);
    expect([
      ...tokenPermissions(['orders:read_all'], { scope: 'read', permissions: ['orders:update'] }),
    ]).toEqual([]);
  });
});
