/**
 * The Delivery Addresses card of the profile (docs/product.md §2): Add Address, and per address set-default
 * (only when it is not the default), edit and delete; three placeholders while loading; an empty state.
 */
import { useState } from 'react';
import { ActionIcon, Badge, Button, Card, Group, Skeleton, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconEdit, IconMapPin, IconPlus, IconStar, IconTrash } from '@tabler/icons-react';
import type { AddressDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { useAddresses, useDeleteAddress, useSetDefaultAddress } from '../api/use-addresses';
import { AddressFormDialog } from './address-form-dialog';

function AddressRow({ address, onEdit }: { address: AddressDto; onEdit: () => void }) {
  const setDefault = useSetDefaultAddress();
  const remove = useDeleteAddress();

  const fail = (error: unknown) =>
    toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });

  return (
    <Card withBorder radius="md" padding="md" data-testid="address-card" data-default={address.isDefault}>
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <div>
          <Group gap="xs" mb={4}>
            <Text fw={600}>{address.title}</Text>
            {address.isDefault && (
              <Badge size="sm" color="green" variant="light" tt="none">
                Default
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            {address.street}
          </Text>
          <Text size="sm" c="dimmed">
            {address.city}, {address.state} {address.zipCode}
          </Text>
          <Text size="sm" c="dimmed">
            {address.country}
          </Text>
        </div>
        <Group gap={4} wrap="nowrap">
          {!address.isDefault && (
            <Button
              size="xs"
              variant="subtle"
              leftSection={<IconStar size={14} />}
              loading={setDefault.isPending}
              onClick={() =>
                setDefault.mutate(
                  { id: address.id },
                  {
                    onSuccess: () =>
                      toast({
                        title: 'Default address updated',
                        description: 'Your default address has been updated.',
                      }),
                    onError: fail,
                  },
                )
              }
            >
              Set as default
            </Button>
          )}
          <Tooltip label="Edit">
            <ActionIcon variant="subtle" aria-label={`Edit ${address.title}`} onClick={onEdit}>
              <IconEdit size={16} />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Delete">
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete ${address.title}`}
              loading={remove.isPending}
              onClick={() =>
                remove.mutate(
                  { id: address.id },
                  { onSuccess: () => toast({ title: 'Address deleted' }), onError: fail },
                )
              }
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Tooltip>
        </Group>
      </Group>
    </Card>
  );
}

export function DeliveryAddressesCard() {
  const addresses = useAddresses();
  const [dialog, setDialog] = useState<{ address: AddressDto | null } | null>(null);

  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="md">
        <Title order={2} size="h3">
          Delivery Addresses
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ address: null })}>
          Add Address
        </Button>
      </Group>
      {addresses.isLoading ? (
        <Stack gap="sm">
          {Array.from({ length: 3 }, (_, i) => (
            <Skeleton key={i} h={96} radius="md" data-testid="address-placeholder" />
          ))}
        </Stack>
      ) : addresses.isError ? (
        <Text c="red">{errorMessage(addresses.error)}</Text>
      ) : addresses.data && addresses.data.length > 0 ? (
        <Stack gap="sm">
          {addresses.data.map((address) => (
            <AddressRow key={address.id} address={address} onEdit={() => setDialog({ address })} />
          ))}
        </Stack>
      ) : (
        <Stack align="center" gap="xs" py="xl" data-testid="addresses-empty">
          <IconMapPin size={48} color="var(--mantine-color-gray-5)" />
          <Text fw={600}>No addresses saved</Text>
          <Button variant="light" onClick={() => setDialog({ address: null })}>
            Add Your First Address
          </Button>
        </Stack>
      )}
      <AddressFormDialog
        opened={dialog !== null}
        address={dialog?.address ?? null}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}
