/**
 * Who a successful sign-in is (docs/architecture.md §3 "Roles from configuration"):
 * 1. the user whose `auth_subject` is the provider's subject;
 * 2. else, when the provider vouches for the email (`email_verified`), the user with that email
 *    and no subject yet — e.g. one an admin created before the first sign-in — who is claimed (the
 *    subject is stored). A user already linked to another subject is never taken over;
 * 3. else a new user: email, names and picture from the claims, role `customer`.
 * An email in ADMIN_EMAILS makes the user admin at every sign-in, but only when verified (an
 * unverified email proves nothing). Later sign-ins fill in names the user has not set (a name
 * edited in the profile is theirs and survives) and refresh the picture when the claims carry
 * one; the email is the user's to change in their profile, so it is not overwritten.
 */
import { shownPictureUrl } from '@shop/schema';
import { UserEntity } from '@shop/db';
import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '../../context';
import { DomainError } from '../../errors';
import { auditSignIn } from '../audit/sign-in-audit';

/** What the identity provider told us, already read out of the ID token and userinfo. */
export interface VerifiedIdentity {
  subject: string;
  email?: string;
  emailVerified: boolean;
  firstName?: string;
  lastName?: string;
  picture?: string;
}

/** The sign-in cannot be mapped to a user safely; the message is for the log, not the visitor. */
export class SignInRefusedError extends DomainError {
  constructor(message: string) {
    super('FORBIDDEN', message);
  }
}

const MAX_NAME = 100;
const MAX_EMAIL = 320;
const MAX_SUBJECT = 255;

const clean = (value: string | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

const isUniqueViolation = (error: unknown) =>
  (error as { code?: unknown; driverError?: { code?: unknown } })?.code === '23505' ||
  (error as { driverError?: { code?: unknown } })?.driverError?.code === '23505';

export async function signInUser(
  ctx: ServiceContext,
  identity: VerifiedIdentity,
  options: { adminEmails: readonly string[] },
): Promise<UserEntity> {
  if (!identity.subject || identity.subject.length > MAX_SUBJECT) {
    throw new SignInRefusedError('The provider sent no usable subject');
  }
  const email = clean(identity.email, MAX_EMAIL)?.toLowerCase();
  const isAdminEmail = Boolean(email && identity.emailVerified && options.adminEmails.includes(email));

  // Two first sign-ins of one person at once: the loser of the insert race finds the winner's row.
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction((tx) =>
        auditSignIn(tx, ctx, { subject: identity.subject, email }, () =>
          findOrCreate(tx, identity, email, isAdminEmail),
        ),
      );
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error)) continue;
      if (isUniqueViolation(error)) {
        throw new SignInRefusedError(
          'Another account already uses this email (not verified by the provider)',
        );
      }
      throw error;
    }
  }
}

async function findOrCreate(
  tx: EntityManager,
  identity: VerifiedIdentity,
  email: string | undefined,
  isAdminEmail: boolean,
): Promise<UserEntity> {
  const firstName = clean(identity.firstName, MAX_NAME);
  const lastName = clean(identity.lastName, MAX_NAME);
  // A picture that fails the picture rule (docs/architecture.md §4 "Pictures") is as if none came.
  const picture = shownPictureUrl(clean(identity.picture, 2048)) ?? undefined;

  let user = await tx.findOne(UserEntity, { where: { authSubject: identity.subject } });

  if (!user && email && identity.emailVerified) {
    const byEmail = await tx
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = :email', { email })
      .setLock('pessimistic_write')
      .getOne();
    // The same subject can appear here when a simultaneous first sign-in committed while we waited.
    if (byEmail?.authSubject && byEmail.authSubject !== identity.subject) {
      throw new SignInRefusedError(`The user with email ${email} is linked to another sign-in account`);
    }
    if (byEmail) {
      byEmail.authSubject = identity.subject;
      user = byEmail;
    }
  }

  if (!user) {
    if (!email) throw new SignInRefusedError('The provider sent no email address');
    return tx.save(
      tx.create(UserEntity, {
        email,
        firstName: firstName ?? null,
        lastName: lastName ?? null,
        profileImageUrl: picture ?? null,
        role: isAdminEmail ? 'admin' : 'customer',
        authSubject: identity.subject,
      }),
    );
  }

  // The names are the shopper's once set (they may edit them in their profile): the claims only
  // fill what is still empty. The picture cannot be edited here, so it follows the provider.
  if (firstName && !user.firstName) user.firstName = firstName;
  if (lastName && !user.lastName) user.lastName = lastName;
  if (picture) user.profileImageUrl = picture;
  if (isAdminEmail) user.role = 'admin';
  return tx.save(user);
}
