import type { CurrentUserDto } from '@shop/schema';
import type { CurrentUser } from '../../context';

/** The signed-in user as `auth.me` and the profile answer it: the one user → CurrentUserDto mapping. */
export function toCurrentUserDto(
  user: Pick<
    CurrentUser,
    'id' | 'email' | 'firstName' | 'lastName' | 'phone' | 'role' | 'profileImageUrl' | 'createdAt'
  >,
): CurrentUserDto {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone,
    role: user.role,
    profileImageUrl: user.profileImageUrl,
    createdAt: user.createdAt.toISOString(),
  };
}
