/**
 * The audit log (docs/architecture.md §4 "Audit log"): `recordAudit` appends one event, and
 * `pageAuditEvents` reads them for Admin → Audit Log and GET /api/admin/audit-events.
 *
 * Invariants:
 * - a change and its event commit together: services pass their transaction's manager, so a change
 *   that rolls back leaves no event, and an event that cannot be written rolls the change back;
 * - events that change nothing (a refused call, a failed sign-in, a sign-out) are written on their
 *   own, and never turn the answer into an error (see access-denied.ts, sign-in-audit.ts);
 * - rows are only ever inserted (the table's trigger refuses UPDATE, DELETE and TRUNCATE);
 * - `details` never carries a secret: keys that name one (token, cookie, code, state, search…) are
 *   blanked here whatever the caller passed, as a second line behind the callers choosing fields.
 */
import type { EntityManager } from 'typeorm';
import {
  AuditPageInput,
  type AuditAction,
  type AuditChange,
  type AuditEventDto,
  type AuditPageDto,
  type AuditPageQuery,
  type AuditTargetType,
} from '@shop/schema';
import type { CurrentUser, ServiceContext } from '../../context';
import { likePattern } from '../../sql/like-pattern';

/** Anything with `query`: a transaction's manager, or the DataSource's for events on their own. */
export type Queryable = Pick<EntityManager, 'query'>;

/** Who acted: a user (their email as it is now becomes the row's snapshot), or nobody (null). */
export interface AuditActor {
  id: string | null;
  email: string | null;
}

export interface AuditEvent {
  action: AuditAction;
  target?: { type: AuditTargetType; id: string | null; label?: string | null } | null;
  /** What changed (`changes`) and facts about the event. */
  details?: Record<string, unknown>;
  /** Who acted when it is not the context's user: the user signing in, or null for the shop itself. */
  actor?: AuditActor | null;
}

/** What an event takes from the call's context: who is calling, and from where. */
export type AuditContext = Pick<ServiceContext, 'requestInfo'> & {
  user: Pick<CurrentUser, 'id' | 'email'> | null;
};

/** Keys whose values never go into the log, at any depth (compared without case, `_` or `-`). */
const SECRET_KEYS = new Set([
  'token',
  'tokenhash',
  'secret',
  'password',
  'cookie',
  'cookies',
  'authorization',
  'code',
  'state',
  'nonce',
  'codeverifier',
  'sid',
  'search',
  'q',
]);
export const REDACTED = '[redacted]';

/** `details` with every secret-named key blanked (exported for the tests). */
export function scrubDetails(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubDetails(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [
      key,
      SECRET_KEYS.has(key.toLowerCase().replace(/[-_]/g, '')) ? REDACTED : scrubDetails(item, depth + 1),
    ]),
  );
}

/** Appends one event. Pass the transaction's manager when the event records a change it makes. */
export async function recordAudit(db: Queryable, ctx: AuditContext, event: AuditEvent): Promise<void> {
  const actor =
    event.actor !== undefined ? event.actor : ctx.user ? { id: ctx.user.id, email: ctx.user.email } : null;
  await db.query(
    `INSERT INTO audit_events
       (actor_id, actor_email, action, target_type, target_id, target_label, ip, user_agent, details)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb)`,
    [
      actor?.id ?? null,
      actor?.email?.slice(0, 320) ?? null,
      event.action,
      event.target?.type ?? null,
      event.target?.id?.slice(0, 255) ?? null,
      event.target?.label?.slice(0, 320) ?? null,
      ctx.requestInfo?.ip ?? null,
      ctx.requestInfo?.userAgent ?? null,
      JSON.stringify(scrubDetails(event.details ?? {})),
    ],
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `keys` whose values differ, each with its before and after; the rest left out. */
export function changesBetween<T extends object>(
  before: T,
  after: T,
  keys: readonly (keyof T & string)[],
): Record<string, AuditChange> {
  const changes: Record<string, AuditChange> = {};
  for (const key of keys) {
    if (!same(before[key], after[key])) changes[key] = { from: before[key] ?? null, to: after[key] ?? null };
  }
  return changes;
}

// ─── Reading ───────────────────────────────────────────────────────────────────────────────────

interface AuditRow {
  id: string;
  occurred_at: Date;
  actor_id: string | null;
  actor_email: string | null;
  action: string;
  target_type: string | null;
  target_id: string | null;
  target_label: string | null;
  ip: string | null;
  user_agent: string | null;
  details: Record<string, unknown> | null;
}

function toDto(row: AuditRow): AuditEventDto {
  return {
    id: row.id,
    occurredAt: row.occurred_at.toISOString(),
    action: row.action,
    actor: row.actor_id || row.actor_email ? { id: row.actor_id, email: row.actor_email } : null,
    target: row.target_type ? { type: row.target_type, id: row.target_id, label: row.target_label } : null,
    ip: row.ip,
    userAgent: row.user_agent,
    details: row.details ?? {},
  };
}

/** A page of events, newest first, and how many match the filters (no input: the first page of all). */
export async function pageAuditEvents(
  ctx: ServiceContext,
  query: AuditPageQuery | undefined,
): Promise<AuditPageDto> {
  const input = query ?? AuditPageInput.parse({});
  const { page, pageSize } = input;
  const params: unknown[] = [];
  const where: string[] = [];
  const filter = (sql: (param: string) => string, value: unknown) => {
    params.push(value);
    where.push(sql(`$${params.length}`));
  };
  if (input.action) filter((p) => `action = ${p}`, input.action);
  if (input.actorId) filter((p) => `actor_id = ${p}::uuid`, input.actorId);
  if (input.actor) filter((p) => `actor_email ILIKE ${p}`, likePattern(input.actor));
  if (input.targetType) filter((p) => `target_type = ${p}`, input.targetType);
  if (input.targetId) filter((p) => `target_id = ${p}`, input.targetId);
  if (input.from) filter((p) => `occurred_at >= ${p}::timestamptz`, input.from);
  if (input.to) filter((p) => `occurred_at < ${p}::timestamptz`, input.to);
  const whereSql = where.length ? `WHERE ${where.join(' AND ')}` : '';
  const countParams = [...params];
  params.push(pageSize, (page - 1) * pageSize);
  const [rows, counted]: [AuditRow[], { total: number }[]] = await Promise.all([
    ctx.db.query(
      `SELECT id, occurred_at, actor_id, actor_email, action, target_type, target_id, target_label, ip,
              user_agent, details
       FROM audit_events ${whereSql}
       ORDER BY occurred_at DESC, id DESC
       LIMIT $${params.length - 1} OFFSET $${params.length}`,
      params,
    ),
    ctx.db.query(`SELECT count(*)::int AS total FROM audit_events ${whereSql}`, countParams),
  ]);
  return { items: rows.map(toDto), total: counted[0]?.total ?? 0, page, pageSize };
}
