/**
 * Create API Token: for whom, a name that says what the script is, read-only or read-write, which
 * of your permissions it is limited to (optional), and when it stops working (within a year).
 * The answer holds the secret, which the next dialog shows once.
 */
import { useState } from 'react';
import { Button, Group, Modal, MultiSelect, Radio, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import {
  API_TOKEN_MESSAGES,
  PERMISSION_NAMES,
  READ_PERMISSIONS,
  type ApiTokenCreated,
  type ApiTokenScope,
  type Permission,
} from '@shop/schema';
import { useCreateApiToken, useTokenUserOptions } from './use-api-tokens';
import { errorMessage } from '../../lib/errors';
import { fieldErrors } from '../../lib/form-errors';
import { useAccess } from '../auth';

/** Expiry choices in days: a token always expires, within a year. */
const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
];
const isRead = (name: string) => READ_PERMISSIONS.includes(name as Permission);
const DAY_MS = 24 * 60 * 60 * 1000;

export function CreateTokenDialog({
  opened,
  onClose,
  onCreated,
}: {
  opened: boolean;
  onClose: () => void;
  onCreated: (token: ApiTokenCreated) => void;
}) {
  const [userSearch, setUserSearch] = useState('');
  const [debounced] = useDebouncedValue(userSearch.trim(), 250);
  const users = useTokenUserOptions(debounced);
  const [userId, setUserId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [expiry, setExpiry] = useState('90');
  const [scope, setScope] = useState<ApiTokenScope>('read');
  const [permissions, setPermissions] = useState<string[]>([]);
  const access = useAccess();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateApiToken();

  const reset = () => {
    setUserId(null);
    setUserSearch('');
    setName('');
    setExpiry('90');
    setScope('read');
    setPermissions([]);
    setErrors({});
    create.reset();
  };
  const close = () => {
    reset();
    onClose();
  };

  const submit = async () => {
    const missing: Record<string, string> = {};
    if (!userId) missing.userId = API_TOKEN_MESSAGES.user;
    if (!name.trim()) missing.name = API_TOKEN_MESSAGES.name;
    setErrors(missing);
    if (Object.keys(missing).length) return;
    try {
      const created = await create.mutateAsync({
        userId: userId!,
        name,
        scope,
        permissions: permissions.length ? permissions : null,
        expiresAt: new Date(Date.now() + Number(expiry) * DAY_MS).toISOString(),
      });
      reset();
      onCreated(created);
    } catch (error) {
      const issues =
        (error as { data?: { issues?: { path: string; message: string }[] } }).data?.issues ?? [];
      const fields = fieldErrors(issues) as Record<string, string>;
      setErrors(Object.keys(fields).length ? fields : { form: errorMessage(error) });
    }
  };

  // Only what you hold yourself, and for a read-only token only what reads.
  const grantable = PERMISSION_NAMES.filter(
    (name) => access.permissions.has(name) && (scope === 'write' || isRead(name)),
  );
  const changeScope = (value: string) => {
    const next = value as ApiTokenScope;
    setScope(next);
    if (next === 'read') setPermissions((chosen) => chosen.filter(isRead));
  };

  const options = (users.data?.items ?? []).map((user) => ({
    value: user.id,
    label: `${user.email} (${user.role})`,
  }));
  return (
    <Modal opened={opened} onClose={close} title="Create API Token">
      <Stack>
        <Select
          label="User"
          description="The token acts as this user, with their permissions"
          placeholder="Search by email or name"
          searchable
          searchValue={userSearch}
          onSearchChange={setUserSearch}
          data={options}
          value={userId}
          onChange={setUserId}
          nothingFoundMessage="No users found"
          error={errors.userId}
          filter={({ options: all }) => all}
        />
        <TextInput
          label="Name"
          placeholder="e.g. Nightly stock sync"
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={errors.name}
          maxLength={100}
        />
        <Radio.Group label="Scope" value={scope} onChange={changeScope} error={errors.scope}>
          <Group mt="xs">
            <Radio value="read" label="Read-only" />
            <Radio value="write" label="Read-write" />
          </Group>
        </Radio.Group>
        <MultiSelect
          label="Limit to permissions"
          description="Optional. Empty: the user's permissions, except managing users and roles"
          placeholder={permissions.length ? undefined : 'All of the user’s permissions'}
          data={grantable}
          value={permissions}
          onChange={setPermissions}
          searchable
          clearable
          error={errors.permissions}
        />
        <Select
          label="Expires"
          data={EXPIRY_OPTIONS}
          value={expiry}
          onChange={(value) => setExpiry(value ?? '')}
          allowDeselect={false}
          error={errors.expiresAt}
        />
        {errors.form && (
          <div role="alert" style={{ color: 'var(--mantine-color-red-7)' }}>
            {errors.form}
          </div>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close}>
            Cancel
          </Button>
          <Button onClick={submit} loading={create.isPending}>
            Create Token
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
