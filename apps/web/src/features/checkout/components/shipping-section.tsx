/**
 * Shipping address (docs/product.md §2, §5): the saved addresses (the default preselected) or a free-text
 * address. A saved one is sent flattened to 'street, city, state zip, country'.
 */
import { Anchor, Badge, Card, Group, Radio, Skeleton, Stack, Text, Textarea, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { ORDER_LIMITS, formatAddress, type AddressDto } from '@shop/schema';
import { paths } from '../../../paths';
import { CUSTOM_ADDRESS, type CheckoutForm } from '../checkout-form';

interface Props {
  /** The message when no shipping address is chosen or typed (after a refused Place Order). */
  error?: string;
  form: CheckoutForm;
  addresses: readonly AddressDto[];
  loading: boolean;
  onChange: (changes: Partial<CheckoutForm>) => void;
}

export function ShippingSection({ form, addresses, loading, error, onChange }: Props) {
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          Shipping Address
        </Title>
        <Anchor component={Link} to={paths.profile} size="sm">
          Manage addresses
        </Anchor>
      </Group>
      {loading ? (
        <Stack gap="sm">
          <Skeleton h={56} />
          <Skeleton h={56} />
        </Stack>
      ) : (
        <Radio.Group
          value={form.shippingChoice}
          onChange={(value) => onChange({ shippingChoice: value })}
          aria-label="Ship to"
          error={form.shippingChoice === CUSTOM_ADDRESS ? undefined : error}
          data-checkout-field={form.shippingChoice === CUSTOM_ADDRESS ? undefined : 'shipping'}
        >
          <Stack gap="sm">
            {addresses.map((address) => (
              <Radio.Card
                key={address.id}
                value={address.id}
                radius="md"
                p="md"
                data-testid="saved-address-option"
              >
                <Group wrap="nowrap" align="flex-start">
                  <Radio.Indicator mt={2} />
                  <div>
                    <Group gap="xs">
                      <Text fw={600}>{address.title}</Text>
                      {address.isDefault && (
                        <Badge size="sm" variant="light" tt="none">
                          Default
                        </Badge>
                      )}
                    </Group>
                    <Text size="sm" c="dimmed">
                      {formatAddress(address)}
                    </Text>
                  </div>
                </Group>
              </Radio.Card>
            ))}
            <Radio.Card value={CUSTOM_ADDRESS} radius="md" p="md" data-testid="custom-address-option">
              <Group wrap="nowrap">
                <Radio.Indicator />
                <Text fw={600}>
                  {addresses.length ? 'Use a different address' : 'Enter a shipping address'}
                </Text>
              </Group>
            </Radio.Card>
          </Stack>
        </Radio.Group>
      )}
      {form.shippingChoice === CUSTOM_ADDRESS && !loading && (
        <Textarea
          mt="sm"
          label="Shipping address"
          error={error}
          data-checkout-field="shipping"
          placeholder="Street, city, state ZIP, country"
          autosize
          minRows={3}
          maxLength={ORDER_LIMITS.shippingAddress}
          value={form.customAddress}
          onChange={(event) => onChange({ customAddress: event.currentTarget.value })}
        />
      )}
    </Card>
  );
}
