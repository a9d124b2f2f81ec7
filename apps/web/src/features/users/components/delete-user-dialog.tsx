import { useState } from 'react';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import type { UserDto } from '@shop/schema';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { useReportError } from '../../../lib/use-admin-errors';
import { useDeleteUser } from '../api/use-users';
import { displayName } from './user-avatar';

/**
 * Asks before deleting (docs/product.md §2): the action cannot be undone and the user's orders and addresses
 * go with them. A refusal (yourself, the last admin, someone with more access) stays in the dialog.
 */
export function DeleteUserDialog({ user, onClose }: { user: UserDto | null; onClose: () => void }) {
  const remove = useDeleteUser();
  const report = useReportError();
  const [refusal, setRefusal] = useState<string | null>(null);
  const close = () => {
    setRefusal(null);
    onClose();
  };
  const confirm = () => {
    if (!user) return;
    setRefusal(null);
    remove.mutate(
      { id: user.id },
      {
        onSuccess: () => {
          toast({ title: 'Success', description: 'User deleted successfully' });
          close();
        },
        onError: (error) => {
          setRefusal(errorMessage(error));
          report(error, { title: 'Error', description: 'Failed to delete user' });
        },
      },
    );
  };
  return (
    <Modal opened={!!user} onClose={close} title="Delete user?" centered>
      <Stack gap="md">
        <Text size="sm">
          Are you sure you want to delete <b>{user ? displayName(user) : ''}</b>? This action cannot be
          undone. All orders and addresses of this user will be removed.
        </Text>
        {refusal && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} data-testid="delete-user-error">
            {refusal}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={close} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
