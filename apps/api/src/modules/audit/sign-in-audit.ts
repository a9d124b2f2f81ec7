/**
 * The audit events of signing in and out (docs/architecture.md §4 "Audit log"):
 * - 'auth.sign_in', with 'user.created' for a first sign-in and 'user.promoted_by_admin_emails'
 *   when ADMIN_EMAILS made the user admin, in the sign-in's own transaction (`auditSignIn`);
 * - 'auth.sign_in_failed' with the reason, and 'auth.sign_out', written on their own and never in
 *   the way of the answer (a failed write is logged).
 * Never recorded: the callback's `code` and `state`, the ID token, cookies — only what happened.
 */
import type { FastifyRequest } from 'fastify';
import type { DataSource, EntityManager } from 'typeorm';
import { ADMIN_ROLE } from '@shop/schema';
import type { ServiceContext } from '../../context';
import { DomainError } from '../../errors';
import { recordAudit } from './audit.service';
import { requestInfoOf } from './request-info';

/**
 * Runs `signIn` (the sign-in's find-or-create, inside transaction `tx`) and records what it did. The
 * users the sign-in may pick (by identity, or by email) are read first, so the event knows whether
 * the user is new, was linked to the identity now, or had another role before.
 */
export async function auditSignIn<U extends { id: string; email: string; role: string }>(
  tx: EntityManager,
  ctx: Pick<ServiceContext, 'requestInfo'>,
  lookup: { issuer: string; subject: string; email?: string },
  signIn: () => Promise<U>,
): Promise<U> {
  const candidates: { id: string; role: string; linked: boolean }[] = await tx.query(
    `SELECT id, role, auth_subject IS NOT NULL AS linked FROM users
     WHERE (auth_subject = $1 AND (auth_issuer = $3 OR auth_issuer IS NULL))
        OR ($2::text IS NOT NULL AND lower(email) = $2::text)`,
    [lookup.subject, lookup.email ?? null, lookup.issuer],
  );
  const user = await signIn();
  const before = candidates.find((candidate) => candidate.id === user.id);
  const actor = { id: user.id, email: user.email };
  const target = { type: 'user' as const, id: user.id, label: user.email };
  const audit = { requestInfo: ctx.requestInfo, user: null };
  if (!before) {
    await recordAudit(tx, audit, {
      action: 'user.created',
      actor,
      target,
      details: { via: 'sign_in', role: user.role },
    });
  }
  if (user.role === ADMIN_ROLE && before?.role !== ADMIN_ROLE) {
    await recordAudit(tx, audit, {
      action: 'user.promoted_by_admin_emails',
      actor: null,
      target,
      details: { changes: { role: { from: before?.role ?? null, to: ADMIN_ROLE } } },
    });
  }
  await recordAudit(tx, audit, {
    action: 'auth.sign_in',
    actor,
    target,
    details: before && !before.linked ? { linkedToIdentity: true } : {},
  });
  return user;
}

/** Why a sign-in failed, as the audit log names it. */
export type SignInFailure =
  /** The callback came without a sign-in this browser started (forged, replayed or expired). */
  | 'no_pending_sign_in'
  /** The provider's answer did not check out (code, state, nonce, PKCE) or could not be fetched. */
  | 'provider_exchange'
  /** The identity could not be mapped to a user safely (users-at-sign-in.service.ts). */
  | 'refused';

/**
 * 'auth.sign_in_failed'. `claimedEmail` is what the provider said (not proven to be anyone's); a
 * refusal's own message says why. Never throws.
 */
export async function recordSignInFailure(
  dataSource: DataSource,
  req: FastifyRequest,
  reason: SignInFailure,
  error?: unknown,
  claimedEmail?: string,
): Promise<void> {
  try {
    await recordAudit(
      dataSource.manager,
      { requestInfo: requestInfoOf(req), user: null },
      {
        action: 'auth.sign_in_failed',
        actor: claimedEmail ? { id: null, email: claimedEmail } : null,
        details: {
          reason,
          ...(reason === 'refused' && error instanceof DomainError && { message: error.message }),
        },
      },
    );
  } catch (failure) {
    req.log.warn({ err: failure }, 'audit: could not record a failed sign-in');
  }
}

/** 'auth.sign_out' of the session's user. Never throws. */
export async function recordSignOut(
  dataSource: DataSource,
  req: FastifyRequest,
  userId: string,
): Promise<void> {
  try {
    const [user]: { email: string }[] = await dataSource.query('SELECT email FROM users WHERE id = $1', [
      userId,
    ]);
    await recordAudit(
      dataSource.manager,
      { requestInfo: requestInfoOf(req), user: null },
      {
        action: 'auth.sign_out',
        actor: { id: userId, email: user?.email ?? null },
        target: { type: 'user', id: userId, label: user?.email ?? null },
      },
    );
  } catch (failure) {
    req.log.warn({ err: failure }, 'audit: could not record a sign-out');
  }
}
