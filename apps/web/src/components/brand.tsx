import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { paths } from '../paths';

/** The shop's logo and name (`name`: the shop's name as its settings say, features/settings `useShopName`). */
export function Brand({ name }: { name: string }) {
  return (
    <Group
      renderRoot={(props) => <Link {...props} to={paths.home} aria-label={name} />}
      gap={8}
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <ThemeIcon size="lg" radius="md" color="green">
        <IconShoppingCart size={20} />
      </ThemeIcon>
      {/* On a phone the icon alone is the brand: the header's buttons need the room. */}
      <Text fw={800} size="lg" visibleFrom="xs">
        {name}
      </Text>
    </Group>
  );
}
