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
