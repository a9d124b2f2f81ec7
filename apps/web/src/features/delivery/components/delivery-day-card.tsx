/**
 * Admin → Delivery's day view (docs/delivery-slots.md): one day's slots of every zone with their
 * load (booked / capacity) and state, each with Block or Unblock for staff who may change orders
 * (`orders:update`). Dates and windows are UTC.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Table, TextInput, Title } from '@mantine/core';
import { slotWindowLabel, type DeliveryDaySlotDto } from '@shop/schema';
import { keyboardScrollable } from '../../../theme';
import { toast } from '../../../lib/toast';
import { useReportError, useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useAccess } from '../../auth';
import { useDeliveryDay, useSetSlotBlocked } from '../api/use-delivery';
import { TableStateRows } from '../../../components/staff/table-state-rows';

const today = () => new Date().toISOString().slice(0, 10);

function slotState(slot: DeliveryDaySlotDto): { label: string; color: string } {
  if (slot.blocked) return { label: 'Blocked', color: 'red' };
  if (slot.closed) return { label: 'Closed', color: 'gray' };
  if (slot.booked >= slot.capacity) return { label: 'Full', color: 'orange' };
  return { label: 'Open', color: 'green' };
}

export function DeliveryDayCard() {
  const [date, setDate] = useState(today);
  const day = useDeliveryDay(date);
  useUnauthorizedRedirect(day.error);
  const setBlocked = useSetSlotBlocked();
  const mayChange = useAccess().can('orders:update');
  const report = useReportError();

  async function toggle(slot: DeliveryDaySlotDto) {
    try {
      await setBlocked.mutateAsync({ templateId: slot.templateId, date: slot.date, blocked: !slot.blocked });
      toast({ title: slot.blocked ? 'Slot unblocked' : 'Slot blocked', description: slotWindowLabel(slot) });
    } catch (error) {
      report(error, { title: 'Could not change the slot' });
    }
  }

  return (
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
            <TableStateRows
              query={day}
              rows={day.data?.slots.length ?? 0}
              columns={5}
              empty="No delivery slots on this day."
            />
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
  );
}
