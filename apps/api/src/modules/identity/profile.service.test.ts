/**
 * PATCH /api/user/profile's procedure: the user's own names, email and phone — never the role. A new
 * email waits for its link (email-change.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { UserEntity } from '@shop/db';
import { callerFor, failure, makeUser, uniqueEmail } from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 6 });
  ds = db.dataSource;
});
afterAll(async () => {
  await db?.drop();
});

describe('profile.update', () => {
  it('changes the given fields and answers the current-user view; a new email waits for its link', async () => {
    const user = await makeUser(ds);
    const email = uniqueEmail('renamed');
    const result = await callerFor(ds, user).profile.update({
      firstName: '  Jamie ',
      lastName: 'Doe',
      email: email.toUpperCase(),
      phone: '+1 (212) 555-0100',
    });
    expect(result).toEqual({
      id: user.id,
      email: user.email,
      firstName: 'Jamie',
      lastName: 'Doe',
      phone: '+1 (212) 555-0100',
      role: 'customer',
      profileImageUrl: null,
      createdAt: user.createdAt.toISOString(),
      pendingEmail: email,
    });
    const stored = await ds.manager.findOneByOrFail(UserEntity, { id: user.id });
    expect(stored).toMatchObject({ email: user.email, firstName: 'Jamie', phone: '+1 (212) 555-0100' });
  });

  it('leaves out fields untouched and clears blank ones', async () => {
    const user = await makeUser(ds, 'customer', { phone: '555-0100' });
    const caller = callerFor(ds, user);
    expect(await caller.profile.update({ firstName: 'Only' })).toMatchObject({
      firstName: 'Only',
      lastName: 'customer',
      email: user.email,
      phone: '555-0100',
    });
    expect(await caller.profile.update({ phone: '' })).toMatchObject({ phone: null });
    expect(await caller.profile.update({})).toMatchObject({ firstName: 'Only' });
  });

  it('answers 409 "Email already in use" for another user’s email, whatever its case', async () => {
    const taken = await makeUser(ds);
    const user = await makeUser(ds);
    const caller = callerFor(ds, user);
    for (const email of [taken.email, taken.email.toUpperCase(), 'Admin@Example.com']) {
      expect(await failure(caller.profile.update({ email }))).toMatchObject({
        code: 'CONFLICT',
        message: 'Email already in use',
      });
    }
    expect((await ds.manager.findOneByOrFail(UserEntity, { id: user.id })).email).toBe(user.email);
    // one's own email (in any case) is not a clash
    expect(await caller.profile.update({ email: user.email.toUpperCase() })).toMatchObject({
      email: user.email,
    });
  });

  it('two users asking for one free email at once: neither takes it before confirming', async () => {
    // Who gets a contested address is decided when a link is opened (email-change.test.ts).
    const email = uniqueEmail('race');
    const users = await Promise.all([makeUser(ds), makeUser(ds), makeUser(ds)]);
    const results = await Promise.all(users.map((u) => callerFor(ds, u).profile.update({ email })));
    for (const [i, result] of results.entries()) {
      expect(result).toMatchObject({ email: users[i]!.email, pendingEmail: email });
    }
    expect(await ds.manager.countBy(UserEntity, { email })).toBe(0);
  });

  it.each([
    ['the role', { role: 'admin' }, ''],
    ['an unknown field', { nickname: 'J' }, ''],
    ['an invalid email', { email: 'not-an-email' }, 'email'],
    ['an empty email', { email: '' }, 'email'],
    ['a 101-character first name', { firstName: 'x'.repeat(101) }, 'firstName'],
    ['letters as the phone', { phone: 'call me' }, 'phone'],
    ['a number as the phone', { phone: 5550100 }, 'phone'],
  ])('refuses %s with 400, changing nothing', async (_name, input, path) => {
    const user = await makeUser(ds);
    const result = await failure(callerFor(ds, user).profile.update(input as never));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.issues?.map((issue) => issue.path)).toContain(path);
    const stored = await ds.manager.findOneByOrFail(UserEntity, { id: user.id });
    expect(stored).toMatchObject({
      role: 'customer',
      email: user.email,
      firstName: user.firstName,
      phone: null,
    });
  });

  it('answers UNAUTHORIZED when signed out', async () => {
    expect((await failure(callerFor(ds, null).profile.update({ firstName: 'X' }))).code).toBe('UNAUTHORIZED');
  });
});
