/**
 * "Sign out everywhere" (docs/architecture.md §4 "Sessions"): every session of a user ends at once,
 * so a browser left signed in elsewhere (or a stolen cookie) stops working on its next request.
 *
 * - A user may do it for themselves (the account menu); staff with `users:update` may do it for a
 *   user (Admin → Users), under the rule that nobody acts on a user who holds permissions they lack.
 * - The sessions' deletion and the 'auth.sign_out_everywhere' event commit together.
 * - API tokens are not sessions: they stay valid (revoke them in Admin → API tokens).
 */
import { SIGN_OUT_EVERYWHERE_MESSAGES, USER_MESSAGES, type SignedOutEverywhereDto } from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { NotFoundError } from '../../errors';
import { recordAudit } from '../audit';
import { assertHoldsAll } from './access-rules';
import { effectivePermissions } from './permissions.service';
import { deleteUserSessions } from './session-store';

type Ctx = ServiceContext & { user: CurrentUser };

/** Ends every session of the calling user, the one making this call included. */
export async function signOutEverywhere(ctx: Ctx): Promise<SignedOutEverywhereDto> {
  const endedSessions = await ctx.db.transaction(async (tx) => {
    const ended = await deleteUserSessions(tx, ctx.user.id);
    await recordAudit(tx, ctx, {
      action: 'auth.sign_out_everywhere',
      target: { type: 'user', id: ctx.user.id, label: ctx.user.email },
      details: { endedSessions: ended },
    });
    return ended;
  });
  return { endedSessions, message: SIGN_OUT_EVERYWHERE_MESSAGES.self };
}

/** Ends every session of user `id` (staff, `users:update`). */
export async function signOutUserEverywhere(ctx: Ctx, id: string): Promise<SignedOutEverywhereDto> {
  const endedSessions = await ctx.db.transaction(async (tx) => {
    const [target]: { id: string; email: string; role: string; role_id: string | null }[] = await tx.query(
      'SELECT id, email, role, role_id FROM users WHERE id = $1',
      [id],
    );
    if (!target) throw new NotFoundError('User');
    if (target.id !== ctx.user.id) {
      const held = await effectivePermissions(tx, { role: target.role, roleId: target.role_id });
      assertHoldsAll(ctx.user, held, USER_MESSAGES.outranked);
    }
    const ended = await deleteUserSessions(tx, target.id);
    await recordAudit(tx, ctx, {
      action: 'auth.sign_out_everywhere',
      target: { type: 'user', id: target.id, label: target.email },
      details: { endedSessions: ended },
    });
    return ended;
  });
  return { endedSessions, message: SIGN_OUT_EVERYWHERE_MESSAGES.user };
}
