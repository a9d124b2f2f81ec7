import { z } from 'zod';
import { ROLES, type RoleName } from './role-names';

export * from './role-names';

export const Role = z.enum(ROLES, 'Please select a role');
export type Role = RoleName;

/** The current-user view (docs/product.md §3), with the id and what the screens show beside it. */
export const CurrentUserDto = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  role: z.string(),
  profileImageUrl: z.string().nullable(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
});
export type CurrentUserDto = z.infer<typeof CurrentUserDto>;

/**
 * PATCH /api/user/profile's answer: the current user, and the new email waiting for its link to be
 * opened (null when none); `email` stays the old one until then (docs/security.md).
 */
export const ProfileUpdatedDto = CurrentUserDto.extend({ pendingEmail: z.string().nullable() });
export type ProfileUpdatedDto = z.infer<typeof ProfileUpdatedDto>;

/**
 * "Sign out everywhere" (the account menu, and an admin on a user's page): every session of the
 * user ends, this browser's included. API tokens are not sessions and stay valid.
 */
export const SignedOutEverywhereDto = z.object({
  /** How many sessions (signed-in browsers) ended. */
  endedSessions: z.number().int().min(0),
  message: z.string(),
});
export type SignedOutEverywhereDto = z.infer<typeof SignedOutEverywhereDto>;

export const SIGN_OUT_EVERYWHERE_MESSAGES = {
  self: 'You have been signed out on every device.',
  user: 'The user has been signed out on every device.',
} as const;
