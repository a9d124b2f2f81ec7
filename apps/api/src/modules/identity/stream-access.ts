/**
 * What a live stream asks every LIVE_STREAM_RECHECK_SECONDS (live-events/live-stream-guard.ts):
 * does its caller still hold what they signed in with — the session exists and has not expired
 * (a sign-out, on any instance), the API token is not revoked or expired, the user still exists —
 * and which permissions do they hold now. Installed by the composition root (app.ts).
 */
import type { FastifyRequest } from 'fastify';
// The request's `session` and `apiTokenId` (their declarations, also when the web type-checks the router).
import type {} from '@fastify/session';
import type {} from './bearer-auth';
import type { DataSource } from 'typeorm';
import type { CurrentUser } from '../../context';
import { tokenStillValid } from './api-tokens.service';
import { loadUserRow } from './request-user';
import { sessionStillOpen } from './session-store';

/** The caller's permissions now, or null when their session, token or account is gone. */
export async function currentAccess(
  dataSource: DataSource,
  req: FastifyRequest,
  user: CurrentUser,
): Promise<ReadonlySet<string> | null> {
  const db = dataSource.manager;
  if (user.authenticatedBy === 'token') {
    if (!(await tokenStillValid(db, req.apiTokenId, user.id))) return null;
  } else {
    const sid = req.session?.sessionId;
    if (!sid || !(await sessionStillOpen(db, sid, user.id))) return null;
  }
  // The user's current permissions, as every request reads them (request-user.ts), uncached.
  const current = await loadUserRow(db, user.id);
  if (!current) return null;
  return new Set(current.permissions);
}
