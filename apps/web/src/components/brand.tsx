import { Group, Text, ThemeIcon } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { BRAND_NAME } from '../theme';
import { paths } from '../paths';

export function Brand() {
  return (
    <Group
      renderRoot={(props) => <Link {...props} to={paths.home} aria-label={BRAND_NAME} />}
      gap={8}
      wrap="nowrap"
      style={{ textDecoration: 'none', color: 'inherit' }}
    >
      <ThemeIcon size="lg" radius="md" color="green">
        <IconShoppingCart size={20} />
      </ThemeIcon>
      {/* On a phone the icon alone is the brand: the header's buttons need the room. */}
      <Text fw={800} size="lg" visibleFrom="xs">
        {BRAND_NAME}
      </Text>
    </Group>
  );
}
