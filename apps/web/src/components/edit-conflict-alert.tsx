/**
 * What an edit form shows when its save was refused because someone else changed the row meanwhile
 * (issue 15): which fields changed, and a Reload button that loads the current values.
 */
import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { EDIT_CONFLICT_MESSAGES } from '@shop/schema';

export function EditConflictAlert({
  what,
  changed,
  onReload,
}: {
  /** 'product', 'user', 'role'. */
  what: string;
  /** The labels of the form's fields that changed. */
  changed: readonly string[];
  onReload: () => void;
}) {
  return (
    <Alert
      color="orange"
      icon={<IconAlertTriangle size={18} />}
      title="Changed while you were editing"
      data-testid="edit-conflict"
    >
      <Stack gap="xs">
        <Text size="sm">{EDIT_CONFLICT_MESSAGES.changedWhileEditing(what, changed)}</Text>
        <Text size="sm">Reload to see the current values, then make your change again.</Text>
        <Group>
          <Button
            size="xs"
            variant="light"
            color="orange"
            leftSection={<IconRefresh size={14} />}
            onClick={onReload}
          >
            Reload
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
