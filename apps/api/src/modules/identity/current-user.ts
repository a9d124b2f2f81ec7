import type { CurrentUserDto } from '@shop/schema';
import type { CurrentUser } from '../../context';

export function toCurrentUserDto(user: CurrentUser): CurrentUserDto {
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
