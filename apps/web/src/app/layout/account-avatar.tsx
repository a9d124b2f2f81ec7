import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import { Avatar, UnstyledButton } from '@mantine/core';
import type { CurrentUserDto } from '@shop/schema';
import { initials } from '../../features/auth';
import { pictureSrc } from '../../lib/pictures';

/** The round avatar button that opens the account menu (also shown while the menu's code loads). */
type AvatarButtonProps = Pick<ComponentPropsWithoutRef<'button'>, 'onClick' | 'onPointerEnter' | 'onFocus'>;

export const AccountAvatar = forwardRef<HTMLButtonElement, { user: CurrentUserDto } & AvatarButtonProps>(
  function AccountAvatar({ user, ...buttonProps }, ref) {
    return (
      <UnstyledButton
        ref={ref}
        aria-label={`${initials(user)}, Account menu`}
        style={{ borderRadius: '50%' }}
        {...buttonProps}
      >
        <Avatar src={pictureSrc(user.profileImageUrl)} radius="xl" color="green">
          {initials(user)}
        </Avatar>
      </UnstyledButton>
    );
  },
);
