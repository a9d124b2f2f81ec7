/**
 * Who a successful sign-in is (docs/architecture.md §3 "Who a sign-in is"). An identity is the
 * provider's issuer plus its subject — a `sub` is unique only at its own issuer — and an account
 * has at most one (one provider per account):
 * 1. the user linked to this issuer and subject;
 * 2. else a user linked to this subject before issuers were recorded (no issuer stored): it is the
 *    same provider's, as the shop has one provider at a time; the issuer is stored now;
 * 3. else, when the provider vouches for the email (`email_verified`), the user with that email
 *    and no identity yet — e.g. one an admin created before the first sign-in — who is claimed (the
 *    identity is stored). A user linked to another identity, at this provider or another, is never
 *    taken over: the sign-in is refused;
 * 4. else a new user: email, names and picture from the claims, role `customer`. When the email
 *    already belongs to someone (the provider does not vouch for it, or that account is linked
 *    elsewhere), the sign-in is refused: emails are unique.
 * The stored email plays no part once linked: a shopper who changes theirs in the profile is still
 * found by their identity, and an email typed into a profile never reaches another account.
 * An email in ADMIN_EMAILS makes the user admin at every sign-in, but only when the provider
 * verified it (an unverified email, or one typed into the profile, proves nothing). Later sign-ins
 * fill in names the user has not set (a name edited in the profile is theirs and survives) and
 * refresh the picture when the claims carry one; the email is the user's to change in their
 * profile, so it is not overwritten.
 */
import { authChanged } from './auth-cache';
import { shownPictureUrl } from '@shop/schema';
import { UserEntity } from '@shop/db';
import type { EntityManager } from 'typeorm';
import type { ServiceContext } from '../../context';
import { DomainError } from '../../errors';
import { isUniqueViolation } from '../../sql/pg-errors';
import { auditSignIn } from '../audit';

/** What the identity provider told us, already read out of the ID token and userinfo. */
export interface VerifiedIdentity {
  /** The provider's issuer identifier (the ID token's `iss`), or the development provider's name. */
  issuer: string;
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
const MAX_ISSUER = 2048;

const clean = (value: string | undefined, max: number) => {
  const trimmed = value?.trim();
  return trimmed ? trimmed.slice(0, max) : undefined;
};

export async function signInUser(
  ctx: ServiceContext,
  identity: VerifiedIdentity,
  options: { adminEmails: readonly string[] },
): Promise<UserEntity> {
  if (!identity.subject || identity.subject.length > MAX_SUBJECT) {
    throw new SignInRefusedError('The provider sent no usable subject');
  }
  if (!identity.issuer || identity.issuer.length > MAX_ISSUER) {
    throw new SignInRefusedError('The provider has no usable issuer identifier');
  }
  const email = clean(identity.email, MAX_EMAIL)?.toLowerCase();
  const isAdminEmail = Boolean(email && identity.emailVerified && options.adminEmails.includes(email));

  // Two first sign-ins of one person at once: the loser of the insert race finds the winner's row.
  for (let attempt = 0; ; attempt++) {
    try {
      return await ctx.db.transaction((tx) =>
        auditSignIn(tx, ctx, { issuer: identity.issuer, subject: identity.subject, email }, () =>
          findOrCreate(tx, identity, email, isAdminEmail),
        ),
      );
    } catch (error) {
      if (attempt === 0 && isUniqueViolation(error)) continue;
      if (isUniqueViolation(error)) {
        throw new SignInRefusedError(
          'Another account already uses this email, and it cannot be linked to this sign-in ' +
            '(the provider did not verify the email, or that account signs in another way)',
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

  let user = await tx.findOne(UserEntity, {
    where: { authIssuer: identity.issuer, authSubject: identity.subject },
  });

  if (!user) {
    const legacy = await tx
      .createQueryBuilder(UserEntity, 'u')
      .where('u.auth_issuer IS NULL AND u.auth_subject = :subject', { subject: identity.subject })
      .setLock('pessimistic_write')
      .getOne();
    if (legacy) {
      legacy.authIssuer = identity.issuer;
      user = legacy;
    }
  }

  if (!user && email && identity.emailVerified) {
    const byEmail = await tx
      .createQueryBuilder(UserEntity, 'u')
      .where('lower(u.email) = :email', { email })
      .setLock('pessimistic_write')
      .getOne();
    if (byEmail?.authSubject) {
      // The same identity can appear here when a simultaneous first sign-in committed while we waited.
      const same = byEmail.authIssuer === identity.issuer && byEmail.authSubject === identity.subject;
      if (!same) {
        throw new SignInRefusedError(
          byEmail.authIssuer === identity.issuer
            ? `The user with email ${email} is linked to another account at this provider`
            : `The user with email ${email} signs in through another provider (one provider per account)`,
        );
      }
    }
    if (byEmail) {
      byEmail.authIssuer = identity.issuer;
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
        authIssuer: identity.issuer,
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
  // Its other sessions (on any api instance) see the new role and picture at once.
  authChanged(tx, [user.id]);
  return tx.save(user);
}
