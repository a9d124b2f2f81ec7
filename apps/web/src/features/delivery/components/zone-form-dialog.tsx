/**
 * Add zone / Edit zone (docs/delivery-slots.md "Zones"): a name and the postal codes it covers, as
 * prefixes (a whole code is its own prefix) or every postal code (the prefix ""). The form is
 * checked with the schema the server uses (`DeliveryZoneInput`); the server's refusals land on the
 * fields too: its `issues` (400) and a name already used (409).
 */
import { Button, Checkbox, Group, Modal, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { DeliveryZoneInput, type DeliveryZoneDto } from '@shop/schema';
import { httpStatusOf, errorMessage } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { fieldErrors } from '../../../lib/form-errors';
import { useCreateZone, useUpdateZone } from '../api/use-delivery';

interface ZoneFormValues {
  name: string;
  /** The prefixes other than '', one per line or comma-separated. */
  prefixes: string;
  everyCode: boolean;
}

function initialValues(zone: DeliveryZoneDto | null): ZoneFormValues {
  return {
    name: zone?.name ?? '',
    prefixes: (zone?.postalPrefixes ?? []).filter((prefix) => prefix !== '').join(', '),
    everyCode: zone?.postalPrefixes.includes('') ?? false,
  };
}

/** The body `createZone` / `updateZone` take. */
export function toZoneBody(values: ZoneFormValues): DeliveryZoneInput {
  const listed = values.prefixes
    .split(/[,\n]/)
    .map((prefix) => prefix.trim())
    .filter(Boolean);
  return { name: values.name, postalPrefixes: [...(values.everyCode ? [''] : []), ...listed] };
}

/** The form calls `postalPrefixes` `prefixes`. */
const zoneFieldOf = (key: string) => (key === 'postalPrefixes' ? 'prefixes' : key);

export function ZoneFormDialog({
  opened,
  onClose,
  zone,
}: {
  opened: boolean;
  onClose: () => void;
  /** null: a new zone. */
  zone: DeliveryZoneDto | null;
}) {
  const title = zone ? `Edit zone ${zone.name}` : 'Add zone';
  return (
    <Modal opened={opened} onClose={onClose} title={title} centered>
      {opened && <ZoneForm key={zone?.id ?? 'new'} zone={zone} title={title} onDone={onClose} />}
    </Modal>
  );
}

function ZoneForm({
  zone,
  title,
  onDone,
}: {
  zone: DeliveryZoneDto | null;
  title: string;
  onDone: () => void;
}) {
  const create = useCreateZone();
  const update = useUpdateZone();
  const report = useReportError();
  const saving = create.isPending || update.isPending;
  const form = useForm<ZoneFormValues>({
    initialValues: initialValues(zone),
    validate: (values) => {
      const checked = DeliveryZoneInput.safeParse(toZoneBody(values));
      return checked.success ? {} : fieldErrors(checked.error.issues, zoneFieldOf);
    },
  });

  const submit = async (values: ZoneFormValues) => {
    const body = DeliveryZoneInput.parse(toZoneBody(values));
    try {
      const saved = zone
        ? await update.mutateAsync({ ...body, id: zone.id })
        : await create.mutateAsync(body);
      toast({ title: zone ? 'Zone updated' : 'Zone added', description: saved.name });
      onDone();
    } catch (error) {
      const issues = serverIssues(error);
      if (issues.length) form.setErrors(fieldErrors(issues, zoneFieldOf));
      // A name already used: said on the field as well as in the toast.
      if (httpStatusOf(error) === 409) form.setFieldError('name', errorMessage(error));
      report(error, { title: 'Could not save the zone' });
    }
  };

  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))} noValidate aria-label={title}>
      <Stack gap="sm">
        <TextInput label="Name" required maxLength={100} data-autofocus {...form.getInputProps('name')} />
        <Checkbox
          label="Every postal code"
          description="Also addresses without one. A zone with listed codes still wins for those codes."
          {...form.getInputProps('everyCode', { type: 'checkbox' })}
        />
        <Textarea
          label="Postal-code prefixes"
          description="One per line or separated by commas; a whole postal code is its own prefix. Spaces and case do not matter."
          placeholder={'627\n62801'}
          autosize
          minRows={2}
          maxRows={8}
          {...form.getInputProps('prefixes')}
        />
        <Group justify="flex-end" mt="sm">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" loading={saving}>
            {zone ? 'Save zone' : 'Add zone'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
