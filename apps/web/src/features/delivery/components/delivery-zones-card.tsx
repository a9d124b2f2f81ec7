/**
 * Admin → Delivery's Zones card (docs/delivery-slots.md): each zone with the postal codes it covers
 * and its weekly slots (weekday, window in UTC, capacity, cut-off, fee). Staff who may change
 * orders (`orders:update`) add, edit and delete zones and slots; the others (`orders:read_all`)
 * see the same lists without the buttons. The server authorizes every change itself.
 */
import { useState } from 'react';
import {
  ActionIcon,
  Box,
  Button,
  Card,
  Group,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import type { DeliveryZoneDto, SlotTemplateDto } from '@shop/schema';
import { keyboardScrollable } from '../../../theme';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useAccess } from '../../auth';
import { useMoney } from '../../settings';
import { useDeliveryZones } from '../api/use-delivery';
import { DeleteTemplateDialog, DeleteZoneDialog } from './delete-delivery-dialogs';
import { prefixesLabel, templateLabel, WEEKDAY_NAMES } from './delivery-text';
import { SlotTemplateFormDialog } from './slot-template-form-dialog';
import { ZoneFormDialog } from './zone-form-dialog';

interface TemplateTarget {
  zone: DeliveryZoneDto;
  template: SlotTemplateDto;
}

export function DeliveryZonesCard() {
  const zones = useDeliveryZones();
  useUnauthorizedRedirect(zones.error);
  const mayChange = useAccess().can('orders:update');
  const [zoneForm, setZoneForm] = useState<{ zone: DeliveryZoneDto | null } | null>(null);
  const [deletingZone, setDeletingZone] = useState<DeliveryZoneDto | null>(null);
  const [slotForm, setSlotForm] = useState<{
    zone: DeliveryZoneDto;
    template: SlotTemplateDto | null;
  } | null>(null);
  const [deletingSlot, setDeletingSlot] = useState<TemplateTarget | null>(null);
  const list = zones.data ?? [];

  return (
    <Card withBorder radius="md" padding="md" data-testid="delivery-zones">
      <Group justify="space-between" mb="sm">
        <Box>
          <Title order={2} size="h4">
            Zones
          </Title>
          <Text size="sm" c="dimmed">
            Where the shop delivers, by postal code, and the slots it offers each week (UTC). The longest
            matching prefix decides an address&apos;s zone.
          </Text>
        </Box>
        {mayChange && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setZoneForm({ zone: null })}>
            Add zone
          </Button>
        )}
      </Group>
      {zones.isLoading ? (
        <Skeleton h={60} />
      ) : zones.isError ? (
        <Text c="red">The zones could not be loaded. Please try again.</Text>
      ) : list.length === 0 ? (
        <Text c="dimmed">No delivery zone: delivery is not slotted, orders get no delivery slot.</Text>
      ) : (
        <Stack gap="md">
          {list.map((zone) => (
            <ZoneSection
              key={zone.id}
              zone={zone}
              mayChange={mayChange}
              onEdit={() => setZoneForm({ zone })}
              onDelete={() => setDeletingZone(zone)}
              onAddSlot={() => setSlotForm({ zone, template: null })}
              onEditSlot={(template) => setSlotForm({ zone, template })}
              onDeleteSlot={(template) => setDeletingSlot({ zone, template })}
            />
          ))}
        </Stack>
      )}
      <ZoneFormDialog opened={!!zoneForm} zone={zoneForm?.zone ?? null} onClose={() => setZoneForm(null)} />
      <DeleteZoneDialog zone={deletingZone} onClose={() => setDeletingZone(null)} />
      <SlotTemplateFormDialog
        zone={slotForm?.zone ?? null}
        template={slotForm?.template ?? null}
        onClose={() => setSlotForm(null)}
      />
      <DeleteTemplateDialog target={deletingSlot} onClose={() => setDeletingSlot(null)} />
    </Card>
  );
}

function ZoneSection({
  zone,
  mayChange,
  onEdit,
  onDelete,
  onAddSlot,
  onEditSlot,
  onDeleteSlot,
}: {
  zone: DeliveryZoneDto;
  mayChange: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAddSlot: () => void;
  onEditSlot: (template: SlotTemplateDto) => void;
  onDeleteSlot: (template: SlotTemplateDto) => void;
}) {
  const money = useMoney();
  const titleId = `delivery-zone-${zone.id}`;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      component="section"
      aria-labelledby={titleId}
      data-testid="delivery-zone"
      data-zone-name={zone.name}
    >
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Box style={{ minWidth: 0 }}>
          <Title order={3} size="h5" id={titleId}>
            {zone.name}
          </Title>
          <Text size="sm" c="dimmed" data-testid="zone-prefixes">
            Postal codes: {prefixesLabel(zone.postalPrefixes)}
          </Text>
        </Box>
        {mayChange && (
          <Group gap="xs" wrap="nowrap">
            <Button
              size="compact-sm"
              variant="light"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={`Edit zone ${zone.name}`}
            >
              Edit
            </Button>
            <Button
              size="compact-sm"
              variant="light"
              color="red"
              leftSection={<IconTrash size={14} />}
              onClick={onDelete}
              aria-label={`Delete zone ${zone.name}`}
            >
              Delete
            </Button>
          </Group>
        )}
      </Group>
      {zone.templates.length === 0 ? (
        <Text size="sm" c="dimmed" mb={mayChange ? 'xs' : 0}>
          No weekly slots yet: checkout has no slot to offer this zone&apos;s addresses.
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560} scrollAreaProps={keyboardScrollable}>
          <Table verticalSpacing={4} aria-label={`Weekly slots of ${zone.name}`}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Weekday</Table.Th>
                <Table.Th>Window (UTC)</Table.Th>
                <Table.Th>Capacity</Table.Th>
                <Table.Th>Cut-off</Table.Th>
                <Table.Th>Delivery fee</Table.Th>
                {mayChange && <Table.Th ta="right">Actions</Table.Th>}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {zone.templates.map((template) => (
                <Table.Tr key={template.id} data-testid="slot-template" data-template-id={template.id}>
                  <Table.Td>{WEEKDAY_NAMES[template.weekday]}</Table.Td>
                  <Table.Td>
                    {template.start}–{template.end}
                  </Table.Td>
                  <Table.Td data-testid="template-capacity">{template.capacity} orders</Table.Td>
                  <Table.Td>{template.cutoffHours} h</Table.Td>
                  <Table.Td>
                    {template.deliveryFee === null ? 'Shop default' : money(template.deliveryFee)}
                  </Table.Td>
                  {mayChange && (
                    <Table.Td>
                      <Group gap={4} justify="flex-end" wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          onClick={() => onEditSlot(template)}
                          aria-label={`Edit slot ${templateLabel(template)} of ${zone.name}`}
                        >
                          <IconPencil size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => onDeleteSlot(template)}
                          aria-label={`Delete slot ${templateLabel(template)} of ${zone.name}`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  )}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      {mayChange && (
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={14} />}
          onClick={onAddSlot}
          aria-label={`Add slot to ${zone.name}`}
          mt="xs"
        >
          Add slot
        </Button>
      )}
    </Paper>
  );
}
