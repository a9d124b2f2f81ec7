/**
 * No lost updates from staff on users (issue 15), over real HTTP on real PostgreSQL: an Edit User
 * save based on an outdated version is refused with 409 and the current user; two admins saving
 * the same version at once: exactly one wins; the user's own profile edit makes an open Edit User
 * form outdated; PUT /api/users/:id without a version (the spec's call) keeps working.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { UserDto } from '@shop/schema';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn } from '../../test/sign-in';

let shop: TestApp;
/** Two admins: the demo one and one made admin by ADMIN_EMAILS. */
const admins: string[] = [];

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
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

const unique = () => Math.random().toString(36).slice(2, 10);

/** A user created by an admin, as the Edit User screen then loads them. */
async function newUser(): Promise<UserDto> {
  const created = await api<UserDto>(admins[0]!, 'POST', '/api/users', {
    email: `edited-${unique()}@example.com`,
    firstName: 'Edna',
    lastName: 'Edited',
    role: 'customer',
  });
  expect(created.status).toBe(201);
  return (await api<UserDto>(admins[0]!, 'GET', `/api/users/${created.body.id}`)).body;
}

/** The Edit User form's body, as loaded. */
const formOf = (user: UserDto) => ({
  email: user.email,
  firstName: user.firstName!,
  lastName: user.lastName!,
  phone: user.phone,
  role: user.role as 'customer',
  roleId: user.roleId,
});

async function stored(id: string) {
  const [row] = await shop.dataSource.query(`SELECT last_name, role, version FROM users WHERE id = $1`, [id]);
  return row as { last_name: string; role: string; version: number };
}

describe('two admins editing the same user', () => {
  it('a save based on an outdated version is refused with the current user, and writes nothing', async () => {
    const user = await newUser();
    expect(user.version).toBe(1);

    const won = await api<UserDto>(admins[0]!, 'PUT', `/api/users/${user.id}`, {
      ...formOf(user),
      role: 'sales_manager',
      version: user.version,
    });
    expect(won.status).toBe(200);
    expect(won.body.version).toBe(2);

    const lost = await api(admins[1]!, 'PUT', `/api/users/${user.id}`, {
      ...formOf(user),
      lastName: 'Overwritten',
      version: user.version,
    });
    expect(lost.status).toBe(409);
    expect(lost.body).toMatchObject({
      code: 'CONFLICT',
      message: expect.stringMatching(/This user was changed by someone else/),
      details: { reason: 'STALE_VERSION', current: won.body },
    });
    expect(await stored(user.id)).toEqual({ last_name: 'Edited', role: 'sales_manager', version: 2 });
  });

  it('saving at the same moment: exactly one wins, the other gets 409 with the winner’s values (10 rounds)', async () => {
    for (let round = 0; round < 10; round++) {
      const user = await newUser();
      const answers = await Promise.all(
        admins.map((cookie, i) =>
          api(cookie, 'PUT', `/api/users/${user.id}`, {
            ...formOf(user),
            lastName: `Admin${i} round ${round}`,
            version: user.version,
          }),
        ),
      );
      expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
      const winner = answers.find((answer) => answer.status === 200)!.body as unknown as UserDto;
      const loser = answers.find((answer) => answer.status === 409)!.body;
      expect(loser.details).toEqual({ reason: 'STALE_VERSION', current: winner });
      expect(await stored(user.id)).toMatchObject({ last_name: winner.lastName, version: user.version + 1 });
    }
  });
});

describe('the user’s own changes', () => {
  it('their profile edit makes an Edit User form opened before it outdated', async () => {
    const user = await newUser();
    const self = await signIn(shop.baseUrl, user.email);
    const opened = (await api<UserDto>(admins[0]!, 'GET', `/api/users/${user.id}`)).body;

    const profile = await api(self.cookie, 'PATCH', '/api/user/profile', { lastName: 'Own name' });
    expect(profile.status).toBe(200);
    expect((await stored(user.id)).version).toBe(opened.version + 1);

    const refused = await api(admins[0]!, 'PUT', `/api/users/${user.id}`, {
      ...formOf(opened),
      phone: '+1 555 0100',
      version: opened.version,
    });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ details: { current: { lastName: 'Own name' } } });
  });
});

describe('PUT /api/users/:id as the spec documents it', () => {
  it('without a version, the last write wins as before', async () => {
    const user = await newUser();
    await api(admins[0]!, 'PUT', `/api/users/${user.id}`, { ...formOf(user), lastName: 'First' });
    const answer = await api<UserDto>(admins[1]!, 'PUT', `/api/users/${user.id}`, {
      ...formOf(user),
      lastName: 'Second',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ lastName: 'Second', version: user.version + 2 });
  });

  it('an unknown user is still 404', async () => {
    const missing = await api(admins[0]!, 'PUT', '/api/users/00000000-0000-4000-8000-000000000000', {
      lastName: 'Nobody',
      version: 1,
    });
    expect(missing.status).toBe(404);
  });
});
