/**
 * Email changes verified (issue 32; docs/security.md "Email changes verified"), on a real database
 * in both modes: a new profile email waits for the link sent to it, which works once, for the user
 * who asked, before it expires; until then sign-in, ADMIN_EMAILS and order emails use the old one.
 * The audit's email squat: the real owner of an address a shopper typed still signs in.
 */
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DataSource } from 'typeorm';
import { createTestDatabase, type TestDatabase } from '@shop/db/testing';
import { UserEntity } from '@shop/db';
import { CONFIRM_EMAIL_PARAM, EMAIL_CHANGE_MESSAGES } from '@shop/schema';
import {
  callerFor,
  cardOrder,
  contextFor,
  failure,
  makeProduct,
  makeUser,
  uniqueEmail,
} from '../../test/order-fixtures';
import { signInUser, SignInRefusedError } from './users-at-sign-in.service';
import type { Mailer } from '../mail';
import { sendOrderEmail } from '../../test/mail';

let db: TestDatabase;
let ds: DataSource;

beforeAll(async () => {
  db = await createTestDatabase({ poolSize: 6 });
  ds = db.dataSource;
});
afterAll(async () => {
  await db?.drop();
});

/** The token of the newest confirmation link sent to `email`, read from the outbox as its owner would. */
async function linkTokenFor(email: string): Promise<string> {
  const [row]: { text: string }[] = await ds.query(
    `SELECT text FROM sent_emails WHERE kind = 'email_change' AND recipient = $1 ORDER BY claimed_at DESC, id DESC LIMIT 1`,
    [email],
  );
  const match = new RegExp(`/profile\\?${CONFIRM_EMAIL_PARAM}=([A-Za-z0-9_-]+)`).exec(row?.text ?? '');
  if (!match) throw new Error(`no confirmation link for ${email}`);
  return match[1]!;
}

const storedEmail = async (id: string) => (await ds.manager.findOneByOrFail(UserEntity, { id })).email;
const ISSUER = 'https://id.example.com';

describe('a profile email change', () => {
  it('waits for its link; the link works once, then says it was used', async () => {
    const user = await makeUser(ds);
    const email = uniqueEmail('new');
    const caller = callerFor(ds, user);
    const answer = await caller.profile.update({ email: email.toUpperCase(), firstName: 'Jo' });
    expect(answer).toMatchObject({ email: user.email, firstName: 'Jo', pendingEmail: email });
    expect(await storedEmail(user.id)).toBe(user.email);
    expect(await caller.profile.pendingEmail()).toMatchObject({ email });

    // Never the raw token in the database: only its hash.
    const token = await linkTokenFor(email);
    const [stored] = await ds.query(`SELECT token_hash FROM email_changes WHERE user_id = $1`, [user.id]);
    expect(stored.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(stored)).not.toContain(token);

    expect(await caller.profile.confirmEmail({ token })).toMatchObject({ id: user.id, email });
    expect(await storedEmail(user.id)).toBe(email);
    expect(await caller.profile.pendingEmail()).toBeNull();
    expect(await failure(caller.profile.confirmEmail({ token }))).toMatchObject({
      code: 'CONFLICT',
      message: EMAIL_CHANGE_MESSAGES.used,
    });
  });

  it('is refused for another user, expires, and a newer change replaces it', async () => {
    const user = await makeUser(ds);
    const other = await makeUser(ds);
    const first = uniqueEmail('first');
    await callerFor(ds, user).profile.update({ email: first });
    const firstToken = await linkTokenFor(first);

    expect(await failure(callerFor(ds, other).profile.confirmEmail({ token: firstToken }))).toMatchObject({
      code: 'FORBIDDEN',
      message: EMAIL_CHANGE_MESSAGES.otherUser,
    });
    expect(await failure(callerFor(ds, null).profile.confirmEmail({ token: firstToken }))).toMatchObject({
      code: 'UNAUTHORIZED',
    });
    expect(await storedEmail(other.id)).toBe(other.email);

    const second = uniqueEmail('second');
    await callerFor(ds, user).profile.update({ email: second });
    expect(await failure(callerFor(ds, user).profile.confirmEmail({ token: firstToken }))).toMatchObject({
      code: 'CONFLICT',
      message: EMAIL_CHANGE_MESSAGES.replaced,
    });

    await ds.query(`UPDATE email_changes SET expires_at = now() - interval '1 minute' WHERE new_email = $1`, [
      second,
    ]);
    expect(
      await failure(callerFor(ds, user).profile.confirmEmail({ token: await linkTokenFor(second) })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: EMAIL_CHANGE_MESSAGES.expired,
    });
    expect(await callerFor(ds, user).profile.pendingEmail()).toBeNull();
    expect(await storedEmail(user.id)).toBe(user.email);
  });

  it('answers 404 to a token never sent and 400 to one that is not a token', async () => {
    const user = await makeUser(ds);
    expect(await failure(callerFor(ds, user).profile.confirmEmail({ token: 'A'.repeat(43) }))).toMatchObject({
      code: 'NOT_FOUND',
      message: EMAIL_CHANGE_MESSAGES.invalid,
    });
    const bad = await failure(callerFor(ds, user).profile.confirmEmail({ token: 'not a token!' }));
    expect(bad.code).toBe('BAD_REQUEST');
    expect(bad.issues?.map((issue) => issue.path)).toContain('token');
  });

  it('saving one’s own email again cancels the waiting change; a taken address is refused at once', async () => {
    const user = await makeUser(ds);
    const caller = callerFor(ds, user);
    await caller.profile.update({ email: uniqueEmail('maybe') });
    expect(await caller.profile.update({ email: user.email })).toMatchObject({ pendingEmail: null });
    expect(await caller.profile.pendingEmail()).toBeNull();
    const taken = await makeUser(ds);
    expect(await failure(caller.profile.update({ email: taken.email.toUpperCase() }))).toMatchObject({
      code: 'CONFLICT',
      message: 'Email already in use',
    });
  });

  it('an address taken after the link was sent is refused at confirmation', async () => {
    const user = await makeUser(ds);
    const email = uniqueEmail('late');
    await callerFor(ds, user).profile.update({ email });
    await makeUser(ds, 'customer', { email });
    expect(
      await failure(callerFor(ds, user).profile.confirmEmail({ token: await linkTokenFor(email) })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: 'Email already in use',
    });
    expect(await storedEmail(user.id)).toBe(user.email);
  });
});

describe('at the same moment', () => {
  it('two saves of one user: both answer, and only the later link works', async () => {
    const user = await makeUser(ds);
    const emails = [uniqueEmail('one'), uniqueEmail('two')];
    const results = await Promise.all(emails.map((email) => callerFor(ds, user).profile.update({ email })));
    for (const result of results) expect(result.email).toBe(user.email);
    const open = await ds.query(
      `SELECT new_email FROM email_changes WHERE user_id = $1 AND confirmed_at IS NULL AND replaced_at IS NULL`,
      [user.id],
    );
    expect(open).toHaveLength(1);
    const loser = emails.find((email) => email !== open[0].new_email)!;
    expect(
      await failure(callerFor(ds, user).profile.confirmEmail({ token: await linkTokenFor(loser) })),
    ).toMatchObject({
      code: 'CONFLICT',
      message: EMAIL_CHANGE_MESSAGES.replaced,
    });
    await callerFor(ds, user).profile.confirmEmail({ token: await linkTokenFor(open[0].new_email) });
    expect(await storedEmail(user.id)).toBe(open[0].new_email);
  });

  it('one link opened twice: one confirms, the other hears it was used', async () => {
    const user = await makeUser(ds);
    const email = uniqueEmail('twice');
    await callerFor(ds, user).profile.update({ email });
    const token = await linkTokenFor(email);
    const results = await Promise.allSettled(
      [1, 2].map(() => callerFor(ds, user).profile.confirmEmail({ token })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(await failure(Promise.reject(rejected.reason))).toMatchObject({
      code: 'CONFLICT',
      message: EMAIL_CHANGE_MESSAGES.used,
    });
    expect(await storedEmail(user.id)).toBe(email);
  });

  it('two users confirming one address: one gets it, the other 409 "Email already in use"', async () => {
    const email = uniqueEmail('contested');
    const users = await Promise.all([makeUser(ds), makeUser(ds)]);
    const tokens: string[] = [];
    for (const user of users) {
      await callerFor(ds, user).profile.update({ email });
      tokens.push(await linkTokenFor(email));
    }
    const results = await Promise.allSettled(
      users.map((user, i) => callerFor(ds, user).profile.confirmEmail({ token: tokens[i]! })),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    const rejected = results.find((r) => r.status === 'rejected') as PromiseRejectedResult;
    expect(await failure(Promise.reject(rejected.reason))).toMatchObject({
      code: 'CONFLICT',
      message: 'Email already in use',
    });
    expect(await ds.manager.countBy(UserEntity, { email })).toBe(1);
  });
});

describe('the audit’s email squat', () => {
  it('the real owner still signs in, and an ADMIN_EMAILS address typed by a shopper makes nobody admin', async () => {
    const squatter = await makeUser(ds);
    const victim = uniqueEmail('owner');
    const chief = uniqueEmail('chief');
    await callerFor(ds, squatter).profile.update({ email: victim });
    await callerFor(ds, squatter).profile.update({ email: chief });

    const ctx = contextFor(ds, null);
    const owner = await signInUser(
      ctx,
      { issuer: ISSUER, subject: `owner-${victim}`, email: victim, emailVerified: true },
      { adminEmails: [chief] },
    );
    expect(owner.id).not.toBe(squatter.id);
    expect(owner).toMatchObject({ email: victim, role: 'customer' });

    const admin = await signInUser(
      ctx,
      { issuer: ISSUER, subject: `chief-${chief}`, email: chief, emailVerified: true },
      { adminEmails: [chief] },
    );
    expect(admin).toMatchObject({ email: chief, role: 'admin' });
    expect(admin.id).not.toBe(squatter.id);
    expect(await ds.manager.findOneByOrFail(UserEntity, { id: squatter.id })).toMatchObject({
      email: squatter.email,
      role: 'customer',
    });
    // The squatter's link, if they ever saw it, is now for a taken address.
    expect(
      await failure(callerFor(ds, squatter).profile.confirmEmail({ token: await linkTokenFor(chief) })),
    ).toMatchObject({ code: 'CONFLICT', message: 'Email already in use' });
    // And sign-in still refuses to link an address already someone's to a new identity.
    await expect(
      signInUser(
        ctx,
        { issuer: ISSUER, subject: 'someone-else', email: victim, emailVerified: false },
        {
          adminEmails: [],
        },
      ),
    ).rejects.toBeInstanceOf(SignInRefusedError);
  });

  it('order emails go to the old address until the new one is confirmed', async () => {
    const user = await makeUser(ds);
    const email = uniqueEmail('orders-new');
    await callerFor(ds, user).profile.update({ email });
    const product = await makeProduct(ds, { price: '3.00', stock: 10 });
    const mailer: Mailer = {
      transporter: nodemailer.createTransport({ jsonTransport: true }),
      transport: 'outbox',
      from: 'shop@example.com',
      domain: 'freshcart.test',
    };
    const recipientOf = async (orderId: string) =>
      (
        (await ds.query(`SELECT recipient FROM sent_emails WHERE order_id = $1`, [orderId])) as {
          recipient: string;
        }[]
      )[0]?.recipient;

    const before = await callerFor(ds, user).orders.create(cardOrder([product]));
    expect(await sendOrderEmail(ds, mailer, { orderId: before.id, kind: 'confirmation' })).toBe('sent');
    expect(await recipientOf(before.id)).toBe(user.email);

    await callerFor(ds, user).profile.confirmEmail({ token: await linkTokenFor(email) });
    const after = await callerFor(ds, user).orders.create(cardOrder([product]));
    expect(await sendOrderEmail(ds, mailer, { orderId: after.id, kind: 'confirmation' })).toBe('sent');
    expect(await recipientOf(after.id)).toBe(email);
  });
});
