/**
 * "Sign out everywhere" (docs/product.md §2 'Shared header', docs/architecture.md §4 "Sessions"):
 * asks first, then ends every session of the signed-in user, this browser's included. On success
 * the toast says so and every query is refetched, so the header turns to its signed-out state.
 */
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useNavigate } from 'react-router-dom';
import { trpc } from '../../../lib/trpc';
import { toast } from '../../../lib/toast';
import { errorMessage } from '../../../lib/errors';
import { paths } from '../../../paths';

export function SignOutEverywhereDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const utils = trpc.useUtils();
  const navigate = useNavigate();
  const signOut = trpc.auth.signOutEverywhere.useMutation({
    onSuccess: async () => {
      onClose();
      toast({ title: 'Signed out everywhere', description: 'You have been signed out on every device.' });
      navigate(paths.home);
      await utils.invalidate();
    },
    onError: (error) => {
      toast({ title: 'Error', description: errorMessage(error), variant: 'destructive' });
    },
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Sign out everywhere?" centered>
      <Stack gap="md">
        <Text size="sm">You will be signed out on every device and browser, this one included.</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={signOut.isPending}>
            Cancel
          </Button>
          <Button color="red" onClick={() => signOut.mutate()} loading={signOut.isPending}>
            Sign out everywhere
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
