/**
 * Create Group (docs/product.md §5: a group needs a name), and the group's permissions (a checkbox list, saved
 * with PUT /api/admin/permission-groups/:id/permissions). Only permissions the signed-in user holds
 * may be added (the server refuses the others). Toasts: 'Permission group created successfully' /
 * 'Failed to create permission group', 'Permission group updated successfully' / 'Failed to update
 * permission group'.
 */
import { useState, type FormEvent } from 'react';
import {
  Button,
  Checkbox,
  Group,
  Modal,
  ScrollArea,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { CreatePermissionGroupInput, type PermissionDto, type PermissionGroupDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { useCreatePermissionGroup, usePermissions, useSetGroupPermissions } from '../api/use-roles';
import { fieldErrors } from '../../../lib/form-errors';

function PermissionChecklist({
  permissions,
  value,
  onChange,
  disabled,
}: {
  permissions: PermissionDto[];
  value: string[];
  onChange: (ids: string[]) => void;
  disabled?: boolean;
}) {
  return (
    <ScrollArea.Autosize mah={320}>
      <Checkbox.Group value={value} onChange={onChange} aria-label="Permissions">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
          {permissions.map((permission) => (
            <Checkbox
              key={permission.id}
              value={permission.id}
              label={permission.name}
              description={permission.description ?? undefined}
              disabled={disabled}
              data-testid="group-permission-option"
            />
          ))}
        </SimpleGrid>
      </Checkbox.Group>
    </ScrollArea.Autosize>
  );
}

export function GroupFormDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Create Group" size="lg" centered>
      {opened && <GroupForm onDone={onClose} />}
    </Modal>
  );
}

function GroupForm({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [permissionIds, setPermissionIds] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const permissions = usePermissions();
  const create = useCreatePermissionGroup();
  const report = useReportError();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const body = { name, description: description.trim() || null, permissionIds };
    const checked = CreatePermissionGroupInput.safeParse(body);
    if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
    create.mutate(body, {
      onSuccess: (saved) => {
        toast({ title: 'Permission group created successfully', description: saved.name });
        onDone();
      },
      onError: (error) => {
        const issues = serverIssues(error);
        if (issues.length) setErrors(fieldErrors(issues));
        report(error, { title: 'Failed to create permission group' });
      },
    });
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Create Group">
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
          data-autofocus
        />
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={description}
          onChange={(e) => setDescription(e.currentTarget.value)}
        />
        <Text size="sm" fw={500}>
          Permissions
        </Text>
        <PermissionChecklist
          permissions={permissions.data ?? []}
          value={permissionIds}
          onChange={setPermissionIds}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={create.isPending}>
            Cancel
          </Button>
          <Button type="submit" color="green" loading={create.isPending}>
            Create Group
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

export function GroupPermissionsDialog({
  group,
  canManage,
  onClose,
}: {
  group: PermissionGroupDto | null;
  canManage: boolean;
  onClose: () => void;
}) {
  return (
    <Modal
      opened={!!group}
      onClose={onClose}
      title={group ? `Group Permissions: ${group.name}` : 'Group Permissions'}
      size="lg"
      centered
    >
      {group && <GroupPermissions key={group.id} group={group} canManage={canManage} onDone={onClose} />}
    </Modal>
  );
}

function GroupPermissions({
  group,
  canManage,
  onDone,
}: {
  group: PermissionGroupDto;
  canManage: boolean;
  onDone: () => void;
}) {
  const [selected, setSelected] = useState(() => group.permissions.map((permission) => permission.id));
  const permissions = usePermissions();
  const save = useSetGroupPermissions();
  const report = useReportError();
  const onSave = () =>
    save.mutate(
      { id: group.id, permissionIds: selected },
      {
        onSuccess: (saved) => {
          toast({ title: 'Permission group updated successfully', description: saved.name });
          onDone();
        },
        onError: (error) => report(error, { title: 'Failed to update permission group' }),
      },
    );
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every role holding this group grants the permissions ticked here.
      </Text>
      <PermissionChecklist
        permissions={permissions.data ?? []}
        value={selected}
        onChange={setSelected}
        disabled={!canManage}
      />
      <Group justify="flex-end">
        <Button variant="default" onClick={onDone} disabled={save.isPending}>
          {canManage ? 'Cancel' : 'Close'}
        </Button>
        {canManage && (
          <Button color="green" onClick={onSave} loading={save.isPending}>
            Save Permissions
          </Button>
        )}
      </Group>
    </Stack>
  );
}
