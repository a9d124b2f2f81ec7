/**
 * /admin/picking (`orders:read_all`; docs/picking.md; issue 21 part 4): a day's orders to pick,
 * by delivery slot window (UTC), each with its lines as a checklist, the lots to take them from and,
 * for weighed lines, the weighing form (`orders:update`). Print prints the list alone, a slot window
 * a page (picking.css). Staff live events refresh it as orders arrive or change.
 */
import { useState } from 'react';
import { Button, Card, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { shopToday } from '@shop/schema';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { PickingSlotSection } from '../components/picking-slot-section';
import { usePickingList } from '../../orders';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useAccess } from '../../auth';
import './picking.css';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

export function PickingPage() {
  const [date, setDate] = useState(() => shopToday());
  // A half-typed date keeps the last whole one on screen rather than asking the server for nonsense.
  const [shown, setShown] = useState(date);
  const picking = usePickingList(shown);
  useUnauthorizedRedirect(picking.error);
  const mayWeigh = useAccess().can('orders:update');
  const slots = picking.data?.slots ?? [];
  const orders = slots.reduce((sum, slot) => sum + slot.orders.length, 0);

  return (
    <div className="picking-sheet">
      <AdminPageHeader title="Picking" description={`Orders to pick on ${shown}, by delivery slot (UTC)`}>
        <Button leftSection={<IconPrinter size={16} />} variant="default" onClick={() => window.print()}>
          Print
        </Button>
      </AdminPageHeader>
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end" className="picking-no-print">
          <TextInput
            type="date"
            label="Picking day"
            value={date}
            onChange={(event) => {
              const value = event.currentTarget.value;
              setDate(value);
              if (DATE.test(value)) setShown(value);
            }}
          />
          {picking.data && orders > 0 && (
            <Text size="sm" c="dimmed" data-testid="picking-count">
              {orders} {orders === 1 ? 'order' : 'orders'} in {slots.length}{' '}
              {slots.length === 1 ? 'group' : 'groups'}
            </Text>
          )}
        </Group>
        {picking.isLoading ? (
          <Stack gap="sm">
            <Skeleton h={28} w={200} />
            <Skeleton h={120} />
          </Stack>
        ) : slots.length === 0 ? (
          <Card withBorder radius="md" padding="lg">
            <Text c="dimmed" data-testid="picking-empty">
              Nothing to pick on {shown}
            </Text>
          </Card>
        ) : (
          slots.map((slot) => (
            <PickingSlotSection key={slot.start ?? 'none'} slot={slot} mayWeigh={mayWeigh} />
          ))
        )}
      </Stack>
    </div>
  );
}
