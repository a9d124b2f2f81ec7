import { ActionIcon, Button, Indicator } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { useCart } from '../cart-store';
import { paths } from '../../../paths';

/** The header's Cart button with the item count. */
export function CartButton({ withLabel = false }: { withLabel?: boolean }) {
  const { count } = useCart();
  return (
    <Indicator label={count} size={18} disabled={count === 0} color="red" offset={4} data-testid="cart-count">
      <Button
        component={Link}
        to={paths.cart}
        variant="default"
        leftSection={<IconShoppingCart size={18} />}
        aria-label={`Cart (${count} items)`}
        visibleFrom={withLabel ? undefined : 'xs'}
      >
        {withLabel ? `Cart (${count})` : 'Cart'}
      </Button>
      {!withLabel && (
        // On a phone the shared header has no room for the word: the icon alone.
        <ActionIcon
          component={Link}
          to={paths.cart}
          variant="default"
          size={36}
          aria-label={`Cart (${count} items)`}
          hiddenFrom="xs"
        >
          <IconShoppingCart size={18} />
        </ActionIcon>
      )}
    </Indicator>
  );
}
