/**
 * API tokens for scripts (issue 9): an admin creates a named token for a user; the secret is shown
 * once. A token acts as its user with at most that user's current permissions, narrowed by its scope
 * (read-only or read-write) and an optional permission subset; it always expires, within a year
 * (docs/architecture.md §3 "API tokens").
 */
import { z } from 'zod';
import { PERMISSIONS, type Permission } from './permissions';

export const API_TOKEN_MESSAGES = {
  name: 'Name is required',
  user: 'Please select a user',
  expiresInPast: 'The expiry must be in the future',
  userNotFound: 'User not found',
  notFound: 'Token not found',
  outranked: 'You cannot create a token for a user who has permissions you do not have',
  sessionOnly: 'API tokens are managed from a signed-in session, not with a token',
  invalid: 'The API token is not valid: it may be revoked, expired or mistyped',
  created: 'Token created: copy it now, it will not be shown again',
  revoked: 'Token revoked',
  scope: 'Choose read-only or read-write',
  expiryRequired: 'An expiry is required',
  expiryTooFar: 'The expiry must be at most a year away',
  unknownPermission: 'Unknown permission',
  writeInReadScope: 'A read-only token can only carry read permissions',
  permissionUnheld: 'You cannot give a token permissions you do not have',
  revokeOutranked: 'You cannot revoke a token of a user who has permissions you do not have',
  readOnly: 'This API token is read-only',
} as const;

export const API_TOKEN_SCOPES = ['read', 'write'] as const;
export type ApiTokenScope = (typeof API_TOKEN_SCOPES)[number];

/** The longest a token may live: it must expire, at most this many days after it is created. */
export const API_TOKEN_MAX_DAYS = 365;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The permissions that only let their holder look: all a read-only token can carry. */
export const READ_PERMISSIONS: readonly Permission[] = [
  'admin:access',
  'products:read_all',
  'inventory:read',
  'orders:read_all',
  'payments:read',
  'users:read',
  'roles:read',
  'audit:read',
];

/**
 * Users and roles administration: a token carries these only when its permission subset names
 * them, never by default, so a leaked script token cannot create users or change who may do what.
 */
export const TOKEN_EXPLICIT_PERMISSIONS: readonly Permission[] = [
  'users:create',
  'users:update',
  'users:delete',
  'roles:manage',
];

/**
 * What a bearer call may do: its user's current permissions ∩ the token's subset (all of them when
 * it has none, less TOKEN_EXPLICIT_PERMISSIONS) ∩ the read permissions for a read-only token.
 */
export function tokenPermissions(
  ownerPermissions: Iterable<string>,
  token: { scope: ApiTokenScope; permissions: readonly string[] | null },
): Set<string> {
  const subset = token.permissions ? new Set(token.permissions) : null;
  const effective = new Set<string>();
  for (const name of ownerPermissions) {
    if (subset ? !subset.has(name) : TOKEN_EXPLICIT_PERMISSIONS.includes(name as Permission)) continue;
    if (token.scope === 'read' && !READ_PERMISSIONS.includes(name as Permission)) continue;
    effective.add(name);
  }
  return effective;
}

export const ApiTokenCreateInput = z
  .strictObject({
    userId: z.uuid(API_TOKEN_MESSAGES.user),
    name: z.string(API_TOKEN_MESSAGES.name).trim().min(1, API_TOKEN_MESSAGES.name).max(100),
    scope: z.enum(API_TOKEN_SCOPES, API_TOKEN_MESSAGES.scope).meta({
      description:
        '`read`: queries only (every write answers 403) and only read permissions; `write`: reads and writes',
    }),
    /** Absent or null: the user's permissions (less users and roles administration). */
    permissions: z
      .array(
        z
          .string()
          .refine((name) => Object.hasOwn(PERMISSIONS, name), API_TOKEN_MESSAGES.unknownPermission)
          .meta({ description: 'A permission name (`resource:action`)' }),
      )
      .max(50)
      .nullish()
      .meta({
        description:
          'A subset of your own permissions the token is limited to; absent or null: all of its ' +
          "user's permissions except creating, changing and deleting users and managing roles, which a " +
          'token only carries when named here',
      }),
    expiresAt: z.iso
      .datetime({
        offset: true,
        error: (issue) =>
          issue.input == null
            ? API_TOKEN_MESSAGES.expiryRequired
            : 'Must be a date and time like 2027-01-31T00:00:00Z',
      })
      .refine((value) => Date.parse(value) > Date.now(), API_TOKEN_MESSAGES.expiresInPast)
      .refine(
        (value) => Date.parse(value) <= Date.now() + API_TOKEN_MAX_DAYS * DAY_MS,
        API_TOKEN_MESSAGES.expiryTooFar,
      )
      .meta({
        description:
          'When the token stops working (required): a date and time with an offset ' +
          `(2027-01-31T00:00:00Z), in the future and at most ${API_TOKEN_MAX_DAYS} days away`,
      }),
  })
  .superRefine((input, issues) => {
    if (input.scope !== 'read' || !input.permissions) return;
    if (input.permissions.some((name) => !READ_PERMISSIONS.includes(name as Permission)))
      issues.addIssue({
        code: 'custom',
        path: ['permissions'],
        message: API_TOKEN_MESSAGES.writeInReadScope,
      });
  });
export type ApiTokenCreateInput = z.input<typeof ApiTokenCreateInput>;

export const ApiTokenIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

export const API_TOKEN_STATUSES = ['active', 'expired', 'revoked'] as const;
export type ApiTokenStatus = (typeof API_TOKEN_STATUSES)[number];

export const ApiTokenDto = z.object({
  id: z.uuid(),
  name: z.string(),
  /** The token's first characters, to tell tokens apart; never the secret. */
  prefix: z.string(),
  user: z.object({ id: z.uuid(), email: z.string() }),
  createdBy: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }),
  scope: z.enum(API_TOKEN_SCOPES),
  /** The permission subset it is limited to; null: its user's (less users and roles administration). */
  permissions: z.array(z.string()).nullable(),
  expiresAt: z.iso.datetime({ offset: true }),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiTokenDto = z.infer<typeof ApiTokenDto>;

/** The answer to creating a token: the only time the secret leaves the server. */
export const ApiTokenCreated = ApiTokenDto.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;
