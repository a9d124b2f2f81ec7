/**
 * Create Role / Edit Role (docs/product.md §2, §5: a role needs a name). A built-in role keeps its name; any
 * role can be switched between Active and Inactive (the admin role excepted, the server says why).
 * Toasts per docs/product.md §8: 'Role created successfully' / 'Failed to create role' and the update pair.
 * An edit is sent with the version it was loaded at (issue 15): when someone else changed the role
 * meanwhile (its groups included) it is refused, and the dialog names what changed and offers Reload.
 */
import { useState, type FormEvent } from 'react';
import { Button, Group, Modal, Stack, Switch, TextInput, Textarea } from '@mantine/core';
import { CreateRoleInput, RoleDto, UpdateRoleInput, changedFieldLabels } from '@shop/schema';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { toast } from '../../../lib/toast';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { useCreateRole, useUpdateRole } from '../api/use-roles';
import { fieldErrors } from '../../../lib/form-errors';

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

/** The role's fields as the dialog names them, for saying what someone else changed. */
const CHANGE_LABELS = [
  ['name', 'Name'],
  ['description', 'Description'],
  ['isActive', 'Active'],
] as const satisfies readonly (readonly [keyof RoleDto, string])[];

function RoleForm({ role, onDone }: { role: RoleDto | null; onDone: () => void }) {
  const [name, setName] = useState(role?.name ?? '');
  const [description, setDescription] = useState(role?.description ?? '');
  const [isActive, setIsActive] = useState(role?.isActive ?? true);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  // The role as the dialog was (re)loaded: its version goes with the save.
  const { baseline, conflict, catchConflict, reload } = useEditConflict(role, RoleDto);
  const create = useCreateRole();
  const update = useUpdateRole();
  const report = useReportError();
  const saving = create.isPending || update.isPending;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description: description.trim() || null, isActive };
    const checked = baseline
      ? UpdateRoleInput.safeParse({ ...body, id: baseline.id })
      : CreateRoleInput.safeParse(body);
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    const failed = (title: string) => (error: unknown) => {
      const issues = serverIssues(error);
      if (issues.length) setErrors(fieldErrors(issues));
      catchConflict(error);
      report(error, { title });
    };
    if (baseline) {
      update.mutate(
        { ...body, id: baseline.id, version: baseline.version },
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
        {conflict && baseline && (
          <EditConflictAlert
            what="role"
            changed={changedFieldLabels(baseline, conflict.current, CHANGE_LABELS)}
            onReload={() => {
              const current = reload();
              if (current) {
                setName(current.name);
                setDescription(current.description ?? '');
                setIsActive(current.isActive);
              }
              setErrors({});
            }}
          />
        )}
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
