/** The one time a token's secret is shown: copy it now. */
import { Alert, Button, Code, CopyButton, Group, Modal, Stack, Text } from '@mantine/core';
import { API_TOKEN_MESSAGES, type ApiTokenCreated } from '@shop/schema';

export function TokenCreatedDialog({
  token,
  onClose,
}: {
  token: ApiTokenCreated | null;
  onClose: () => void;
}) {
  return (
    <Modal opened={token !== null} onClose={onClose} title="API token created" size="lg">
      {token && (
        <Stack>
          <Alert color="yellow">{API_TOKEN_MESSAGES.created}</Alert>
          <Text size="sm">
            {token.name} acts as {token.user.email}. Send it as <Code>Authorization: Bearer …</Code>.
          </Text>
          <Code block aria-label="New API token" style={{ wordBreak: 'break-all' }}>
            {token.token}
          </Code>
          <Group justify="flex-end">
            <CopyButton value={token.token}>
              {({ copied, copy }) => (
                <Button variant="default" onClick={copy}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
            <Button onClick={onClose}>Done</Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
