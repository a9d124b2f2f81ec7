/**
 * The audit log (issue 17, item 10; docs/architecture.md §4 "Audit log"): every security-relevant
 * event — sign-ins, sign-outs, changes of users, roles, permissions, groups, API tokens and the shop
 * settings, and the
 * calls refused on staff routes — as one append-only row with who, when, from where and what changed.
 * Admins read it on Admin → Audit Log (`audit:read`), and scripts at GET /api/admin/audit-events.
 *
 * `details` says what changed: `changes` holds the before and after of each changed field only
 * (`{ role: { from: 'sales_manager', to: 'admin' } }`); other keys are facts about the event (the
 * procedure refused, the reason a sign-in failed). It never holds a token, a cookie, the sign-in's
 * `code` or `state`, or search input.
 */
import { z } from 'zod';

/** Every kind of event, by the resource it concerns. */
export const AUDIT_ACTIONS = [
  'auth.sign_in',
  'auth.sign_in_failed',
  'auth.sign_out',
  'auth.sign_out_everywhere',
  'user.created',
  'user.updated',
  'user.role_changed',
  'user.deleted',
  'user.promoted_by_admin_emails',
  'role.created',
  'role.updated',
  'role.deleted',
  'role.permission_groups_changed',
  'permission.created',
  'group.created',
  'group.permissions_changed',
  'api_token.created',
  'api_token.revoked',
  'settings.updated',
  'access.denied',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** What an event is about: a record, or (for `access.denied`) the procedure or route refused. */
export const AUDIT_TARGET_TYPES = [
  'user',
  'role',
  'permission',
  'permission_group',
  'api_token',
  'settings',
  'procedure',
  'route',
] as const;
export type AuditTargetType = (typeof AUDIT_TARGET_TYPES)[number];

/** One changed field: its value before and after. */
export interface AuditChange {
  from: unknown;
  to: unknown;
}

/** The Audit Log screen shows this many events a page. */
export const AUDIT_PAGE_SIZE = 50;

const IsoDate = z.iso.datetime({ offset: true });

export const AuditEventDto = z.object({
  id: z.uuid(),
  occurredAt: IsoDate,
  /** One of AUDIT_ACTIONS (a string: rows written by an older version keep theirs). */
  action: z.string(),
  /** Who acted, as they were then (the email is a snapshot); null for the shop itself or nobody signed in. */
  actor: z.object({ id: z.string().nullable(), email: z.string().nullable() }).nullable(),
  /** What the event is about; `label` names it as it was then (an email, a role's name). */
  target: z.object({ type: z.string(), id: z.string().nullable(), label: z.string().nullable() }).nullable(),
  /** The client's address (behind a proxy: as TRUST_PROXY allows). */
  ip: z.string().nullable(),
  /** The browser or script, cut to 256 characters. */
  userAgent: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
});
export type AuditEventDto = z.infer<typeof AuditEventDto>;

const page = {
  page: z.coerce.number<number | string>().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number<number | string>().int().min(1).max(100).default(AUDIT_PAGE_SIZE),
};

/** `audit.page` and GET /api/admin/audit-events: newest first, every filter optional. */
export const AuditPageInput = z.strictObject({
  action: z.enum(AUDIT_ACTIONS, 'Unknown action').optional(),
  /** The acting user's id. */
  actorId: z.uuid('actorId must be a uuid').optional(),
  /** Part of the acting user's email (as it was when they acted). */
  actor: z.string().trim().max(320).optional(),
  targetType: z.enum(AUDIT_TARGET_TYPES, 'Unknown target type').optional(),
  targetId: z.string().trim().max(255).optional(),
  /** From this moment (inclusive). */
  from: IsoDate.optional().meta({ description: 'Events at or after this time (ISO 8601 with an offset)' }),
  /** Up to this moment (exclusive). */
  to: IsoDate.optional().meta({ description: 'Events before this time (ISO 8601 with an offset)' }),
  ...page,
});
export type AuditPageInput = z.input<typeof AuditPageInput>;
export type AuditPageQuery = z.output<typeof AuditPageInput>;

export const AuditPageDto = z.object({
  items: z.array(AuditEventDto),
  /** Events matching the filters, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
});
export type AuditPageDto = z.infer<typeof AuditPageDto>;
