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
