/**
 * No lost updates from staff on roles (issue 15), over real HTTP on real PostgreSQL: an Edit Role
 * or Manage Permissions save based on an outdated version is refused with 409 and the current role;
 * two admins saving the same version at once: exactly one wins; the spec's calls without a version
 * keep working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PermissionGroupDto, RoleDetailDto } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
/** Two admins: the demo one and one made admin by ADMIN_EMAILS. */
const admins: string[] = [];
let groups: PermissionGroupDto[];

type Json = Record<string, unknown>;

async function api<T = Json>(cookie: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${shop.baseUrl}${path}`, {
    method,
    headers: { cookie, ...(body !== undefined && { 'content-type': 'application/json' }) },
    ...(body !== undefined && { body: JSON.stringify(body) }),
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : null) as T };
}

beforeAll(async () => {
  shop = await startTestApp({ env: { ADMIN_EMAILS: 'second-admin@example.com' } });
  admins.push((await signIn(shop.baseUrl, 'admin@example.com')).cookie);
  admins.push((await signIn(shop.baseUrl, 'second-admin@example.com')).cookie);
  groups = (await api<PermissionGroupDto[]>(admins[0]!, 'GET', '/api/admin/permission-groups')).body;
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);

/** A custom role, as the Permissions screen then loads it. */
async function newRole(): Promise<RoleDetailDto> {
  const created = await api<RoleDetailDto>(admins[0]!, 'POST', '/api/admin/roles', {
    name: `Editors ${unique()}`,
    description: 'Made by a test',
  });
  expect(created.status).toBe(201);
  return (await api<RoleDetailDto>(admins[0]!, 'GET', `/api/admin/roles/${created.body.id}`)).body;
}

async function stored(id: string) {
  const [row] = await shop.dataSource.query(`SELECT description, version FROM roles WHERE id = $1`, [id]);
  return row as { description: string; version: number };
}

describe('two admins editing the same role', () => {
  it('a role edit based on an outdated version is refused with the current role', async () => {
    const role = await newRole();
    expect(role.version).toBe(1);
    const won = await api<RoleDetailDto>(admins[0]!, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: role.name,
      description: 'The first admin’s words',
      version: role.version,
    });
    expect(won.status).toBe(200);

    const lost = await api(admins[1]!, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: role.name,
      description: 'The second admin’s words',
      version: role.version,
    });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/This role was changed by someone else/),
      details: { reason: 'STALE_VERSION', current: won.body },
    });
    expect(await stored(role.id)).toEqual({ description: 'The first admin’s words', version: 2 });
  });

  it('saving at the same moment: exactly one wins, the other gets 409 with the winner’s values (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const role = await newRole();
      const answers = await Promise.all(
        admins.map((cookie, i) =>
          api(cookie, 'PATCH', `/api/admin/roles/${role.id}`, {
            name: role.name,
            description: `Admin ${i}, round ${round}`,
            version: role.version,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body as unknown as RoleDetailDto;
      const loser = answers.find((answer) => answer.status === 409)!.body;
      expect(loser.details).toEqual({ reason: 'STALE_VERSION', current: winner });
      expect(await stored(role.id)).toEqual({ description: winner.description, version: role.version + 1 });
    }
  });

  it('assigning groups and editing the role at the same moment: exactly one wins (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const role = await newRole();
      const answers = await Promise.all([
        api(admins[0]!, 'PUT', `/api/admin/roles/${role.id}/permission-groups`, {
          permissionGroupIds: [groups[0]!.id],
          version: role.version,
        }),
        api(admins[1]!, 'PATCH', `/api/admin/roles/${role.id}`, {
          name: role.name,
          isActive: false,
          version: role.version,
        }),
      ]);
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body as unknown as RoleDetailDto;
      expect(answers.find((answer) => answer.status === 409)!.body.details).toEqual({
        reason: 'STALE_VERSION',
        current: winner,
      });
      expect((await stored(role.id)).version).toBe(role.version + 1);
    }
  });
});

describe('Manage Permissions (PUT /api/admin/roles/:id/permission-groups)', () => {
  it('is refused on an outdated version, and its save makes an open Edit Role outdated', async () => {
    const role = await newRole();
    await api(admins[0]!, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: role.name,
      description: 'Edited first',
      version: role.version,
    });
    const refused = await api(admins[1]!, 'PUT', `/api/admin/roles/${role.id}/permission-groups`, {
      permissionGroupIds: [groups[0]!.id],
      version: role.version,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({
      details: { reason: 'STALE_VERSION', current: { description: 'Edited first', permissionGroups: [] } },
    });

    const saved = await api<RoleDetailDto>(
      admins[1]!,
      'PUT',
      `/api/admin/roles/${role.id}/permission-groups`,
      {
        permissionGroupIds: [groups[0]!.id],
        version: role.version + 1,
      },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      version: role.version + 2,
      permissionGroups: [{ id: groups[0]!.id }],
    });

    const stale = await api(admins[0]!, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: role.name,
      description: 'Based on the version before the groups changed',
      version: role.version + 1,
    });
    expect(stale.status).toBe(409);
  });
});

describe('the spec’s role calls without a version', () => {
  it('PATCH and PUT permission-groups keep working: the last write wins', async () => {
    const role = await newRole();
    const patched = await api<RoleDetailDto>(admins[0]!, 'PATCH', `/api/admin/roles/${role.id}`, {
      name: role.name,
      description: 'No version sent',
    });
    expect(patched.status).toBe(200);
    const assigned = await api<RoleDetailDto>(
      admins[1]!,
      'PUT',
      `/api/admin/roles/${role.id}/permission-groups`,
      {
        permissionGroupIds: [groups[0]!.id],
      },
    );
    expect(assigned.status).toBe(200);
    expect(assigned.body).toMatchObject({ description: 'No version sent', version: role.version + 2 });
  });

  it('an unknown role is still 404', async () => {
    const missing = await api(admins[0]!, 'PATCH', '/api/admin/roles/00000000-0000-4000-8000-000000000000', {
      name: 'Nobody',
      version: 1,
    });
    expect(missing.status).toBe(404);
  });
});
