/**
 * API tokens (issue 9): created by staff holding `api_tokens:manage` for a user whose permissions
 * they hold themselves, shown once, stored as SHA-256 only. A token authenticates as its user
 * (`bearer-auth.ts`) with that user's current permissions narrowed by its scope and permission subset
 * (@shop/schema `tokenPermissions`); it expires within a year. Only its user, or someone holding
 * every permission its user holds, may revoke it. Revoking or expiring it takes effect on the next
 * request, as nothing is cached (docs/architecture.md §3 "API tokens").
 */
import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from 'typeorm';
import {
  API_TOKEN_MESSAGES,
  type ApiTokenCreateInput,
  type ApiTokenCreated,
  type ApiTokenDto,
  type ApiTokenScope,
  type ApiTokenStatus,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { NotFoundError } from '../../errors';
import { effectivePermissions } from './permissions.service';
import { assertHoldsAll } from './access-rules';
import { inTransaction, recordTokenCreated, recordTokenRevoked } from '../audit';

type Ctx = ServiceContext & { user: CurrentUser };

/** Every token starts so, which lets secret scanners and people recognise one. */
export const TOKEN_PREFIX = 'shop_';
/** How much of the token the list shows: the fixed prefix and 6 random characters. */
const SHOWN_LENGTH = TOKEN_PREFIX.length + 6;
/** last_used_at is written at most this often per token, so a busy script does not write on every call. */
const LAST_USED_RESOLUTION_SECONDS = 60;

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

interface TokenRow {
  id: string;
  name: string;
  prefix: string;
  user_id: string;
  user_email: string;
  created_by: string | null;
  created_at: Date;
  scope: ApiTokenScope;
  permissions: string[] | null;
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
}

const SELECT_TOKENS = `
  SELECT t.id, t.name, t.prefix, t.user_id, u.email AS user_email, c.email AS created_by,
         t.created_at, t.scope, t.permissions, t.expires_at, t.last_used_at, t.revoked_at
  FROM api_tokens t
  JOIN users u ON u.id = t.user_id
  LEFT JOIN users c ON c.id = t.created_by_id`;

function statusOf(row: TokenRow, now: Date): ApiTokenStatus {
  if (row.revoked_at) return 'revoked';
  if (row.expires_at <= now) return 'expired';
  return 'active';
}

function toDto(row: TokenRow, now = new Date()): ApiTokenDto {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    user: { id: row.user_id, email: row.user_email },
    createdBy: row.created_by,
    createdAt: row.created_at.toISOString(),
    scope: row.scope,
    permissions: row.permissions,
    expiresAt: row.expires_at.toISOString(),
    lastUsedAt: row.last_used_at?.toISOString() ?? null,
    revokedAt: row.revoked_at?.toISOString() ?? null,
    status: statusOf(row, now),
  };
}

/** Every token, newest first (revoked and expired ones too: they show who had access). */
export async function listTokens(ctx: Ctx): Promise<ApiTokenDto[]> {
  const rows: TokenRow[] = await ctx.db.query(`${SELECT_TOKENS} ORDER BY t.created_at DESC, t.id`);
  return rows.map((row) => toDto(row));
}

export async function createToken(ctx: Ctx, input: ApiTokenCreateInput): Promise<ApiTokenCreated> {
  if (!inTransaction(ctx)) return ctx.db.transaction((db) => createToken({ ...ctx, db }, input));
  const owner = await ctx.db.query(`SELECT id, role, role_id AS "roleId" FROM users WHERE id = $1`, [
    input.userId,
  ]);
  if (!owner[0]) throw new NotFoundError('User');
  // A token is its user: nobody hands out access they do not hold themselves.
  assertHoldsAll(ctx.user, await effectivePermissions(ctx.db, owner[0]), API_TOKEN_MESSAGES.outranked);
  // Nor may a token be limited to permissions its creator lacks (they would be a label a later
  // role change could bring to life).
  const permissions = input.permissions ? [...new Set(input.permissions)].sort() : null;
  if (permissions) assertHoldsAll(ctx.user, permissions, API_TOKEN_MESSAGES.permissionUnheld);

  const token = TOKEN_PREFIX + randomBytes(32).toString('base64url');
  const [row]: { id: string }[] = await ctx.db.query(
    `INSERT INTO api_tokens (user_id, name, token_hash, prefix, created_by_id, scope, permissions, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING id`,
    [
      input.userId,
      input.name.trim(),
      hashToken(token),
      token.slice(0, SHOWN_LENGTH),
      ctx.user.id,
      input.scope,
      permissions,
      input.expiresAt,
    ],
  );
  const created = await findToken(ctx.db, row!.id);
  await recordTokenCreated(ctx.db, ctx, created);
  ctx.log.info({ tokenId: created.id, userId: input.userId }, 'api token created');
  return { ...created, token };
}

/**
 * Revoking twice keeps the first time. Only the token's user, or someone who outranks them (holds
 * every permission they hold, the rule users.service applies to changing a user), may revoke it:
 * a helpdesk role with `api_tokens:manage` cannot cut off an admin's scripts.
 */
export async function revokeToken(ctx: Ctx, id: string): Promise<ApiTokenDto> {
  if (!inTransaction(ctx)) return ctx.db.transaction((db) => revokeToken({ ...ctx, db }, id));
  const [owner]: { id: string; role: string; roleId: string | null }[] = await ctx.db.query(
    `SELECT u.id, u.role, u.role_id AS "roleId" FROM api_tokens t JOIN users u ON u.id = t.user_id
     WHERE t.id = $1`,
    [id],
  );
  if (!owner) throw new NotFoundError('Token');
  if (owner.id !== ctx.user.id)
    assertHoldsAll(ctx.user, await effectivePermissions(ctx.db, owner), API_TOKEN_MESSAGES.revokeOutranked);
  const updated: unknown[] = await ctx.db.query(
    `UPDATE api_tokens SET revoked_at = COALESCE(revoked_at, now()) WHERE id = $1 RETURNING id`,
    [id],
  );
  if (updated.length === 0) throw new NotFoundError('Token');
  await recordTokenRevoked(ctx.db, ctx, id);
  ctx.log.info({ tokenId: id }, 'api token revoked');
  return findToken(ctx.db, id);
}

async function findToken(db: EntityManager, id: string): Promise<ApiTokenDto> {
  const [row]: TokenRow[] = await db.query(`${SELECT_TOKENS} WHERE t.id = $1`, [id]);
  if (!row) throw new NotFoundError('Token');
  return toDto(row);
}

/** What a presented token grants: the user it acts as, its scope and its permission subset. */
/** Whether the token `tokenId` of `userId` is neither revoked nor expired (a live stream asks again). */
export async function tokenStillValid(
  db: EntityManager,
  tokenId: string | null | undefined,
  userId: string,
): Promise<boolean> {
  const rows: unknown[] = await db.query(
    `SELECT 1 FROM api_tokens
     WHERE id = $1 AND user_id = $2 AND revoked_at IS NULL AND (expires_at IS NULL OR expires_at > now())`,
    [tokenId, userId],
  );
  return rows.length > 0;
}

export interface TokenGrant {
  tokenId: string;
  userId: string;
  scope: ApiTokenScope;
  permissions: string[] | null;
}

/** The presented token's grant, or null when it is unknown, revoked or expired. */
export async function tokenOwner(db: EntityManager, token: string): Promise<TokenGrant | null> {
  if (!token.startsWith(TOKEN_PREFIX)) return null;
  const [row]: {
    id: string;
    user_id: string;
    scope: ApiTokenScope;
    permissions: string[] | null;
    stale: boolean;
  }[] = await db.query(
    `SELECT id, user_id, scope, permissions,
            (last_used_at IS NULL OR last_used_at < now() - make_interval(secs => $2)) AS stale
     FROM api_tokens
     WHERE token_hash = $1 AND revoked_at IS NULL AND expires_at > now()`,
    [hashToken(token), LAST_USED_RESOLUTION_SECONDS],
  );
  if (!row) return null;
  if (row.stale) await db.query(`UPDATE api_tokens SET last_used_at = now() WHERE id = $1`, [row.id]);
  return { tokenId: row.id, userId: row.user_id, scope: row.scope, permissions: row.permissions };
}
