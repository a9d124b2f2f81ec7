/**
 * Delivery slot (docs/delivery-slots.md): the next 7 days' open slots of the address's zone as one
 * named radio group, the earliest preselected; places left when few, the fee when the slot has its
 * own. Nothing at all while delivery is not slotted (no zone).
 */
import { Alert, Badge, Card, Group, Radio, Skeleton, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  NO_SLOT_LEFT,
  OUTSIDE_DELIVERY_AREA,
  SLOT_FEW_PLACES,
  postcodeReadText,
  slotDayLabel,
  slotWindowLabel,
  type DeliverySlotOption,
} from '@shop/schema';
import { useMoney } from '../../settings';

export const slotValue = (slot: { templateId: string; date: string }) => `${slot.templateId}|${slot.date}`;

interface Props {
  hasAddress: boolean;
  loading: boolean;
  /** null: outside every zone. */
  slots: readonly DeliverySlotOption[] | null;
  selected: DeliverySlotOption | null;
  onChange: (slot: DeliverySlotOption) => void;
  /** The postal code the server read from the address (null: none found), named when outside. */
  postalCode?: string | null;
}

export function DeliverySlotSection({ hasAddress, loading, slots, selected, onChange, postalCode }: Props) {
  const money = useMoney();
  return (
    <Card withBorder radius="md" padding="lg" data-testid="delivery-slot-section">
      <Title order={2} size="h3" mb="md">
        Delivery slot
      </Title>
      {!hasAddress ? (
        <Text c="dimmed" size="sm">
          Choose a shipping address to see the delivery slots.
        </Text>
      ) : loading ? (
        <Stack gap="sm">
          <Skeleton h={44} />
          <Skeleton h={44} />
        </Stack>
      ) : slots === null ? (
        <Alert color="orange" data-testid="delivery-outside">
          {OUTSIDE_DELIVERY_AREA}. {postcodeReadText(postalCode)} Please check it, or choose another address.
        </Alert>
      ) : slots.length === 0 ? (
        <Alert color="orange" data-testid="delivery-none">
          {NO_SLOT_LEFT}
        </Alert>
      ) : (
        <Radio.Group
          value={selected ? slotValue(selected) : null}
          onChange={(value) => {
            const slot = slots.find((s) => slotValue(s) === value);
            if (slot) onChange(slot);
          }}
          // The group's name (the heading above shows it): the radios are one named group.
          label={<VisuallyHidden>Delivery slot</VisuallyHidden>}
        >
          <Stack gap="xs">
            {slots.map((slot) => (
              <Radio.Card key={slotValue(slot)} value={slotValue(slot)} radius="md" p="sm" data-testid="delivery-slot-option">
                <Group wrap="nowrap" justify="space-between">
                  <Group wrap="nowrap" gap="sm">
                    <Radio.Indicator />
                    <Text fw={500}>
                      {slotDayLabel(slot.start)}, {slotWindowLabel(slot)}
                    </Text>
                  </Group>
                  <Group gap="xs" wrap="nowrap">
                    {slot.placesLeft < SLOT_FEW_PLACES && (
                      <Badge color="orange" variant="light" tt="none">
                        {slot.placesLeft === 1 ? '1 place left' : `${slot.placesLeft} places left`}
                      </Badge>
                    )}
                    {slot.deliveryFee !== null && (
                      <Text size="sm" c="dimmed">
                        Delivery {money(slot.deliveryFee)}
                      </Text>
                    )}
                  </Group>
                </Group>
              </Radio.Card>
            ))}
          </Stack>
        </Radio.Group>
      )}
    </Card>
  );
}
