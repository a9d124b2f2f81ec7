import { Avatar } from '@mantine/core';
import type { UserDto } from '@shop/schema';
import { pictureSrc } from '../../../lib/pictures';

type Named = Pick<UserDto, 'firstName' | 'lastName' | 'email'>;

/** 'Nora Newman', or the email when the user has no name yet. */
export function displayName(user: Named): string {
  return [user.firstName, user.lastName].filter(Boolean).join(' ') || user.email;
}

/** The picture, else the first initial (docs/product.md §2: avatar or initial). */
export function UserAvatar({ user }: { user: Named & Pick<UserDto, 'profileImageUrl'> }) {
  const initial = (user.firstName?.[0] ?? user.email[0] ?? 'U').toUpperCase();
  return (
    <Avatar
      src={pictureSrc(user.profileImageUrl)}
      radius="xl"
      size="md"
      color="green"
      alt={displayName(user)}
    >
      {initial}
    </Avatar>
  );
}
