/**
 * Create Permission (docs/product.md §5: name, resource and action required). Typing a `resource:action` name
 * fills the two fields while they are untouched. Toasts: 'Permission created successfully' /
 * 'Failed to create permission'.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { CreatePermissionInput } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { useCreatePermission } from '../api/use-roles';
import { fieldErrors } from '../../../lib/form-errors';

export function PermissionFormDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Permission" centered>
      {opened && <PermissionForm onDone={onClose} />}
    </Modal>
  );
}

function PermissionForm({ onDone }: { onDone: () => void }) {
  const [values, setValues] = useState({ name: '', resource: '', action: '', description: '' });
  const [touched, setTouched] = useState(false);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreatePermission();
  const report = useReportError();

  const set = (key: keyof typeof values, value: string) => {
    setValues((current) => {
      const next = { ...current, [key]: value };
      if (key === 'name' && !touched) {
        const [resource = '', action = ''] = value.split(':');
        next.resource = value.includes(':') ? resource.trim() : current.resource;
        next.action = value.includes(':') ? action.trim() : current.action;
      }
      return next;
    });
    if (key === 'resource' || key === 'action') setTouched(true);
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { ...values, description: values.description.trim() || null };
    const checked = CreatePermissionInput.safeParse(body);
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    create.mutate(body, {
      onSuccess: (saved) => {
        toast({ title: 'Permission created successfully', description: saved.name });
        onDone();
      },
      onError: (error) => {
        const issues = serverIssues(error);
        if (issues.length) setErrors(fieldErrors(issues));
        report(error, { title: 'Failed to create permission' });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create Permission">
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          placeholder="e.g., reports:export"
          value={values.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={errors.name}
          data-autofocus
        />
        <SimpleGrid cols={2}>
          <TextInput
            label="Resource"
            required
            placeholder="e.g., reports"
            value={values.resource}
            onChange={(e) => set('resource', e.currentTarget.value)}
            error={errors.resource}
          />
          <TextInput
            label="Action"
            required
            placeholder="e.g., export"
            value={values.action}
            onChange={(e) => set('action', e.currentTarget.value)}
            error={errors.action}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={values.description}
          onChange={(e) => set('description', e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="green" loading={create.isPending}>
            Create Permission
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
