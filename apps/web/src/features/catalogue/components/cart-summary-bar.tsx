import { Affix, Box, Button, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconShoppingCart } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { centsToDecimal } from '@shop/schema';
import { useCart } from '../../cart';
import { paths } from '../../../paths';

/** Room the page keeps free at its bottom so the floating summary never covers the last products. */
export const CART_SUMMARY_CLEARANCE = { base: 170, xs: 120 };

/** The floating summary shown on the storefront while the cart has something in it (docs/product.md §2). */
export function CartSummaryBar() {
  const { count, totalCents } = useCart();
  if (count === 0) return null;
  return (
    <Affix position={{ bottom: 16, right: 16 }} zIndex={150}>
      <Paper
        shadow="xl"
        p="md"
        radius="md"
        withBorder
        data-testid="cart-summary"
        style={{ maxWidth: 'calc(100vw - 32px)' }}
      >
        <Group gap="md" wrap="wrap" justify="flex-end">
          <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 auto' }}>
            <ThemeIcon size={40} radius="xl" variant="light" visibleFrom="xs" aria-hidden>
              <IconShoppingCart size={22} />
            </ThemeIcon>
            <Box>
              <Text fw={600}>You have {count} item(s) in your cart</Text>
              <Text size="sm" c="dimmed">
                Total: ${centsToDecimal(totalCents)}
              </Text>
            </Box>
          </Group>
          <Button component={Link} to={paths.cart} style={{ flex: '1 0 auto' }}>
            View Cart & Checkout
          </Button>
        </Group>
      </Paper>
    </Affix>
  );
}
