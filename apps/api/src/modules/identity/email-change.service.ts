/**
 * Email changes verified (issue 32; docs/security.md "Email changes verified"). A new email typed
 * into the profile does not replace `users.email`: it waits in `email_changes` with the SHA-256 of
 * a one-time token, and a link carrying the token goes to the new address through the shop's mail
 * (the outbox without SMTP_URL). Only when the user who asked opens it, signed in, within
 * EMAIL_CHANGE_HOURS, does the address become theirs. Until then sign-in linking, ADMIN_EMAILS and
 * order emails all use the old one, since they read `users.email`.
 *
 * Locks: the user's row first, then their change rows, in both the request (inside the profile
 * save) and the confirmation, so the two never deadlock, two saves run one after the other (the
 * later one's link replaces the earlier), and a link opened twice at once is confirmed once.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import { EmailChangeEntity, UserEntity } from '@shop/db';
import {
  CONFIRM_EMAIL_PARAM,
  EMAIL_CHANGE_HOURS,
  EMAIL_CHANGE_MESSAGES,
  PROFILE_MESSAGES,
  type PendingEmailDto,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { ConflictError, DomainError, ForbiddenError, UnauthorizedError } from '../../errors';
import { authChanged } from './auth-cache';
import {
  deliverEmailChange,
  emailChangeMessage,
  recordEmailChange,
  type EmailChangeMessage,
  type Mailer,
} from '../mail';

/** How the confirmation link is sent and where it points; absent (service tests): the outbox, localhost. */
export interface EmailChangeMail {
  mailer: Mailer;
  /** The shop's origin the link opens, e.g. PUBLIC_URL's. */
  origin: string;
}

const OUTBOX_ONLY = { transport: 'outbox' } as const;
const DEFAULT_ORIGIN = 'http://localhost:3000';

type Ctx = ServiceContext & { user: CurrentUser };

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** What to send after the profile save commits (SMTP only; the outbox row is written in it). */
export interface PendingDelivery {
  rowId: string;
  message: EmailChangeMessage;
}

/**
 * Inside the profile save's transaction, with the user's row locked: the open change (if any) is
 * replaced, and, unless `email` is the current one (which just cancels it), a new one is stored and
 * its message recorded. The address must be free now (409 'Email already in use'); it is checked
 * again at confirmation.
 */
export async function requestEmailChange(
  tx: EntityManager,
  user: UserEntity,
  email: string,
  mail: EmailChangeMail | undefined,
): Promise<PendingDelivery | null> {
  await tx.query(
    `UPDATE email_changes SET replaced_at = now()
      WHERE user_id = $1 AND confirmed_at IS NULL AND replaced_at IS NULL`,
    [user.id],
  );
  if (email === user.email.toLowerCase()) return null;
  await assertFree(tx, email, user.id);

  const token = randomBytes(32).toString('base64url');
  await tx.insert(EmailChangeEntity, {
    userId: user.id,
    newEmail: email,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + EMAIL_CHANGE_HOURS * 3600_000),
  });
  const link = `${mail?.origin ?? DEFAULT_ORIGIN}/profile?${CONFIRM_EMAIL_PARAM}=${token}`;
  const [settings]: { shop_name: string }[] = await tx.query(`SELECT shop_name FROM shop_settings LIMIT 1`);
  const message = emailChangeMessage(email, link, settings?.shop_name ?? 'FreshCart');
  const rowId = await recordEmailChange(tx, mail?.mailer ?? OUTBOX_ONLY, message, link);
  return mail?.mailer.transport === 'smtp' ? { rowId, message } : null;
}

/** After the commit: hands an SMTP message to the mail server (the outbox needs nothing more). */
export async function deliverAfterCommit(
  ctx: ServiceContext,
  mail: EmailChangeMail | undefined,
  delivery: PendingDelivery | null,
): Promise<void> {
  if (!delivery || !mail) return;
  try {
    await deliverEmailChange(ctx.db, mail.mailer, delivery.rowId, delivery.message);
  } catch (err) {
    // The change waits; saving the email again sends a new link. The outbox row shows it unsent.
    ctx.log.warn({ err }, 'email change: the confirmation email could not be sent');
  }
}

/** The open change of `userId`, if any and not expired. */
export async function pendingEmail(db: EntityManager, userId: string): Promise<PendingEmailDto> {
  const [row]: { new_email: string; expires_at: Date }[] = await db.query(
    `SELECT new_email, expires_at FROM email_changes
      WHERE user_id = $1 AND confirmed_at IS NULL AND replaced_at IS NULL AND expires_at > now()
      ORDER BY created_at DESC LIMIT 1`,
    [userId],
  );
  return row ? { email: row.new_email, expiresAt: new Date(row.expires_at).toISOString() } : null;
}

/**
 * Opens the link: the change becomes the caller's email, once. Another account's link answers
 * FORBIDDEN, one never made NOT_FOUND, and a used, replaced or expired one CONFLICT, each with a
 * message saying which; an address taken meanwhile CONFLICT 'Email already in use'.
 */
export async function confirmEmailChange(ctx: Ctx, token: string): Promise<UserEntity> {
  try {
    return await confirmInTransaction(ctx, token);
  } catch (error) {
    // Two accounts confirming one address at the same moment: the unique index decides.
    if (isUniqueViolation(error)) throw new ConflictError(PROFILE_MESSAGES.emailTaken);
    throw error;
  }
}

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown })?.code === '23505' ||
  (error as { driverError?: { code?: unknown } })?.driverError?.code === '23505';

async function confirmInTransaction(ctx: Ctx, token: string): Promise<UserEntity> {
  return ctx.db.transaction(async (tx) => {
    const user = await tx.findOne(UserEntity, {
      where: { id: ctx.user.id },
      lock: { mode: 'pessimistic_write' },
    });
    if (!user) throw new UnauthorizedError();
    const change = await tx.findOne(EmailChangeEntity, {
      where: { tokenHash: hashToken(token) },
      lock: { mode: 'pessimistic_write' },
    });
    if (!change) throw new DomainError('NOT_FOUND', EMAIL_CHANGE_MESSAGES.invalid);
    if (change.userId !== user.id) throw new ForbiddenError(EMAIL_CHANGE_MESSAGES.otherUser);
    if (change.confirmedAt) throw new ConflictError(EMAIL_CHANGE_MESSAGES.used);
    if (change.replacedAt) throw new ConflictError(EMAIL_CHANGE_MESSAGES.replaced);
    if (change.expiresAt.getTime() <= Date.now()) throw new ConflictError(EMAIL_CHANGE_MESSAGES.expired);
    await assertFree(tx, change.newEmail, user.id);

    user.email = change.newEmail;
    change.confirmedAt = new Date();
    await tx.save(change);
    authChanged(tx, [user.id]);
    return tx.save(user);
  });
}

async function assertFree(tx: EntityManager, email: string, userId: string) {
  const [taken] = await tx.query('SELECT 1 FROM users WHERE lower(email) = $1 AND id <> $2 LIMIT 1', [
    email,
    userId,
  ]);
  if (taken) throw new ConflictError(PROFILE_MESSAGES.emailTaken);
}
