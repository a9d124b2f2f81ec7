/**
 * Create API Token: for whom, a name that says what the script is, and when it stops working.
 * The answer holds the secret, which the next dialog shows once.
 */
import { useState } from 'react';
import { Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { API_TOKEN_MESSAGES, type ApiTokenCreated } from '@shop/schema';
import { useCreateApiToken, useTokenUserOptions } from './use-api-tokens';
import { errorMessage } from '../../lib/errors';
import { fieldErrors } from '../roles/components/form-errors';

/** Expiry choices in days; '' is never. */
const EXPIRY_OPTIONS = [
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: '365', label: '1 year' },
  { value: '', label: 'Never' },
];
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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCreateApiToken();

  const reset = () => {
    setUserId(null);
    setUserSearch('');
    setName('');
    setExpiry('90');
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
        expiresAt: expiry ? new Date(Date.now() + Number(expiry) * DAY_MS).toISOString() : null,
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
