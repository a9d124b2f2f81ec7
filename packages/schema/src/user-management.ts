/**
 * User management (docs/product.md §2 User Management / Create User / Edit User, §5 user create and edit, §7
 * `/api/users`): the admin's view of a user, and the form both the web and the server check.
 */
import { z } from 'zod';
import { CARD_DATA_MESSAGE, withoutCardNumber } from './payment-data';
import { PROFILE_LIMITS, PROFILE_MESSAGES } from './profile';
import { Role } from './users';
import { RoleId } from './roles';
import { EditVersion } from './edit-version';
import { EMAIL_DOC, PHONE_DOC } from './openapi-meta';

export const USER_MESSAGES = {
  email: 'Invalid email address',
  firstName: 'First name is required',
  lastName: 'Last name is required',
  role: 'Please select a role',
  phone: PROFILE_MESSAGES.phone,
  emailTaken: PROFILE_MESSAGES.emailTaken,
  notFound: 'User not found',
  deleteSelf: 'You cannot delete your own account',
  changeOwnRole: 'You cannot change your own role',
  lastAdmin: 'The last admin cannot be removed or demoted: make another user admin first',
  outranked: 'You cannot change or delete a user who has permissions you do not have',
  customRoleBuiltIn: 'Choose a custom role here; built-in roles are chosen with role',
  deleted: 'User deleted successfully',
} as const;

const requiredText = (message: string, max: number) =>
  z
    .string(message)
    .trim()
    .min(1, message)
    .max(max, `Must be at most ${max} characters`)
    .refine(withoutCardNumber, CARD_DATA_MESSAGE);

const email = z
  .string(USER_MESSAGES.email)
  .trim()
  .max(PROFILE_LIMITS.email, USER_MESSAGES.email)
  .meta(EMAIL_DOC)
  .pipe(z.email(USER_MESSAGES.email))
  .transform((value) => value.toLowerCase());

/** Optional; blank → null. */
const phone = z
  .string(USER_MESSAGES.phone)
  .trim()
  .max(PROFILE_LIMITS.phone, `Phone must be at most ${PROFILE_LIMITS.phone} characters`)
  .meta(PHONE_DOC)
  .nullable()
  .transform((value) => value || null)
  .refine((value) => value === null || /^\+?[0-9][0-9 ().-]*$/.test(value), USER_MESSAGES.phone)
  .refine(withoutCardNumber, CARD_DATA_MESSAGE)
  .optional();

const fields = {
  email,
  firstName: requiredText(USER_MESSAGES.firstName, PROFILE_LIMITS.firstName),
  lastName: requiredText(USER_MESSAGES.lastName, PROFILE_LIMITS.lastName),
  phone,
  role: Role,
};

/** POST /api/users: email, firstName, lastName, optional phone, role (docs/product.md §7). */
export const CreateUserInput = z.strictObject(fields);
export type CreateUserInput = z.input<typeof CreateUserInput>;

/**
 * PUT /api/users/:id: the same fields (what is omitted stays as it is) and `roleId`, a custom role
 * that then decides the user's access (null: the built-in role does). `version` is the version the
 * Edit User form loaded: 409 when the user changed since (edit-version.ts); without it, last write wins.
 */
export const UpdateUserInput = z.strictObject({
  id: z.uuid('id must be a uuid'),
  email: fields.email.optional(),
  firstName: fields.firstName.optional(),
  lastName: fields.lastName.optional(),
  phone,
  role: Role.optional(),
  roleId: RoleId.nullable().optional(),
  version: EditVersion.optional(),
});
export type UpdateUserInput = z.input<typeof UpdateUserInput>;

export const UserIdInput = z.strictObject({ id: z.uuid('id must be a uuid') });

/** A user as the admin screens show them (never the identity provider's subject). */
export const UserDto = z.object({
  id: z.uuid(),
  email: z.string(),
  firstName: z.string().nullable(),
  lastName: z.string().nullable(),
  phone: z.string().nullable(),
  profileImageUrl: z.string().nullable(),
  role: z.string(),
  roleId: z.string().nullable(),
  /** The custom role `roleId` names. */
  customRole: z.object({ id: z.string(), name: z.string(), isActive: z.boolean() }).nullable(),
  createdAt: z.iso.datetime({ offset: true }).nullable(),
  updatedAt: z.iso.datetime({ offset: true }).nullable(),
  /** The edit version (edit-version.ts): sent back by the Edit User form. */
  version: EditVersion,
});
export type UserDto = z.infer<typeof UserDto>;

/** The user management screen a page at a time (`users.page`), newest accounts first. */
export const USER_PAGE_SIZE = 50;

export const UserPageInput = z.strictObject({
  /** Over email, first and last name. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number<number | string>().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number<number | string>().int().min(1).max(100).default(USER_PAGE_SIZE),
});
export type UserPageInput = z.input<typeof UserPageInput>;
export type UserPageQuery = z.output<typeof UserPageInput>;

export const UserStatsDto = z.object({
  total: z.number().int(),
  admins: z.number().int(),
  managers: z.number().int(),
  customers: z.number().int(),
});
export type UserStatsDto = z.infer<typeof UserStatsDto>;

export const UserPageDto = z.object({
  items: z.array(UserDto),
  /** Users matching the search, over all pages. */
  total: z.number().int().min(0),
  page: z.number().int().min(1),
  pageSize: z.number().int().min(1),
  /** The cards: every user, whatever the search; Managers counts both kinds (docs/product.md §2). */
  stats: UserStatsDto,
});
export type UserPageDto = z.infer<typeof UserPageDto>;

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** docs/product.md §9 'MMM dd, yyyy' ('Mar 05, 2024'), in local time; 'Unknown' when missing or invalid. */
export function formatUserDate(value: string | Date | null | undefined): string {
  if (!value) return 'Unknown';
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return 'Unknown';
  return `${MONTHS[date.getMonth()]} ${String(date.getDate()).padStart(2, '0')}, ${date.getFullYear()}`;
}
