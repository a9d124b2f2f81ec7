/**
 * The signed-in user's own profile (docs/product.md §5 profile form, §7 PATCH /api/user/profile). Every field
 * is optional; an empty name or phone clears it. The role is not the user's to change: any field
 * other than these four is refused.
 */
import { z } from 'zod';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';
import { EMAIL_DOC, PHONE_DOC } from './openapi-meta';

export const PROFILE_LIMITS = { firstName: 100, lastName: 100, email: 320, phone: 40 } as const;

export const PROFILE_MESSAGES = {
  email: 'Invalid email address',
  emailTaken: 'Email already in use',
  phone: 'Enter a valid phone number',
} as const;

/** Blank → null (cleared). */
const clearableText = (name: string, max: number) =>
  z
    .string(`${name} must be text`)
    .trim()
    .max(max, `${name} must be at most ${max} characters`)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE)
    .nullable()
    .transform((value) => value || null)
    .optional();

export const ProfileUpdateInput = z.strictObject({
  firstName: clearableText('firstName', PROFILE_LIMITS.firstName),
  lastName: clearableText('lastName', PROFILE_LIMITS.lastName),
  email: z
    .string(PROFILE_MESSAGES.email)
    .trim()
    .max(PROFILE_LIMITS.email, PROFILE_MESSAGES.email)
    .meta(EMAIL_DOC)
    .pipe(z.email(PROFILE_MESSAGES.email))
    .transform((email) => email.toLowerCase())
    .optional(),
  phone: clearableText('phone', PROFILE_LIMITS.phone)
    .refine((phone) => phone == null || /^\+?[0-9][0-9 ().-]*$/.test(phone), PROFILE_MESSAGES.phone)
    .meta(PHONE_DOC),
});
export type ProfileUpdateInput = z.input<typeof ProfileUpdateInput>;
/** The changes as the server applies them: undefined = unchanged, null = cleared. */
export type ProfileChanges = z.output<typeof ProfileUpdateInput>;

/**
 * A new email takes effect only once its owner opens the link sent to it (issue 32; docs/security.md
 * "Email changes verified"): until then the account keeps its old address for sign-in, ADMIN_EMAILS
 * and order emails. The link carries a one-time token; it works for the account that asked, once,
 * within EMAIL_CHANGE_HOURS.
 */
export const EMAIL_CHANGE_HOURS = 24;

/** The query parameter of /profile that carries the token of the emailed link. */
export const CONFIRM_EMAIL_PARAM = 'confirm-email';

export const EMAIL_CHANGE_MESSAGES = {
  sent: (email: string) => `We sent a link to ${email} to confirm it. Until then your email stays as it is.`,
  confirmed: (email: string) => `Your email is now ${email}.`,
  invalid: 'This confirmation link is not valid. Check that you copied the whole link.',
  expired: 'This confirmation link has expired. Change your email in your profile again to get a new one.',
  used: 'This confirmation link has already been used.',
  replaced: 'This confirmation link was replaced by a newer one. Use the link in the latest email.',
  otherUser:
    'This confirmation link belongs to another account. Sign in as the account that asked for the change.',
} as const;

/** The token of a confirmation link (32 random bytes, base64url). */
export const ConfirmEmailInput = z.strictObject({
  token: z
    .string(EMAIL_CHANGE_MESSAGES.invalid)
    .trim()
    .regex(/^[A-Za-z0-9_-]{20,100}$/, EMAIL_CHANGE_MESSAGES.invalid),
});
export type ConfirmEmailInput = z.infer<typeof ConfirmEmailInput>;

/** The address waiting for its link to be opened, if any. */
export const PendingEmailDto = z
  .object({ email: z.string(), expiresAt: z.iso.datetime({ offset: true }) })
  .nullable();
export type PendingEmailDto = z.infer<typeof PendingEmailDto>;
