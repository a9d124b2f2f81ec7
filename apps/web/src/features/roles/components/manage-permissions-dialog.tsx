/**
 * Manage Permissions (docs/product.md §2): a checkbox list of the permission groups, the role's own ticked,
 * saved with PUT /api/admin/roles/:id/permission-groups. Toasts per docs/product.md §8: 'Failed to fetch role
 * details', 'Role permissions updated successfully' / 'Failed to update role permissions'.
 * The save carries the role's version (issue 15): when someone else changed the role meanwhile it
 * is refused, and the dialog names what changed and offers Reload.
 */
import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Checkbox, Group, Modal, ScrollArea, Skeleton, Stack, Text } from '@mantine/core';
import { RoleDetailDto, changedFieldLabels, type PermissionGroupDto, type RoleDto } from '@shop/schema';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { toast } from '../../../lib/toast';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { useReportError } from '../../../lib/use-admin-errors';
import { usePermissionGroups, useRole, useSetRolePermissionGroups } from '../api/use-roles';

export function ManagePermissionsDialog({
  role,
  canManage,
  onClose,
}: {
  role: RoleDto | null;
  canManage: boolean;
  onClose: () => void;
}) {
  const detail = useRole(role?.id ?? null);
  const groups = usePermissionGroups();
  const report = useReportError();
  const reported = useRef<unknown>(null);

  useEffect(() => {
    const error = detail.error ?? groups.error;
    if (role && error && error !== reported.current) {
      reported.current = error;
      report(error, { title: 'Failed to fetch role details' });
    }
  }, [role, detail.error, groups.error, report]);

  return (
    <Modal
      opened={!!role}
      onClose={onClose}
      title={role ? `Manage Permissions: ${role.name}` : 'Manage Permissions'}
      size="lg"
      centered
    >
      {role && (detail.isLoading || groups.isLoading) && (
        <Stack gap="xs" data-testid="role-groups-loading">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} h={28} />
          ))}
        </Stack>
      )}
      {role && detail.data && groups.data && (
        <GroupChecklist
          key={detail.dataUpdatedAt}
          role={detail.data}
          groups={groups.data}
          canManage={canManage}
          onDone={onClose}
        />
      )}
      {role && (detail.isError || groups.isError) && (
        <Text c="dimmed" size="sm">
          The role's permission groups could not be loaded. Please try again.
        </Text>
      )}
    </Modal>
  );
}

/** What the dialog compares to say what someone else changed: the groups by id, and the role's fields. */
const asEdited = (role: RoleDetailDto) => ({
  groups: role.permissionGroups.map((group) => group.id).sort(),
  name: role.name,
  description: role.description,
  isActive: role.isActive,
});

const CHANGE_LABELS = [
  ['groups', 'Permission groups'],
  ['name', 'Name'],
  ['description', 'Description'],
  ['isActive', 'Active'],
] as const satisfies readonly (readonly [keyof ReturnType<typeof asEdited>, string])[];

function GroupChecklist({
  role,
  groups,
  canManage,
  onDone,
}: {
  role: RoleDetailDto;
  groups: PermissionGroupDto[];
  canManage: boolean;
  onDone: () => void;
}) {
  const [selected, setSelected] = useState<string[]>(() => role.permissionGroups.map((group) => group.id));
  // The role as the dialog was (re)loaded: its version goes with the save.
  const { baseline, conflict, catchConflict, reload } = useEditConflict(role, RoleDetailDto);
  const save = useSetRolePermissionGroups();
  const report = useReportError();

  const onSave = () =>
    save.mutate(
      { id: baseline.id, permissionGroupIds: selected, version: baseline.version },
      {
        onSuccess: (saved) => {
          toast({
            title: 'Role permissions updated successfully',
            description: `${saved.name} now has ${saved.permissionGroups.length} permission group(s).`,
          });
          onDone();
        },
        onError: (error) => {
          catchConflict(error);
          report(error, { title: 'Failed to update role permissions' });
        },
      },
    );

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The role grants every active permission of the groups ticked here.
        {!role.isActive && ' This role is inactive: it grants nothing until it is activated.'}
      </Text>
      {groups.length === 0 ? (
        <Text size="sm">No permission groups yet: create one on the Permission Groups tab.</Text>
      ) : (
        <ScrollArea.Autosize mah={420}>
          <Checkbox.Group value={selected} onChange={setSelected} aria-label="Permission groups">
            <Stack gap="sm">
              {groups.map((group) => (
                <Checkbox
                  key={group.id}
                  value={group.id}
                  disabled={!canManage}
                  data-testid="role-group-option"
                  label={
                    <Group gap={6}>
                      <Text size="sm" fw={600}>
                        {group.name}
                      </Text>
                      {!group.isActive && (
                        <Badge size="xs" color="gray" variant="outline" tt="none">
                          Inactive
                        </Badge>
                      )}
                    </Group>
                  }
                  description={
                    group.permissions.length
                      ? group.permissions.map((permission) => permission.name).join(', ')
                      : 'No permissions'
                  }
                />
              ))}
            </Stack>
          </Checkbox.Group>
        </ScrollArea.Autosize>
      )}
      {conflict && (
        <EditConflictAlert
          what="role"
          changed={changedFieldLabels(asEdited(baseline), asEdited(conflict.current), CHANGE_LABELS)}
          onReload={() => {
            const current = reload();
            if (current) setSelected(current.permissionGroups.map((group) => group.id));
          }}
        />
      )}
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
