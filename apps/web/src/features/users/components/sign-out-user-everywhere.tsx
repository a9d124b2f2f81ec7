/**
 * Admin → Users → Edit User: "Sign out everywhere" ends every session of the user
 * (docs/architecture.md §4 "Sessions"), after a confirmation. A refusal (a user with more access
 * than the caller) shows as the usual error toast.
 */
import { useState } from 'react';
import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { UserDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { useReportError } from '../../../lib/use-admin-errors';
import { useSignOutUserEverywhere } from '../api/use-users';
import { displayName } from './user-avatar';

export function SignOutUserEverywhere({ user }: { user: UserDto }) {
  const [confirming, setConfirming] = useState(false);
  const signOut = useSignOutUserEverywhere();
  const report = useReportError();
  const confirm = () =>
    signOut.mutate(
      { id: user.id },
      {
        onSuccess: (result) => {
          setConfirming(false);
          toast({ title: 'Signed out everywhere', description: result.message });
        },
        onError: (error) => {
          setConfirming(false);
          report(error, { title: 'Error' });
        },
      },
    );
  return (
    <Card withBorder radius="md" padding="lg" maw={720} mt="md">
      <Group justify="space-between" wrap="nowrap">
        <div>
          <Title order={4}>Sessions</Title>
          <Text size="sm" c="dimmed">
            End every session of this user on every device. API tokens stay valid.
          </Text>
        </div>
        <Button color="red" variant="light" onClick={() => setConfirming(true)}>
          Sign out everywhere
        </Button>
      </Group>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Sign out everywhere?" centered>
        <Stack gap="md">
          <Text size="sm">
            <b>{displayName(user)}</b> will be signed out on every device and browser.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)} disabled={signOut.isPending}>
              Cancel
            </Button>
            <Button color="red" onClick={confirm} loading={signOut.isPending}>
              Sign out everywhere
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
