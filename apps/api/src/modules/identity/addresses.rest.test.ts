/** /api/user/addresses and /api/user/profile over HTTP as a signed-in browser (docs/product.md §7). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../test/test-app';
import { signIn, type SignedIn } from '../../test/sign-in';
import { expectNoInternals } from '../../test/expect-no-internals';
import { uniqueEmail } from '../../test/order-fixtures';

let shop: TestApp;

beforeAll(async () => {
  shop = await startTestApp({ listen: false });
});
afterAll(async () => {
  await shop?.close();
});

async function call(
  who: SignedIn | null,
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
  url: string,
  body?: unknown,
) {
  const response = await shop.app.inject({
    method,
    url,
    headers: {
      ...(who && { cookie: who.cookie }),
      ...(body !== undefined && { 'content-type': 'application/json' }),
    },
    ...(body !== undefined && { payload: JSON.stringify(body) }),
  });
  expectNoInternals(response.body);
  return response;
}

const home = {
  title: 'Home',
  street: '1 Main St',
  city: 'New York',
  state: 'NY',
  zipCode: '10001',
  country: 'US',
  isDefault: false,
};

describe('/api/user/addresses', () => {
  it('lists, adds, edits, makes default and deletes the signed-in user’s addresses', async () => {
    const me = await signIn(shop.app, uniqueEmail('addr'));
    expect((await call(me, 'GET', '/api/user/addresses')).json()).toEqual([]);

    const created = await call(me, 'POST', '/api/user/addresses', home);
    expect(created.statusCode).toBe(201);
    const first = created.json();
    expect(first).toMatchObject({ ...home, isDefault: true });

    const second = (await call(me, 'POST', '/api/user/addresses', { ...home, title: 'Work' })).json();
    const edited = await call(me, 'PATCH', `/api/user/addresses/${second.id}`, { street: '2 Side St' });
    expect(edited.statusCode).toBe(200);
    expect(edited.json()).toMatchObject({ id: second.id, street: '2 Side St', isDefault: false });

    const made = await call(me, 'PATCH', `/api/user/addresses/${second.id}/default`);
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ id: second.id, isDefault: true });
    const listed = (await call(me, 'GET', '/api/user/addresses')).json();
    expect(listed.map((a: { id: string; isDefault: boolean }) => [a.id, a.isDefault])).toEqual([
      [second.id, true],
      [first.id, false],
    ]);

    const deleted = await call(me, 'DELETE', `/api/user/addresses/${second.id}`);
    expect(deleted.statusCode).toBe(204);
    expect(deleted.body).toBe('');
    expect((await call(me, 'GET', '/api/user/addresses')).json()).toEqual([
      expect.objectContaining({ id: first.id, isDefault: true }),
    ]);
  });

  it('answers 404 for another user’s address and 400 for unknown keys', async () => {
    const owner = await signIn(shop.app, uniqueEmail('owner'));
    const other = await signIn(shop.app, uniqueEmail('other'));
    const address = (await call(owner, 'POST', '/api/user/addresses', home)).json();
    for (const [method, url, body] of [
      ['PATCH', `/api/user/addresses/${address.id}`, { title: 'Taken' }],
      ['PATCH', `/api/user/addresses/${address.id}/default`, undefined],
      ['DELETE', `/api/user/addresses/${address.id}`, undefined],
    ] as const) {
      const response = await call(other, method, url, body);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Address not found', code: 'NOT_FOUND' });
    }
    const bad = await call(owner, 'POST', '/api/user/addresses', { ...home, userId: other.user.id });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/userId/);
    expect((await call(owner, 'GET', '/api/user/addresses')).json()).toHaveLength(1);
  });

  it('answers 401 when signed out', async () => {
    expect((await call(null, 'GET', '/api/user/addresses')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/api/user/addresses', home)).statusCode).toBe(401);
  });
});

describe('PATCH /api/user/profile', () => {
  it('updates the profile, and GET /api/auth/user then shows it', async () => {
    const me = await signIn(shop.app, uniqueEmail('profile'));
    const response = await call(me, 'PATCH', '/api/user/profile', {
      firstName: 'Robin',
      lastName: 'Baker',
      email: me.user.email,
      phone: '212-555-0100',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      id: me.user.id,
      firstName: 'Robin',
      phone: '212-555-0100',
      role: 'customer',
    });
    // The answer is the current user, plus the new email waiting for its link (none here).
    const { pendingEmail, ...user } = response.json();
    expect(pendingEmail).toBeNull();
    expect((await call(me, 'GET', '/api/auth/user')).json()).toEqual(user);
  });

  it('refuses the role with 400 and a taken email with 409', async () => {
    const me = await signIn(shop.app, uniqueEmail('sneaky'));
    const role = await call(me, 'PATCH', '/api/user/profile', { role: 'admin' });
    expect(role.statusCode).toBe(400);
    expect(role.json().message).toMatch(/role/);
    const taken = await call(me, 'PATCH', '/api/user/profile', { email: 'admin@example.com' });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toEqual({ message: 'Email already in use', code: 'CONFLICT' });
    expect((await call(me, 'GET', '/api/auth/user')).json()).toMatchObject({
      role: 'customer',
      email: me.user.email,
    });
  });

  it('answers 401 when signed out', async () => {
    expect((await call(null, 'PATCH', '/api/user/profile', { firstName: 'X' })).statusCode).toBe(401);
  });
});
