/**
 * Create Role / Edit Role (spec §2, §5: a role needs a name). A built-in role keeps its name; any
 * role can be switched between Active and Inactive (the admin role excepted, the server says why).
 * Toasts per spec §8: 'Role created successfully' / 'Failed to create role' and the update pair.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { CreateRoleInput, UpdateRoleInput, type RoleDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { serverIssues, useReportError } from '../../admin/use-admin-errors';
import { useCreateRole, useUpdateRole } from '../api/use-roles';
import { fieldErrors } from './form-errors';

export function RoleFormDialog({
  opened,
  role,
  onClose,
}: {
  opened: boolean;
  /** The role being edited; null to create one. */
  role: RoleDto | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title={role ? 'Edit Role' : 'Create Role'} centered>
      {opened && <RoleForm key={role?.id ?? 'new'} role={role} onDone={onClose} />}
    </Modal>
  );
}

function RoleForm({ role, onDone }: { role: RoleDto | null; onDone: () => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isActive, setIsActive] = useState(role?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const create = useCreateRole();
  const update = useUpdateRole();
  const report = useReportError();
  const saving = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description: description.trim() || null, isActive };
    const checked = role
      ? UpdateRoleInput.safeParse({ ...body, id: role.id })
      : CreateRoleInput.safeParse(body);
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    const failed = (title: string) => (error: unknown) => {
      const issues = serverIssues(error);
      if (issues.length) setErrors(fieldErrors(issues));
      report(error, { title });
    };
    if (role) {
      update.mutate(
        { ...body, id: role.id },
        {
          onSuccess: (saved) => {
            toast({ title: 'Role updated successfully', description: saved.name });
            onDone();
          },
          onError: failed('Failed to update role'),
        },
      );
    } else {
      create.mutate(body, {
        onSuccess: (saved) => {
          toast({ title: 'Role created successfully', description: saved.name });
          onDone();
        },
        onError: failed('Failed to create role'),
      });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label={role ? 'Edit Role' : 'Create Role'}>
      <Stack gap="sm">
        <TextInput
          label="Name"
          required
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setErrors((current) => ({ ...current, name: undefined }));
          }}
          error={errors.name}
          disabled={role?.isBuiltIn}
          description={role?.isBuiltIn ? 'Built-in roles keep their name' : undefined}
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
          error={errors.description}
        />
        <Switch
          label="Active"
          description="An inactive role grants nothing"
          checked={isActive}
          onChange={(e) => setIsActive(e.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" color="green" loading={saving}>
            {role ? 'Update Role' : 'Create Role'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
