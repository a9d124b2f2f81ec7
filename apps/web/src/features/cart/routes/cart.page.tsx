/** The cart (docs/product.md §2 Cart): lines with − / + / remove, the Order Summary and the way to checkout. */
import { useState } from 'react';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Card,
  Center,
  Container,
  Divider,
  Flex,
  Grid,
  Group,
  Image,
  List,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck, IconShoppingCart, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { lineRule, lineTotalCents, toCents, type CartLine } from '@shop/schema';
import { linePricePerText, packUnitPriceText } from '../../../lib/measures';
import { QuantityStepper } from '../components/quantity-stepper';
import { useMoney, useOrderTotals } from '../../settings';
import { useCart } from '../cart-store';
import { paths } from '../../../paths';
import { pictureSrc } from '../../../lib/pictures';

const PAYMENT_NOTES = [
  'Multiple payment methods available',
  'Secure card processing',
  'Cash on delivery option',
  'Bank transfer supported',
];

function LineImage({ line }: { line: CartLine }) {
  const [failed, setFailed] = useState(false);
  if (pictureSrc(line.imageUrl) && !failed) {
    return (
      <Image
        src={pictureSrc(line.imageUrl)}
        alt={line.name}
        w={72}
        h={72}
        radius="sm"
        fit="cover"
        onError={() => setFailed(true)}
      />
    );
  }
  return (
    <Center w={72} h={72} bg="gray.1" style={{ borderRadius: 'var(--mantine-radius-sm)', flexShrink: 0 }}>
      <Text fz={36} lh={1} aria-hidden>
        📦
      </Text>
    </Center>
  );
}

function CartLineCard({ line }: { line: CartLine }) {
  const money = useMoney();
  const cart = useCart();
  return (
    <Card withBorder padding="md" data-testid="cart-line">
      <Group wrap="nowrap" align="center" gap="md">
        <LineImage line={line} />
        <Flex
          style={{ flex: 1, minWidth: 0 }}
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'stretch', sm: 'center' }}
          gap={{ base: 'xs', sm: 'md' }}
        >
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Text fw={600} lineClamp={2} data-testid="line-name">
              {line.name}
            </Text>
            <Text size="sm" c="dimmed" data-testid="line-unit-price">
              {money(line.price)} {linePricePerText(line.measureUnit)}
            </Text>
            {packUnitPriceText(line) && (
              <Text size="xs" c="dimmed" data-testid="line-pack-unit-price">
                {packUnitPriceText(line)}
              </Text>
            )}
          </Box>
          <Group justify="space-between" wrap="nowrap" gap="md">
            <QuantityStepper
              name={line.name}
              quantity={line.quantity}
              rule={lineRule(line)}
              onChange={(quantity) => cart.setQuantity(line.productId, quantity)}
              testId="line-quantity"
            />
            <Group gap="xs" wrap="nowrap">
              <Text fw={700} miw={80} ta="right" data-testid="line-total">
                {money(lineTotalCents(line.price, line.quantity, line.measureUnit) / 100)}
              </Text>
              <ActionIcon
                color="red"
                variant="subtle"
                size="lg"
                aria-label={`Remove ${line.name}`}
                onClick={() => cart.remove(line.productId)}
              >
                <IconTrash size={18} />
              </ActionIcon>
            </Group>
          </Group>
        </Flex>
      </Group>
    </Card>
  );
}

export function CartPage() {
  const cart = useCart();

  if (cart.items.length === 0) {
    return (
      <Container size="sm" py={64}>
        <Stack align="center" gap="sm" ta="center">
          <ThemeIcon size={96} radius="xl" variant="light" color="gray" aria-hidden>
            <IconShoppingCart size={52} />
          </ThemeIcon>
          <Title order={1} fz={28} mt="md">
            Your cart is empty
          </Title>
          <Text c="dimmed">Add some delicious items to get started!</Text>
          <Button component={Link} to={paths.home} mt="md" size="md">
            Continue Shopping
          </Button>
        </Stack>
      </Container>
    );
  }

  return <FilledCart />;
}

/** The cart with its lines and the Order Summary: subtotal, delivery fee and tax of the shop's settings. */
function FilledCart() {
  const cart = useCart();
  const totals = useOrderTotals(cart.totalCents);
  const { money } = totals;
  const total = money(totals.totalCents);
  // The server refuses an order under the shop's minimum (MINIMUM_ORDER): say so before checkout.
  const minimumCents = toCents(totals.settings.minimumOrder) ?? 0;
  const belowMinimum = cart.totalCents < minimumCents;
  return (
    <Container size="lg" py="lg" px={{ base: 0, sm: 'md' }}>
      <Group mb="lg" gap="sm" align="center">
        <Title order={1} fz={{ base: 28, sm: 34 }}>
          Shopping Cart
        </Title>
        <Badge size="lg" variant="light" tt="none" data-testid="cart-item-count">
          {cart.count} {cart.count === 1 ? 'item' : 'items'}
        </Badge>
      </Group>
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack gap="sm">
            {cart.items.map((line) => (
              <CartLineCard key={line.productId} line={line} />
            ))}
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <Card withBorder padding="lg" pos="sticky" top={80} data-testid="order-summary">
            <Title order={2} size="h3" mb="md">
              Order Summary
            </Title>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text>Subtotal</Text>
                <Text data-testid="cart-subtotal">{money(cart.totalCents)}</Text>
              </Group>
              <Group justify="space-between">
                <Text>Delivery Fee</Text>
                {totals.deliveryFeeCents === 0 ? (
                  <Text c="green.7" fw={500} data-testid="cart-delivery-fee">
                    Free
                  </Text>
                ) : (
                  <Text fw={500} data-testid="cart-delivery-fee">
                    {money(totals.deliveryFeeCents)}
                  </Text>
                )}
              </Group>
              {totals.taxCents > 0 && (
                <Group justify="space-between">
                  <Text>{totals.settings.taxInclusive ? 'Tax (included)' : 'Tax'}</Text>
                  <Text data-testid="cart-tax">{money(totals.taxCents)}</Text>
                </Group>
              )}
              <Divider my={4} />
              <Group justify="space-between">
                <Text fw={700} fz="lg">
                  Total
                </Text>
                <Text fw={700} fz="lg" data-testid="cart-total">
                  {total}
                </Text>
              </Group>
            </Stack>
            <List
              size="sm"
              c="dimmed"
              mt="md"
              spacing={6}
              icon={
                <ThemeIcon size={16} radius="xl" variant="light" aria-hidden>
                  <IconCheck size={11} />
                </ThemeIcon>
              }
              data-testid="payment-notes"
            >
              {PAYMENT_NOTES.map((note) => (
                <List.Item key={note}>{note}</List.Item>
              ))}
            </List>
            {belowMinimum && (
              <Text size="sm" c="orange.9" mt="md" data-testid="cart-minimum-order">
                The minimum order is {money(minimumCents)}: add {money(minimumCents - cart.totalCents)} more
                to check out.
              </Text>
            )}
            <Button
              component={Link}
              to={paths.checkout}
              fullWidth
              size="md"
              mt="lg"
              styles={{ label: { whiteSpace: 'normal' } }}
            >
              Proceed to Checkout - {total}
            </Button>
          </Card>
        </Grid.Col>
      </Grid>
    </Container>
  );
}
