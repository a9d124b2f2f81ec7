/**
 * Checkout (docs/product.md §2, §5, §8). Signed-in only: the route guard shows the spinner while the session
 * loads and, signed out, the sign-in prompt with its toast and the redirect to sign in.
 */
import { useEffect, useState } from 'react';
import type { DeliverySlotsDto } from '@shop/schema';
import {
  Alert,
  Button,
  Center,
  Container,
  Grid,
  List,
  Loader,
  Stack,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router-dom';
import { ORDER_LIMITS } from '@shop/schema';
import { useCart } from '../../cart';
import { useAddresses } from '../../addresses';
import {
  EMPTY_CHECKOUT_FORM,
  checkoutFieldErrors,
  effectiveShippingChoice,
  shippingAddressOf,
  type CheckoutForm,
} from '../checkout-form';
import { useCheckout, type CheckoutDelivery } from '../use-checkout';
import { PaymentMethodSection } from '../components/payment-method-section';
import { ShippingSection } from '../components/shipping-section';
import { CheckoutSummary } from '../components/checkout-summary';
import { DeliverySlotSection, slotValue } from '../components/delivery-slot-section';
import { SubstitutionSection, type SubstitutionPick } from '../components/substitution-section';
import { useDeliverySlots } from '../api/use-delivery-slots';
import { toast } from '../../../lib/toast';
import { paths } from '../../../paths';

/**
 * The delivery slot state for Place Order and the section (docs/delivery-slots.md): the slot picked
 * while it is still offered, else the earliest one.
 */
function deliveryOf(
  answer: DeliverySlotsDto | undefined,
  current: boolean,
  shippingAddress: string,
  picked: string | null,
): CheckoutDelivery {
  if (!answer?.slotted) return { slotted: false, loading: false, outside: false, slot: null };
  if (!current || !shippingAddress) return { slotted: true, loading: true, outside: false, slot: null };
  const slot = answer.slots.find((s) => slotValue(s) === picked) ?? answer.slots[0] ?? null;
  return { slotted: true, loading: false, outside: answer.zone === null, slot };
}

export function CheckoutPage() {
  const cart = useCart();
  const navigate = useNavigate();
  const addresses = useAddresses();
  const { submit, placing, problem, placed, showFieldErrors } = useCheckout();
  const [form, setForm] = useState<CheckoutForm>(EMPTY_CHECKOUT_FORM);
  const [pickedSlot, setPickedSlot] = useState<string | null>(null);
  const [substitutions, setSubstitutions] = useState<Record<string, SubstitutionPick>>({});
  const savedAddresses = addresses.data ?? [];
  const shippingAddress = shippingAddressOf(
    { ...form, shippingChoice: effectiveShippingChoice(form.shippingChoice, savedAddresses) },
    savedAddresses,
  );
  const deliverySlots = useDeliverySlots(shippingAddress);

  const cartIsEmpty = cart.items.length === 0;
  useEffect(() => {
    if (!cartIsEmpty || placed.current) return;
    toast({ title: 'Cart is empty', description: 'Add some products to your cart first' });
    navigate(paths.home, { replace: true });
  }, [cartIsEmpty, navigate, placed]);

  if (cartIsEmpty) {
    return (
      <Center py={64}>
        <Stack align="center" gap="xs" data-testid="checkout-empty-cart">
          <Title order={1} size="h2">
            Your cart is empty
          </Title>
          <Text c="dimmed">Add some products to your cart first</Text>
          <Loader size="sm" color="green" aria-label="Going back to the shop" />
        </Stack>
      </Center>
    );
  }

  const saved = addresses.data ?? [];
  const current: CheckoutForm = {
    ...form,
    shippingChoice: effectiveShippingChoice(form.shippingChoice, saved),
  };
  const change = (changes: Partial<CheckoutForm>) => setForm((previous) => ({ ...previous, ...changes }));
  const errors = showFieldErrors ? checkoutFieldErrors(current, saved) : {};
  const delivery = deliveryOf(deliverySlots.data, deliverySlots.current, shippingAddress, pickedSlot);

  return (
    <Container size="lg" py="lg">
      <Button
        component={Link}
        to={paths.cart}
        variant="subtle"
        color="gray"
        leftSection={<IconArrowLeft size={16} />}
        mb="sm"
      >
        Back to Cart
      </Button>
      <Title order={1} mb="lg">
        Checkout
      </Title>
      {problem && (
        <Alert
          color="orange"
          icon={<IconAlertTriangle size={18} />}
          title={problem.title}
          mb="lg"
          data-testid="checkout-problem"
        >
          <List size="sm" spacing={2}>
            {problem.lines.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="lg">
            <PaymentMethodSection form={current} errors={errors} onChange={change} />
            <ShippingSection
              form={current}
              error={errors.shipping}
              addresses={saved}
              loading={addresses.isLoading}
              onChange={change}
            />
            {delivery.slotted && (
              <DeliverySlotSection
                hasAddress={shippingAddress !== ''}
                loading={delivery.loading}
                slots={delivery.outside ? null : (deliverySlots.data?.slots ?? [])}
                selected={delivery.slot}
                postalCode={deliverySlots.data?.postalCode}
                onChange={(slot) => setPickedSlot(slotValue(slot))}
              />
            )}
            <SubstitutionSection
              lines={cart.items}
              picks={substitutions}
              onChange={(productId, pick) => setSubstitutions((previous) => ({ ...previous, [productId]: pick }))}
            />
            <Textarea
              label="Order Notes (optional)"
              placeholder="Delivery instructions, gate codes…"
              autosize
              minRows={2}
              maxLength={ORDER_LIMITS.notes}
              value={form.notes}
              onChange={(event) => change({ notes: event.currentTarget.value })}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <CheckoutSummary
            lines={cart.items}
            totalCents={cart.totalCents}
            placing={placing}
            deliveryFee={delivery.slot?.deliveryFee ?? null}
            onPlaceOrder={() => void submit(current, saved, delivery, substitutions)}
          />
        </Grid.Col>
      </Grid>
    </Container>
  );
}
