/**
 * API tokens for scripts (issue 9): an admin creates a named token for a user; the secret is shown
 * once. A token acts as its user with that user's current permissions.
 */
import { z } from 'zod';

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
} as const;

export const ApiTokenCreateInput = z.strictObject({
  userId: z.uuid(API_TOKEN_MESSAGES.user),
  name: z.string(API_TOKEN_MESSAGES.name).trim().min(1, API_TOKEN_MESSAGES.name).max(100),
  /** No expiry when null or absent. */
  expiresAt: z.iso
    .datetime({ offset: true, message: 'Must be a date and time like 2027-01-31T00:00:00Z' })
    .nullish()
    .refine((value) => value == null || Date.parse(value) > Date.now(), API_TOKEN_MESSAGES.expiresInPast)
    .meta({
      description:
        'When the token stops working: a date and time with an offset (2027-01-31T00:00:00Z), in the ' +
        'future (a past one is refused); null or absent: never',
    }),
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
  expiresAt: z.iso.datetime({ offset: true }).nullable(),
  lastUsedAt: z.iso.datetime({ offset: true }).nullable(),
  revokedAt: z.iso.datetime({ offset: true }).nullable(),
  status: z.enum(API_TOKEN_STATUSES),
});
export type ApiTokenDto = z.infer<typeof ApiTokenDto>;

/** The answer to creating a token: the only time the secret leaves the server. */
export const ApiTokenCreated = ApiTokenDto.extend({ token: z.string() });
export type ApiTokenCreated = z.infer<typeof ApiTokenCreated>;
