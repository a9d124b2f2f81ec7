import { describe, expect, it } from 'vitest';
import {
  dayBounds,
  describeAuditActor,
  describeAuditDetails,
  describeAuditTarget,
  formatAuditTime,
} from './audit-texts';

describe('the Audit Log texts', () => {
  it('word the changes as before → after, then the other facts', () => {
    expect(
      describeAuditDetails({
        changes: { role: { from: 'sales_manager', to: 'admin' }, phone: { from: null, to: '+1 555' } },
        permissionsAdded: ['users:read', 'users:update'],
        permissionsRemoved: [],
      }),
    ).toEqual([
      'role: sales_manager → admin',
      'phone: — → +1 555',
      'permissionsAdded: users:read, users:update',
      'permissionsRemoved: none',
    ]);
    expect(describeAuditDetails({ isActive: false, route: 'GET /api/users', status: 403 })).toEqual([
      'status: 403',
      'route: GET /api/users',
      'isActive: no',
    ]);
    expect(describeAuditDetails({})).toEqual([]);
  });

  it('name who acted and what it was about', () => {
    expect(
      describeAuditActor({ action: 'auth.sign_in', actor: { id: 'u1', email: 'ada@example.com' } }),
    ).toBe('ada@example.com');
    expect(describeAuditActor({ action: 'user.promoted_by_admin_emails', actor: null })).toBe(
      'ADMIN_EMAILS (configuration)',
    );
    expect(describeAuditActor({ action: 'access.denied', actor: null })).toBe('Not signed in');
    expect(describeAuditTarget({ type: 'user', id: 'u1', label: 'ada@example.com' })).toBe(
      'user: ada@example.com',
    );
    expect(describeAuditTarget({ type: 'procedure', id: 'users.list', label: null })).toBe(
      'procedure: users.list',
    );
    expect(describeAuditTarget(null)).toBe('—');
  });

  it('show times to the second and turn picked days into the filter’s bounds', () => {
    const local = new Date(2024, 2, 5, 14, 3, 7);
    expect(formatAuditTime(local.toISOString())).toBe('Mar 05, 2024 14:03:07');
    expect(dayBounds('2024-03-05', 'from')).toBe(new Date(2024, 2, 5).toISOString());
    expect(dayBounds('2024-03-05', 'to')).toBe(new Date(2024, 2, 6).toISOString());
    expect(dayBounds('', 'from')).toBeUndefined();
  });
});
