/**
 * Create User and Edit User (docs/product.md §2, §5): first and last name, email, optional phone and the role
 * (default customer) with its description under it; on Edit also the custom role whose permission
 * groups then decide the user's access. Checked with the same zod schema as the server, so the
 * messages are the spec's; what the server refuses shows beside the field or above the buttons.
 * Success and failure toasts per docs/product.md §8; both create and update then go back to /admin/users.
 * An edit is sent with the version it was loaded at (issue 15): when someone else changed the user
 * meanwhile it is refused, and the form names what changed and offers Reload.
 */
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import {
  CreateUserInput,
  ROLES,
  ROLE_DESCRIPTIONS,
  UpdateUserInput,
  UserDto,
  changedFieldLabels,
  roleLabel,
  type Role,
} from '@shop/schema';
import { EditConflictAlert } from '../../../components/edit-conflict-alert';
import { toast } from '../../../lib/toast';
import { useEditConflict } from '../../../lib/use-edit-conflict';
import { errorData, errorMessage } from '../../../lib/errors';
import { paths } from '../../../paths';
import { serverIssues, useReportError } from '../../../lib/use-admin-errors';
import { fieldErrors } from '../../../lib/form-errors';
import { useAccess } from '../../auth';
import { useRoles } from '../../roles';
import { useCreateUser, useUpdateUser } from '../api/use-users';

interface FormValues {
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  role: Role;
  roleId: string;
}

type Field = keyof FormValues;
type FieldErrors = Partial<Record<Field, string>>;

/** The Custom role select's "none" (Mantine's Select wants a non-empty value). */
export const NO_CUSTOM_ROLE = 'none';

const ROLE_OPTIONS = ROLES.map((role) => ({ value: role, label: roleLabel(role) }));

function initialValues(user: UserDto | null): FormValues {
  return {
    firstName: user?.firstName ?? '',
    lastName: user?.lastName ?? '',
    email: user?.email ?? '',
    phone: user?.phone ?? '',
    role: (ROLES as readonly string[]).includes(user?.role ?? '') ? (user!.role as Role) : 'customer',
    roleId: user?.roleId ?? NO_CUSTOM_ROLE,
  };
}

/** The user's fields as the form names them, for saying what someone else changed. */
const CHANGE_LABELS = [
  ['firstName', 'First Name'],
  ['lastName', 'Last Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['role', 'Role'],
  ['roleId', 'Custom role'],
] as const satisfies readonly (readonly [keyof UserDto, string])[];

export function UserForm({ user }: { user: UserDto | null }) {
  const navigate = useNavigate();
  const access = useAccess();
  const canReadRoles = access.can('roles:read');
  const roles = useRoles({ enabled: !!user && canReadRoles });
  const create = useCreateUser();
  const update = useUpdateUser();
  const report = useReportError();
  const [values, setValues] = useState<FormValues>(() => initialValues(user));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  // The user as the form was (re)loaded: its version goes with the save.
  const { baseline, conflict, catchConflict, reload } = useEditConflict(user, UserDto);
  const saving = create.isPending || update.isPending;

  const set = <K extends Field>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const customRoles = (roles.data ?? []).filter((role) => !role.isBuiltIn);
  const customRoleOptions = [
    { value: NO_CUSTOM_ROLE, label: 'None (the built-in role decides)' },
    ...customRoles.map((role) => ({
      value: role.id,
      label: role.isActive ? role.name : `${role.name} (inactive)`,
    })),
  ];
  // A custom role the list does not offer (not allowed to read roles): still shown by name.
  if (user?.customRole && !customRoleOptions.some((option) => option.value === user.customRole!.id)) {
    customRoleOptions.push({ value: user.customRole.id, label: user.customRole.name });
  }

  const onError = (error: unknown) => {
    const issues = serverIssues(error);
    if (issues.length) setErrors(fieldErrors(issues));
    else if (catchConflict(error)) setFormError(null);
    else if (errorData(error).code === 'CONFLICT' && /email/i.test(errorMessage(error))) {
      setErrors({ email: errorMessage(error) });
    } else setFormError(errorMessage(error));
    report(error, { title: 'Error', description: user ? 'Failed to update user' : 'Failed to create user' });
  };

  const onDone = (message: string) => {
    toast({ title: 'Success', description: message });
    navigate(paths.adminUsers);
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setFormError(null);
    const fields = {
      email: values.email,
      firstName: values.firstName,
      lastName: values.lastName,
      phone: values.phone.trim() || null,
      role: values.role,
    };
    if (baseline) {
      const body = {
        ...fields,
        id: baseline.id,
        roleId: values.roleId === NO_CUSTOM_ROLE ? null : values.roleId,
        version: baseline.version,
      };
      const checked = UpdateUserInput.safeParse(body);
      if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
      update.mutate(body, { onSuccess: () => onDone('User updated successfully'), onError });
    } else {
      const checked = CreateUserInput.safeParse(fields);
      if (!checked.success) return setErrors(fieldErrors(checked.error.issues));
      create.mutate(fields, { onSuccess: () => onDone('User created successfully'), onError });
    }
  };

  return (
    <Card withBorder radius="md" padding="lg" maw={720}>
      <form onSubmit={onSubmit} noValidate aria-label={user ? 'Edit User' : 'Create User'}>
        <Stack gap="md">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="First Name"
              required
              value={values.firstName}
              onChange={(e) => set('firstName', e.currentTarget.value)}
              error={errors.firstName}
              data-autofocus
            />
            <TextInput
              label="Last Name"
              required
              value={values.lastName}
              onChange={(e) => set('lastName', e.currentTarget.value)}
              error={errors.lastName}
            />
          </SimpleGrid>
          <TextInput
            label="Email"
            type="email"
            required
            value={values.email}
            onChange={(e) => set('email', e.currentTarget.value)}
            error={errors.email}
          />
          <TextInput
            label="Phone"
            type="tel"
            placeholder="Optional"
            value={values.phone}
            onChange={(e) => set('phone', e.currentTarget.value)}
            error={errors.phone}
          />
          <div>
            <Select
              label="Role"
              required
              data={ROLE_OPTIONS}
              value={values.role}
              onChange={(value) => value && set('role', value as Role)}
              error={errors.role}
              allowDeselect={false}
              comboboxProps={{ withinPortal: true }}
            />
            <Text size="sm" c="dimmed" mt={4} data-testid="role-description">
              {ROLE_DESCRIPTIONS[values.role]}
            </Text>
          </div>
          {user && (
            <Select
              label="Custom role"
              description="When set, this role's permission groups decide what the user may do instead of the built-in role."
              data={customRoleOptions}
              value={values.roleId}
              onChange={(value) => set('roleId', value ?? NO_CUSTOM_ROLE)}
              error={errors.roleId}
              allowDeselect={false}
              disabled={!canReadRoles}
              placeholder={roles.isLoading ? 'Loading roles...' : undefined}
              comboboxProps={{ withinPortal: true }}
            />
          )}
          {conflict && baseline && (
            <EditConflictAlert
              what="user"
              changed={changedFieldLabels(baseline, conflict.current, CHANGE_LABELS)}
              onReload={() => {
                const current = reload();
                if (current) setValues(initialValues(current));
                setErrors({});
              }}
            />
          )}
          {formError && (
            <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="user-form-error">
              {formError}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => navigate(paths.adminUsers)} disabled={saving}>
              Cancel
            </Button>
            <Button type="submit" color="green" loading={saving}>
              {user ? 'Update User' : 'Create User'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
