/**
 * Saved addresses on real PostgreSQL: only the owner's, strict input, and exactly one default
 * whenever a user has addresses — after every operation and under concurrent changes.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { MAX_ADDRESSES_PER_USER } from '@shop/schema';
import { callerFor, failure, makeUser, type Caller } from '../../test/order-fixtures';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 12 });
  ds = db.dataSource;
});
afterAll(async () => {
  await db?.drop();
});

const home = { title: 'Home', street: '1 Main St', city: 'New York', state: 'NY', zipCode: '10001' };
const work = {
  title: 'Work',
  street: '200 Park Ave',
  city: 'New York',
  state: 'NY',
  zipCode: '10166',
  country: 'US',
};

async function newCustomer(): Promise<{ caller: Caller; id: string }> {
  const user = await makeUser(ds);
  return { caller: callerFor(ds, user), id: user.id };
}

/** Exactly one default whenever there are addresses, none when there are none. */
async function expectOneDefault(userId: string) {
  const [{ total, defaults }] = await ds.query(
    'SELECT count(*)::int AS total, count(*) FILTER (WHERE is_default)::int AS defaults FROM user_addresses WHERE user_id = $1',
    [userId],
  );
  expect(defaults).toBe(total > 0 ? 1 : 0);
}

const pause = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('addresses', () => {
  it('creates with the defaults of docs/product.md §5, the first becoming the default', async () => {
    const { caller, id } = await newCustomer();
    const first = await caller.addresses.create({ ...home, isDefault: false });
    expect(first).toMatchObject({ ...home, country: 'US', isDefault: true });
    const second = await caller.addresses.create(work);
    expect(second.isDefault).toBe(false);
    await expectOneDefault(id);
    const list = await caller.addresses.list();
    expect(list.map((a) => a.id)).toEqual([first.id, second.id]);
    expect(Object.keys(list[0]!).sort()).toEqual(
      [
        'city',
        'country',
        'createdAt',
        'id',
        'isDefault',
        'state',
        'street',
        'title',
        'updatedAt',
        'zipCode',
      ].sort(),
    );
  });

  it('creating one as the default unsets the previous default', async () => {
    const { caller, id } = await newCustomer();
    const first = await caller.addresses.create(home);
    await pause();
    const second = await caller.addresses.create({ ...work, isDefault: true });
    expect(second.isDefault).toBe(true);
    const list = await caller.addresses.list();
    expect(list.find((a) => a.id === first.id)!.isDefault).toBe(false);
    expect(list[0]!.id).toBe(second.id); // the default first
    await expectOneDefault(id);
  });

  it('setDefault moves the default; on the default itself it changes nothing', async () => {
    const { caller, id } = await newCustomer();
    const first = await caller.addresses.create(home);
    const second = await caller.addresses.create(work);
    const moved = await caller.addresses.setDefault({ id: second.id });
    expect(moved.isDefault).toBe(true);
    await expectOneDefault(id);
    expect((await caller.addresses.setDefault({ id: second.id })).isDefault).toBe(true);
    await expectOneDefault(id);
    await caller.addresses.setDefault({ id: first.id });
    const list = await caller.addresses.list();
    expect(list.filter((a) => a.isDefault).map((a) => a.id)).toEqual([first.id]);
  });

  it('update changes the given fields; isDefault true moves the default, false on the default is ignored', async () => {
    const { caller, id } = await newCustomer();
    const first = await caller.addresses.create(home);
    const second = await caller.addresses.create(work);
    const renamed = await caller.addresses.update({ id: second.id, title: '  Office  ', zipCode: '10167' });
    expect(renamed).toMatchObject({
      title: 'Office',
      zipCode: '10167',
      street: work.street,
      isDefault: false,
    });

    await caller.addresses.update({ id: second.id, isDefault: true });
    await expectOneDefault(id);
    expect((await caller.addresses.list())[0]!.id).toBe(second.id);

    const kept = await caller.addresses.update({ id: second.id, isDefault: false, city: 'Brooklyn' });
    expect(kept).toMatchObject({ isDefault: true, city: 'Brooklyn' });
    await expectOneDefault(id);
    expect((await caller.addresses.update({ id: first.id, isDefault: false })).isDefault).toBe(false);
  });

  it('deleting the default promotes the most recent remaining address', async () => {
    const { caller, id } = await newCustomer();
    const first = await caller.addresses.create(home);
    await pause();
    const second = await caller.addresses.create(work);
    await pause();
    const third = await caller.addresses.create({ ...work, title: 'Gym' });
    await pause();
    await caller.addresses.delete({ id: first.id });
    let list = await caller.addresses.list();
    expect(list.find((a) => a.isDefault)!.id).toBe(third.id);
    await expectOneDefault(id);

    await caller.addresses.delete({ id: second.id }); // not the default: nothing moves
    list = await caller.addresses.list();
    expect(list.map((a) => [a.id, a.isDefault])).toEqual([[third.id, true]]);

    await caller.addresses.delete({ id: third.id });
    expect(await caller.addresses.list()).toEqual([]);
    await expectOneDefault(id);
  });

  it('keeps exactly one default under concurrent creates, set-defaults and deletes', async () => {
    const { caller, id } = await newCustomer();
    const created = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        caller.addresses.create({ ...home, title: `A${i}`, isDefault: i % 2 === 0 }),
      ),
    );
    await expectOneDefault(id);
    await Promise.all([
      ...created.slice(0, 4).map((a) => caller.addresses.setDefault({ id: a.id })),
      ...created.slice(4, 7).map((a) => caller.addresses.delete({ id: a.id })),
      caller.addresses.update({ id: created[7]!.id, isDefault: true }),
      caller.addresses.create({ ...work, isDefault: true }),
    ]);
    await expectOneDefault(id);
    expect(await caller.addresses.list()).toHaveLength(6);
  });

  it('answers another customer’s address as not found, and leaves it alone', async () => {
    const owner = await newCustomer();
    const stranger = await newCustomer();
    const address = await owner.caller.addresses.create(home);
    await stranger.caller.addresses.create(work);
    for (const call of [
      () => stranger.caller.addresses.update({ id: address.id, title: 'Mine now' }),
      () => stranger.caller.addresses.setDefault({ id: address.id }),
      () => stranger.caller.addresses.delete({ id: address.id }),
    ]) {
      expect(await failure(call())).toMatchObject({ code: 'NOT_FOUND', message: 'Address not found' });
    }
    expect((await stranger.caller.addresses.list()).map((a) => a.id)).not.toContain(address.id);
    expect((await owner.caller.addresses.list())[0]).toMatchObject({
      id: address.id,
      title: 'Home',
      isDefault: true,
    });
    await expectOneDefault(stranger.id);
  });

  it.each([
    ['a missing title', { ...home, title: undefined }, 'title'],
    ['a blank street', { ...home, street: '   ' }, 'street'],
    ['a missing city', { ...home, city: undefined }, 'city'],
    ['a missing state', { ...home, state: undefined }, 'state'],
    ['a missing zipCode', { ...home, zipCode: undefined }, 'zipCode'],
    ['a blank country', { ...home, country: '' }, 'country'],
    ['a 101-character title', { ...home, title: 't'.repeat(101) }, 'title'],
    ['a 256-character street', { ...home, street: 's'.repeat(256) }, 'street'],
    ['a 21-character zipCode', { ...home, zipCode: '1'.repeat(21) }, 'zipCode'],
    ['a string isDefault', { ...home, isDefault: 'yes' }, 'isDefault'],
    ['a userId', { ...home, userId: '6f1c3b2e-0000-4000-8000-000000000000' }, ''],
    ['an unknown key', { ...home, colour: 'red' }, ''],
  ])('refuses %s on create (400 naming the field)', async (_name, input, path) => {
    const { caller, id } = await newCustomer();
    const result = await failure(caller.addresses.create(input as never));
    expect(result.code).toBe('BAD_REQUEST');
    expect(result.issues?.map((issue) => issue.path)).toContain(path);
    expect(await caller.addresses.list()).toEqual([]);
    await expectOneDefault(id);
  });

  it('refuses bad updates and ids', async () => {
    const { caller } = await newCustomer();
    const address = await caller.addresses.create(home);
    expect(await failure(caller.addresses.update({ id: address.id, city: '' }))).toMatchObject({
      code: 'BAD_REQUEST',
      issues: [{ path: 'city' }],
    });
    expect((await failure(caller.addresses.update({ id: address.id, userId: 'x' } as never))).code).toBe(
      'BAD_REQUEST',
    );
    expect((await failure(caller.addresses.setDefault({ id: 'not-a-uuid' }))).code).toBe('BAD_REQUEST');
    expect(
      (await failure(caller.addresses.delete({ id: '6f1c3b2e-0000-4000-8000-000000000000' }))).code,
    ).toBe('NOT_FOUND');
    expect((await caller.addresses.list())[0]).toMatchObject({ city: 'New York' });
  });

  it(`refuses more than ${MAX_ADDRESSES_PER_USER} addresses`, async () => {
    const { caller } = await newCustomer();
    for (let i = 0; i < MAX_ADDRESSES_PER_USER; i++)
      await caller.addresses.create({ ...home, title: `A${i}` });
    expect((await failure(caller.addresses.create(home))).code).toBe('CONFLICT');
  });

  it('answers UNAUTHORIZED when signed out', async () => {
    const anonymous = callerFor(ds, null);
    expect((await failure(anonymous.addresses.list())).code).toBe('UNAUTHORIZED');
    expect((await failure(anonymous.addresses.create(home))).code).toBe('UNAUTHORIZED');
  });
});
