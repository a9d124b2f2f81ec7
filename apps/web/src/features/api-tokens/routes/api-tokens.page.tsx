/**
 * /admin/api-tokens: tokens for internal scripts (api_tokens:manage). Each acts as one user with at
 * most that user's current permissions, read-only or read-write, and expires within a year; the secret is shown once, at creation; a revoked token stops working
 * at its next request. Revoked and expired tokens stay listed as a record of who had access.
 */
import { useState } from 'react';
import { Badge, Button, Card, Code, Group, Modal, Table, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import {
  formatUserDate,
  type ApiTokenCreated,
  type ApiTokenDto,
  type ApiTokenScope,
  type ApiTokenStatus,
} from '@shop/schema';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { useReportError, useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useApiTokens, useRevokeApiToken } from '../use-api-tokens';
import { CreateTokenDialog } from '../create-token-dialog';
import { TokenCreatedDialog } from '../token-created-dialog';
import { toast } from '../../../lib/toast';

const STATUS_COLOR: Record<ApiTokenStatus, string> = { active: 'green', expired: 'gray', revoked: 'red' };
const SCOPE_LABEL: Record<ApiTokenScope, string> = { read: 'read-only', write: 'read-write' };

export function ApiTokensPage() {
  const tokens = useApiTokens();
  useUnauthorizedRedirect(tokens.error);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiTokenCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiTokenDto | null>(null);
  const revoke = useRevokeApiToken();
  const reportError = useReportError();

  const confirmRevoke = async () => {
    if (!revoking) return;
    try {
      await revoke.mutateAsync({ id: revoking.id });
      toast({ title: 'Token revoked', description: `${revoking.name} no longer works.` });
      setRevoking(null);
    } catch (error) {
      reportError(error, { title: 'Error', description: 'Failed to revoke the token' });
    }
  };

  const rows = tokens.data ?? [];
  return (
    <>
      <AdminPageHeader title="API Tokens" description="Tokens for internal scripts, the CLI and integrations">
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create Token
        </Button>
      </AdminPageHeader>
      <Card withBorder padding={0}>
        <Table.ScrollContainer minWidth={800}>
          <Table verticalSpacing="sm" highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>User</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Scope</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {tokens.isLoading && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Text c="dimmed">Loading tokens…</Text>
                  </Table.Td>
                </Table.Tr>
              )}
              {!tokens.isLoading && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={9}>
                    <Group gap="xs" c="dimmed">
                      <IconKey size={16} />
                      <Text c="dimmed">No API tokens yet</Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>{token.name}</Table.Td>
                  <Table.Td>{token.user.email}</Table.Td>
                  <Table.Td>
                    <Code>{token.prefix}…</Code>
                  </Table.Td>
                  <Table.Td>
                    <Badge color={token.scope === 'read' ? 'blue' : 'orange'} variant="light">
                      {SCOPE_LABEL[token.scope]}
                    </Badge>
                    {token.permissions && (
                      <Text size="xs" c="dimmed">
                        {token.permissions.length ? token.permissions.join(', ') : 'no permissions'}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>
                    {formatUserDate(token.createdAt)}
                    {token.createdBy && (
                      <Text size="xs" c="dimmed">
                        by {token.createdBy}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{formatUserDate(token.expiresAt)}</Table.Td>
                  <Table.Td>{token.lastUsedAt ? formatUserDate(token.lastUsedAt) : 'Never used'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[token.status]} variant="light">
                      {token.status}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {token.status === 'active' && (
                      <Button size="xs" variant="subtle" color="red" onClick={() => setRevoking(token)}>
                        Revoke
                      </Button>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Card>

      <CreateTokenDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(token) => {
          setCreating(false);
          setCreated(token);
        }}
      />
      <TokenCreatedDialog token={created} onClose={() => setCreated(null)} />
      <Modal opened={revoking !== null} onClose={() => setRevoking(null)} title="Revoke API token">
        <Text mb="md">
          Revoke {revoking?.name}? Scripts using it get 401 Unauthorized from their next request. This cannot
          be undone.
        </Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={() => setRevoking(null)}>
            Cancel
          </Button>
          <Button color="red" onClick={confirmRevoke} loading={revoke.isPending}>
            Revoke
          </Button>
        </Group>
      </Modal>
    </>
  );
}
