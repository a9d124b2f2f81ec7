/**
 * /admin/delivery (`orders:read_all`; docs/delivery-slots.md): the delivery zones with their weekly
 * slot templates, and one day's slots with their load (booked / capacity), each with Block or
 * Unblock for staff who may change orders (`orders:update`). Zones and templates are managed
 * through the API (`/api/admin/delivery/…`) for now.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Skeleton, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { slotWindowLabel, type DeliveryDaySlotDto, type SlotTemplateDto } from '@shop/schema';
import { keyboardScrollable } from '../../theme';
import { AdminPageHeader } from '../../features/admin/components/admin-page-header';
import { useUnauthorizedRedirect } from '../../features/admin/use-admin-errors';
import { useAccess } from '../../features/roles/api/use-access';
import { useDeliveryDay, useDeliveryZones, useSetSlotBlocked } from '../../features/delivery/api/use-delivery';
import { toast } from '../../lib/toast';
import { errorMessage } from '../../lib/errors';

const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
const today = () => new Date().toISOString().slice(0, 10);

function templateText(t: SlotTemplateDto): string {
  const fee = t.deliveryFee === null ? '' : `, fee ${t.deliveryFee}`;
  return `${WEEKDAYS[t.weekday]} ${t.start}–${t.end}: ${t.capacity} orders, cut-off ${t.cutoffHours} h${fee}`;
}

function slotState(slot: DeliveryDaySlotDto): { label: string; color: string } {
  if (slot.blocked) return { label: 'Blocked', color: 'red' };
  if (slot.closed) return { label: 'Closed', color: 'gray' };
  if (slot.booked >= slot.capacity) return { label: 'Full', color: 'orange' };
  return { label: 'Open', color: 'green' };
}

export function DeliveryPage() {
  const zones = useDeliveryZones();
  const [date, setDate] = useState(today);
  const day = useDeliveryDay(date);
  const setBlocked = useSetSlotBlocked();
  const access = useAccess();
  useUnauthorizedRedirect(zones.error ?? day.error);
  const mayChange = access.can('orders:update');

  async function toggle(slot: DeliveryDaySlotDto) {
    try {
      await setBlocked.mutateAsync({ templateId: slot.templateId, date: slot.date, blocked: !slot.blocked });
      toast({ title: slot.blocked ? 'Slot unblocked' : 'Slot blocked', description: slotWindowLabel(slot) });
    } catch (error) {
      toast({ title: 'Could not change the slot', description: errorMessage(error), variant: 'destructive' });
    }
  }

  return (
    <>
      <AdminPageHeader title="Delivery" description="Delivery zones, their weekly slots, and each day's load" />
      <Stack gap="lg">
        <Card withBorder radius="md" padding="md">
          <Title order={2} size="h4" mb="sm">
            Zones
          </Title>
          {zones.isLoading ? (
            <Skeleton h={60} />
          ) : (zones.data ?? []).length === 0 ? (
            <Text c="dimmed">No delivery zone: delivery is not slotted.</Text>
          ) : (
            <Stack gap="sm">
              {zones.data!.map((zone) => (
                <div key={zone.id} data-testid="delivery-zone">
                  <Text fw={600}>
                    {zone.name}{' '}
                    <Text span c="dimmed" size="sm">
                      (postal codes:{' '}
                      {zone.postalPrefixes.map((prefix) => (prefix === '' ? 'all' : `${prefix}…`)).join(', ')})
                    </Text>
                  </Text>
                  <Text size="sm" c="dimmed">
                    {zone.templates.length} weekly slots
                    {zone.templates.length > 0 && `: ${zone.templates.slice(0, 4).map(templateText).join('; ')}`}
                    {zone.templates.length > 4 && '; …'}
                  </Text>
                </div>
              ))}
            </Stack>
          )}
        </Card>

        <Card withBorder radius="md" padding="md">
          <Group justify="space-between" align="flex-end" mb="sm">
            <Title order={2} size="h4">
              Slots of the day (UTC)
            </Title>
            <TextInput
              type="date"
              label="Day"
              value={date}
              onChange={(event) => setDate(event.currentTarget.value)}
            />
          </Group>
          <Table.ScrollContainer minWidth={640} scrollAreaProps={keyboardScrollable}>
            <Table verticalSpacing="sm" aria-label="Delivery slots of the day">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Zone</Table.Th>
                  <Table.Th>Window</Table.Th>
                  <Table.Th>Load</Table.Th>
                  <Table.Th>State</Table.Th>
                  <Table.Th ta="right">Action</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {day.isLoading && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Skeleton h={28} />
                    </Table.Td>
                  </Table.Tr>
                )}
                {!day.isLoading && (day.data?.slots ?? []).length === 0 && (
                  <Table.Tr>
                    <Table.Td colSpan={5}>
                      <Text c="dimmed">No delivery slots on this day.</Text>
                    </Table.Td>
                  </Table.Tr>
                )}
                {(day.data?.slots ?? []).map((slot) => {
                  const state = slotState(slot);
                  return (
                    <Table.Tr key={slot.templateId} data-testid="delivery-day-slot">
                      <Table.Td>{slot.zoneName}</Table.Td>
                      <Table.Td>{slotWindowLabel(slot)}</Table.Td>
                      <Table.Td data-testid="slot-load">
                        {slot.booked} / {slot.capacity}
                      </Table.Td>
                      <Table.Td>
                        <Badge color={state.color} variant="light" tt="none">
                          {state.label}
                        </Badge>
                      </Table.Td>
                      <Table.Td ta="right">
                        {mayChange && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            color={slot.blocked ? 'green' : 'red'}
                            loading={setBlocked.isPending && setBlocked.variables?.templateId === slot.templateId}
                            onClick={() => void toggle(slot)}
                            aria-label={`${slot.blocked ? 'Unblock' : 'Block'} ${slot.zoneName} ${slotWindowLabel(slot)}`}
                          >
                            {slot.blocked ? 'Unblock' : 'Block'}
                          </Button>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      </Stack>
    </>
  );
}
