/**
 * Asks before deleting a zone or one of its weekly slots (docs/delivery-slots.md). Deleting a zone
 * deletes its slots and their loads; orders already placed keep the window they were placed for.
 */
import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { DeliveryZoneDto, SlotTemplateDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { useReportError } from '../../../lib/use-admin-errors';
import { useDeleteTemplate, useDeleteZone } from '../api/use-delivery';
import { templateLabel } from './delivery-text';

function ConfirmDelete({
  title,
  opened,
  pending,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  opened: boolean;
  pending: boolean;
  onConfirm: () => void;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      <Stack gap="md">
        <Text size="sm">{children}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={pending} data-autofocus>
            Cancel
          </Button>
          <Button color="red" onClick={onConfirm} loading={pending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

export function DeleteZoneDialog({ zone, onClose }: { zone: DeliveryZoneDto | null; onClose: () => void }) {
  const remove = useDeleteZone();
  const report = useReportError();
  const slots = zone?.templates.length ?? 0;
  const confirm = () => {
    if (!zone) return;
    remove
      .mutateAsync({ id: zone.id })
      .then(() => {
        toast({ title: 'Zone deleted', description: zone.name });
        onClose();
      })
      .catch((error: unknown) => report(error, { title: 'Could not delete the zone' }));
  };
  return (
    <ConfirmDelete
      title={zone ? `Delete zone ${zone.name}?` : 'Delete zone?'}
      opened={!!zone}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete the zone <b>{zone?.name}</b>
      {slots > 0 && ` and its ${slots} weekly ${slots === 1 ? 'slot' : 'slots'}`}? Its addresses are then
      covered by another zone, or are outside the delivery area. Orders already placed keep their delivery
      window. This cannot be undone.
    </ConfirmDelete>
  );
}

export function DeleteTemplateDialog({
  target,
  onClose,
}: {
  target: { zone: DeliveryZoneDto; template: SlotTemplateDto } | null;
  onClose: () => void;
}) {
  const remove = useDeleteTemplate();
  const report = useReportError();
  const label = target ? templateLabel(target.template) : '';
  const confirm = () => {
    if (!target) return;
    remove
      .mutateAsync({ id: target.template.id })
      .then(() => {
        toast({ title: 'Slot deleted', description: `${target.zone.name}: ${label}` });
        onClose();
      })
      .catch((error: unknown) => report(error, { title: 'Could not delete the slot' }));
  };
  return (
    <ConfirmDelete
      title={target ? `Delete slot ${label}?` : 'Delete slot?'}
      opened={!!target}
      pending={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      Delete the weekly slot <b>{label} (UTC)</b> of <b>{target?.zone.name}</b>? Checkout stops offering it;
      orders already placed keep their delivery window. This cannot be undone.
    </ConfirmDelete>
  );
}
