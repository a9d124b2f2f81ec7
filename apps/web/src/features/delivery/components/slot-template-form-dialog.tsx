/**
 * Add slot / Edit slot (docs/delivery-slots.md "Slot templates"): one weekly slot of a zone, its
 * weekday, window (UTC), capacity in orders, cut-off in hours before the window opens, and a
 * delivery fee that overrides the shop's when set. Checked with the server's own schema
 * (`SlotTemplateInput` / `UpdateSlotTemplateInput`); the server's `issues` land on the fields.
 * A change applies to the template's slots at once (a capacity below the booked count fills them).
 */
import { Button, Group, Modal, NativeSelect, NumberInput, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import {
  SLOT_WINDOW_MESSAGE,
  SlotTemplateInput,
  type DeliveryZoneDto,
  type SlotTemplateDto,
} from '@shop/schema';
import { toast } from '../../../lib/toast';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { fieldErrors } from '../../../lib/form-errors';
import { useCreateTemplate, useUpdateTemplate } from '../api/use-delivery';
import { templateLabel, WEEK_ORDER, WEEKDAY_NAMES } from './delivery-text';

interface TemplateFormValues {
  weekday: string;
  start: string;
  end: string;
  capacity: number | string;
  cutoffHours: number | string;
  /** '' = the shop's fee. */
  deliveryFee: string;
}

function initialValues(template: SlotTemplateDto | null): TemplateFormValues {
  return {
    weekday: String(template?.weekday ?? 1),
    start: template?.start ?? '09:00',
    end: template?.end ?? '12:00',
    capacity: template?.capacity ?? 20,
    cutoffHours: template?.cutoffHours ?? 2,
    deliveryFee: template?.deliveryFee ?? '',
  };
}

const whole = (value: number | string) =>
  typeof value === 'number' ? value : value.trim() === '' ? undefined : Number(value);

/** '4.5' → '4.50'; anything else as typed, for the schema to name. */
const money = (value: string) =>
  /^\d+(\.\d{1,2})?$/.test(value.trim()) ? Number(value).toFixed(2) : value.trim();

/** The body without the zone or id, as `createTemplate` / `updateTemplate` take it. */
export function toTemplateFields(values: TemplateFormValues) {
  return {
    weekday: Number(values.weekday),
    start: values.start,
    end: values.end,
    capacity: whole(values.capacity) as number,
    cutoffHours: whole(values.cutoffHours) as number,
    deliveryFee: values.deliveryFee.trim() === '' ? null : money(values.deliveryFee),
  };
}

/**
 * The schema's problems per field. The schema checks the window only once every field is valid;
 * the form says it at once, with the same words.
 */
export function templateFormErrors(
  values: TemplateFormValues,
  zoneId: string,
): Partial<Record<string, string>> {
  const checked = SlotTemplateInput.safeParse({ ...toTemplateFields(values), zoneId });
  const errors = checked.success ? {} : fieldErrors(checked.error.issues);
  const times = /^\d\d:\d\d$/;
  if (!errors.end && times.test(values.start) && times.test(values.end) && values.end <= values.start) {
    errors.end = SLOT_WINDOW_MESSAGE;
  }
  return errors;
}

export function SlotTemplateFormDialog({
  zone,
  template,
  onClose,
}: {
  /** The zone the slot belongs to; null: closed. */
  zone: DeliveryZoneDto | null;
  /** null: a new slot. */
  template: SlotTemplateDto | null;
  onClose: () => void;
}) {
  const title = zone
    ? template
      ? `Edit slot ${templateLabel(template)} of ${zone.name}`
      : `Add slot to ${zone.name}`
    : '';
  return (
    <Modal opened={!!zone} onClose={onClose} title={title} centered>
      {zone && (
        <TemplateForm
          key={template?.id ?? 'new'}
          zone={zone}
          template={template}
          title={title}
          onDone={onClose}
        />
      )}
    </Modal>
  );
}

function TemplateForm({
  zone,
  template,
  title,
  onDone,
}: {
  zone: DeliveryZoneDto;
  template: SlotTemplateDto | null;
  title: string;
  onDone: () => void;
}) {
  const create = useCreateTemplate();
  const update = useUpdateTemplate();
  const report = useReportError();
  const saving = create.isPending || update.isPending;
  const form = useForm<TemplateFormValues>({
    initialValues: initialValues(template),
    validate: (values) => templateFormErrors(values, zone.id),
  });

  const submit = async (values: TemplateFormValues) => {
    const fields = toTemplateFields(values);
    try {
      const saved = template
        ? await update.mutateAsync({ ...fields, id: template.id })
        : await create.mutateAsync({ ...fields, zoneId: zone.id });
      toast({
        title: template ? 'Slot updated' : 'Slot added',
        description: `${zone.name}: ${templateLabel(saved)}`,
      });
      onDone();
    } catch (error) {
      const issues = serverIssues(error);
      if (issues.length) form.setErrors(fieldErrors(issues));
      report(error, { title: 'Could not save the slot' });
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-label={title}>
      <Stack gap="sm">
        <NativeSelect
          label="Weekday"
          required
          data={WEEK_ORDER.map((day) => ({ value: String(day), label: WEEKDAY_NAMES[day]! }))}
          data-autofocus
          {...form.getInputProps('weekday')}
        />
        <SimpleGrid cols={2}>
          <TextInput type="time" label="Starts (UTC)" required {...form.getInputProps('start')} />
          <TextInput type="time" label="Ends (UTC)" required {...form.getInputProps('end')} />
        </SimpleGrid>
        <SimpleGrid cols={2}>
          <NumberInput
            label="Capacity"
            description="Orders per slot"
            required
            min={0}
            max={100_000}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('capacity')}
          />
          <NumberInput
            label="Cut-off (hours)"
            description="Before the window opens"
            required
            min={0}
            max={336}
            allowDecimal={false}
            allowNegative={false}
            {...form.getInputProps('cutoffHours')}
          />
        </SimpleGrid>
        <TextInput
          label="Delivery fee"
          description="Leave empty for the shop default; free delivery over the shop's threshold still applies."
          placeholder="Shop default"
          inputMode="decimal"
          {...form.getInputProps('deliveryFee')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {template ? 'Save slot' : 'Add slot'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
