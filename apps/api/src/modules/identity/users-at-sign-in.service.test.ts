/** Mapping a verified identity to a user (docs/architecture.md §3), on a real PostgreSQL clone. */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { setPictureHosts } from '@shop/schema';
import { UserEntity } from '@shop/db';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import type { ServiceContext } from '../../context';
import { signInUser, SignInRefusedError, type VerifiedIdentity } from './users-at-sign-in.service';

let db: TestDatabase;
let ctx: ServiceContext;
const options = { adminEmails: ['chief@example.com'] };

beforeAll(async () => {
  setPictureHosts(['img.example']); // IMAGE_HOSTS, as the api sets it at start
  db = await createTestDatabase();
  ctx = {
    db: db.dataSource.manager,
    user: null,
    log: { info() {}, warn() {} } as unknown as FastifyBaseLogger,
  };
});
afterAll(async () => {
  await db?.drop();
});

const ISSUER = 'https://id.example.com';
const OTHER_ISSUER = 'https://login.other.example';

const identity = (overrides: Partial<VerifiedIdentity>): VerifiedIdentity => ({
  issuer: ISSUER,
  subject: `sub-${Math.random().toString(36).slice(2)}`,
  emailVerified: true,
  ...overrides,
});

const insertUser = (fields: Partial<UserEntity>) =>
  db.dataSource.manager.save(db.dataSource.manager.create(UserEntity, { role: 'customer', ...fields }));

describe('signInUser', () => {
  test('a new identity becomes a customer with the names, email and picture of the claims', async () => {
    const user = await signInUser(
      ctx,
      identity({
        subject: 'new-1',
        email: 'New.Person@Example.com',
        firstName: 'New',
        lastName: 'Person',
        picture: 'https://img.example/p.png',
      }),
      options,
    );
    expect(user).toMatchObject({
      email: 'new.person@example.com',
      firstName: 'New',
      lastName: 'Person',
      profileImageUrl: 'https://img.example/p.png',
      role: 'customer',
      authIssuer: ISSUER,
      authSubject: 'new-1',
    });
  });

  test.each([
    'https://tracker.example/p.png',
    'http://img.example/p.png',
    '/api/logout',
    'javascript:alert(1)',
  ])('a picture that fails the picture rule (%s) is not taken', async (picture) => {
    const subject = `pic-${Math.random().toString(36).slice(2)}`;
    const user = await signInUser(
      ctx,
      identity({ subject, email: `${subject}@example.com`, picture }),
      options,
    );
    expect(user.profileImageUrl).toBeNull();
    // A later sign-in with a bad picture keeps the good one.
    await signInUser(ctx, identity({ subject, picture: 'https://img.example/ok.png' }), options);
    const again = await signInUser(ctx, identity({ subject, picture }), options);
    expect(again.profileImageUrl).toBe('https://img.example/ok.png');
  });

  test('the subject is matched first, whatever email the claims carry now', async () => {
    const existing = await insertUser({
      email: 'by-subject@example.com',
      authIssuer: ISSUER,
      authSubject: 'stable-sub',
    });
    const user = await signInUser(
      ctx,
      identity({ subject: 'stable-sub', email: 'changed@example.com' }),
      options,
    );
    expect(user.id).toBe(existing.id);
    expect(user.email).toBe('by-subject@example.com');
  });

  test('a user created by an admin is claimed by verified email (case-insensitively) and keeps its role', async () => {
    const existing = await insertUser({
      email: 'Made.By.Admin@example.com',
      role: 'inventory_manager',
      firstName: 'Made',
    });
    const user = await signInUser(
      ctx,
      identity({ subject: 'claimer', email: 'made.by.admin@example.com' }),
      options,
    );
    expect(user).toMatchObject({
      id: existing.id,
      role: 'inventory_manager',
      authIssuer: ISSUER,
      authSubject: 'claimer',
      firstName: 'Made',
    });
  });

  test('an unverified email does not claim an existing user', async () => {
    await insertUser({ email: 'victim@example.com', role: 'admin' });
    await expect(
      signInUser(
        ctx,
        identity({ subject: 'attacker', email: 'victim@example.com', emailVerified: false }),
        options,
      ),
    ).rejects.toBeInstanceOf(SignInRefusedError);
    const victim = await db.dataSource.manager.findOneByOrFail(UserEntity, { email: 'victim@example.com' });
    expect(victim.authSubject).toBeNull();
  });

  test('a user already linked to another subject is never taken over by email', async () => {
    await insertUser({ email: 'linked@example.com', authIssuer: ISSUER, authSubject: 'the-owner' });
    await expect(
      signInUser(ctx, identity({ subject: 'someone-else', email: 'linked@example.com' }), options),
    ).rejects.toBeInstanceOf(SignInRefusedError);
  });

  test('an unverified new email still signs up (as a customer)', async () => {
    const user = await signInUser(
      ctx,
      identity({ subject: 'unverified-new', email: 'fresh-unverified@example.com', emailVerified: false }),
      options,
    );
    expect(user.role).toBe('customer');
  });

  test('no email and no known subject: refused', async () => {
    await expect(signInUser(ctx, identity({ subject: 'no-email' }), options)).rejects.toBeInstanceOf(
      SignInRefusedError,
    );
  });

  test('later sign-ins fill names the shopper has not set, never overwrite theirs; the picture follows the claims', async () => {
    const first = await signInUser(
      ctx,
      identity({ subject: 'namer', email: 'namer@example.com', firstName: 'Old' }),
      options,
    );
    const unchanged = await signInUser(
      ctx,
      identity({ subject: 'namer', email: 'namer@example.com', firstName: '  ' }),
      options,
    );
    expect(unchanged).toMatchObject({
      id: first.id,
      firstName: 'Old',
      lastName: null,
      profileImageUrl: null,
    });

    // The shopper edits their name in the profile; the provider still says something else.
    await ctx.db.query(`UPDATE users SET first_name = 'Chosen', last_name = 'Byme' WHERE id = $1`, [
      first.id,
    ]);
    const again = await signInUser(
      ctx,
      identity({
        subject: 'namer',
        email: 'namer@example.com',
        firstName: 'Provider',
        lastName: 'Says',
        picture: 'https://img.example/n.png',
      }),
      options,
    );
    expect(again).toMatchObject({
      id: first.id,
      firstName: 'Chosen',
      lastName: 'Byme',
      profileImageUrl: 'https://img.example/n.png',
    });

    // A name the shopper never set is filled from the claims.
    await ctx.db.query(`UPDATE users SET last_name = NULL WHERE id = $1`, [first.id]);
    const filled = await signInUser(
      ctx,
      identity({ subject: 'namer', email: 'namer@example.com', firstName: 'Provider', lastName: 'Says' }),
      options,
    );
    expect(filled).toMatchObject({ firstName: 'Chosen', lastName: 'Says' });
  });

  test('ADMIN_EMAILS makes a verified email admin, at creation and at a later sign-in', async () => {
    const created = await signInUser(
      ctx,
      identity({ subject: 'chief', email: 'Chief@example.com' }),
      options,
    );
    expect(created.role).toBe('admin');
    await insertUser({
      email: 'later-admin@example.com',
      authIssuer: ISSUER,
      authSubject: 'later',
      role: 'customer',
    });
    const promoted = await signInUser(ctx, identity({ subject: 'later', email: 'later-admin@example.com' }), {
      adminEmails: ['later-admin@example.com'],
    });
    expect(promoted.role).toBe('admin');
  });

  test('ADMIN_EMAILS ignores an unverified email', async () => {
    const user = await signInUser(
      ctx,
      identity({ subject: 'not-chief', email: 'chief-unverified@example.com', emailVerified: false }),
      { adminEmails: ['chief-unverified@example.com'] },
    );
    expect(user.role).toBe('customer');
  });

  test('simultaneous first sign-ins of one person make one user', async () => {
    const claims = identity({ subject: 'racer', email: 'racer@example.com' });
    const users = await Promise.all(Array.from({ length: 5 }, () => signInUser(ctx, claims, options)));
    expect(new Set(users.map((user) => user.id)).size).toBe(1);
    expect(await db.dataSource.manager.countBy(UserEntity, { email: 'racer@example.com' })).toBe(1);
  });
});

describe('an identity is issuer + subject, one provider per account', () => {
  test('the same subject at another provider is another person, never the first one', async () => {
    const owner = await insertUser({
      email: 'owner-a@example.com',
      authIssuer: ISSUER,
      authSubject: 'shared-sub',
      role: 'admin',
    });
    const stranger = await signInUser(
      ctx,
      identity({ issuer: OTHER_ISSUER, subject: 'shared-sub', email: 'stranger@example.com' }),
      options,
    );
    expect(stranger.id).not.toBe(owner.id);
    expect(stranger).toMatchObject({
      role: 'customer',
      authIssuer: OTHER_ISSUER,
      authSubject: 'shared-sub',
    });
    // Both sign in again as themselves.
    expect((await signInUser(ctx, identity({ subject: 'shared-sub' }), options)).id).toBe(owner.id);
    expect(
      (await signInUser(ctx, identity({ issuer: OTHER_ISSUER, subject: 'shared-sub' }), options)).id,
    ).toBe(stranger.id);
  });

  test('a verified email at another provider does not link an account that signs in elsewhere', async () => {
    const owner = await insertUser({
      email: 'one-provider@example.com',
      authIssuer: ISSUER,
      authSubject: 'op',
    });
    const attempt = signInUser(
      ctx,
      identity({ issuer: OTHER_ISSUER, subject: 'op-elsewhere', email: 'one-provider@example.com' }),
      options,
    );
    await expect(attempt).rejects.toBeInstanceOf(SignInRefusedError);
    await expect(attempt).rejects.toThrow(/another provider/);
    expect(await db.dataSource.manager.findOneByOrFail(UserEntity, { id: owner.id })).toMatchObject({
      authIssuer: ISSUER,
      authSubject: 'op',
    });
    expect(await db.dataSource.manager.countBy(UserEntity, { authSubject: 'op-elsewhere' })).toBe(0);
  });

  test('a user linked before issuers were recorded is found by subject, and the issuer is stored', async () => {
    const legacy = await insertUser({
      email: 'legacy@example.com',
      authSubject: 'legacy-sub',
      role: 'sales_manager',
    });
    const user = await signInUser(
      ctx,
      identity({ subject: 'legacy-sub', email: 'legacy-now@example.com' }),
      options,
    );
    expect(user).toMatchObject({
      id: legacy.id,
      email: 'legacy@example.com',
      role: 'sales_manager',
      authIssuer: ISSUER,
      authSubject: 'legacy-sub',
    });
    // From now on it is that provider's: the same subject elsewhere is someone else.
    const other = await signInUser(
      ctx,
      identity({ issuer: OTHER_ISSUER, subject: 'legacy-sub', email: 'legacy-other@example.com' }),
      options,
    );
    expect(other.id).not.toBe(legacy.id);
  });

  test('an email another account uses, unverified or linked elsewhere, refuses a new account', async () => {
    await insertUser({ email: 'taken@example.com', authIssuer: ISSUER, authSubject: 'taken' });
    for (const claims of [
      identity({ subject: 'new-unverified', email: 'taken@example.com', emailVerified: false }),
      identity({ issuer: OTHER_ISSUER, subject: 'new-verified', email: 'TAKEN@example.com' }),
    ]) {
      await expect(signInUser(ctx, claims, options)).rejects.toBeInstanceOf(SignInRefusedError);
    }
    expect(await db.dataSource.manager.countBy(UserEntity, { email: 'taken@example.com' })).toBe(1);
  });

  test('a profile email change: the old address is someone else’s now, the new one links nobody', async () => {
    const shopper = await signInUser(
      ctx,
      identity({ subject: 'mover', email: 'mover@example.com' }),
      options,
    );
    // The shopper changes their email in the profile (as PATCH /api/user/profile does).
    await ctx.db.query(`UPDATE users SET email = 'mover-new@example.com' WHERE id = $1`, [shopper.id]);

    // Another person whose provider verified the old address gets their own account.
    const newcomer = await signInUser(
      ctx,
      identity({ subject: 'newcomer', email: 'mover@example.com' }),
      options,
    );
    expect(newcomer.id).not.toBe(shopper.id);
    // Whoever the provider verifies for the new address is refused, not let into the shopper's account.
    await expect(
      signInUser(ctx, identity({ subject: 'claims-new', email: 'mover-new@example.com' }), options),
    ).rejects.toBeInstanceOf(SignInRefusedError);
    // The shopper is still themselves, whatever email the provider says.
    const again = await signInUser(ctx, identity({ subject: 'mover', email: 'mover@example.com' }), options);
    expect(again).toMatchObject({ id: shopper.id, email: 'mover-new@example.com' });
  });
});
