/**
 * /admin/outbox (`orders:read_all`; docs/architecture.md §4 "Order emails"): the emails the shop
 * has sent — order confirmations, shipped, delivered, cancelled — newest first, 50 a page, each
 * with a preview of its HTML and its text. Without SMTP_URL this is where they are delivered (the
 * built-in outbox), so a newcomer sees them work.
 */
import { useState } from 'react';
import { Badge, Button, Card, Group, Modal, Skeleton, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { ORDER_EMAIL_KIND_LABEL, OUTBOX_PAGE_SIZE, shortOrderId, type OutboxEntryDto } from '@shop/schema';
import { keyboardScrollable } from '../../../theme';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { AdminTablePager } from '../../../components/staff/admin-table-pager';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useOutboxMessage, useOutboxPage } from '../use-outbox';

const COLUMNS = 6;

function delivery(entry: OutboxEntryDto): { label: string; color: string } {
  if (!entry.sentAt) return { label: 'Sending…', color: 'yellow' };
  return entry.transport === 'smtp'
    ? { label: 'Sent to the mail server', color: 'green' }
    : { label: 'In the outbox', color: 'blue' };
}

const when = (iso: string) => new Date(iso).toLocaleString();

export function OutboxPage() {
  const [page, setPage] = useState(1);
  const emails = useOutboxPage(page);
  useUnauthorizedRedirect(emails.error);
  const [previewing, setPreviewing] = useState<OutboxEntryDto | null>(null);
  const rows = emails.data?.items ?? [];

  return (
    <>
      <AdminPageHeader title="Outbox" description="The emails the shop has sent to customers, newest first" />
      <Card withBorder radius="md" padding="md">
        <Table.ScrollContainer minWidth={860} scrollAreaProps={keyboardScrollable}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Sent emails">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>To</Table.Th>
                <Table.Th>Subject</Table.Th>
                <Table.Th>Email</Table.Th>
                <Table.Th>Delivery</Table.Th>
                <Table.Th ta="right">Preview</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {emails.isLoading &&
                Array.from({ length: 3 }, (_, i) => (
                  <Table.Tr key={i}>
                    <Table.Td colSpan={COLUMNS}>
                      <Skeleton h={28} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {!emails.isLoading && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <Group gap="xs" justify="center" py="md">
                      <IconMail size={16} />
                      <Text c="dimmed">
                        {emails.isError
                          ? 'The outbox could not be loaded. Please try again.'
                          : 'No emails sent yet'}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((entry) => {
                const state = delivery(entry);
                return (
                  <Table.Tr key={entry.id} data-testid="outbox-row">
                    <Table.Td>
                      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                        {when(entry.sentAt ?? entry.claimedAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.recipient}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{entry.subject}</Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{ORDER_EMAIL_KIND_LABEL[entry.kind]}</Text>
                      {entry.orderId && (
                        <Text size="xs" c="dimmed" ff="monospace">
                          #{shortOrderId(entry.orderId)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" color={state.color} tt="none">
                        {state.label}
                      </Badge>
                    </Table.Td>
                    <Table.Td ta="right">
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => setPreviewing(entry)}
                        aria-label={`Preview: ${entry.subject}`}
                      >
                        Preview
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {emails.data && (
          <AdminTablePager
            total={emails.data.total}
            pageSize={OUTBOX_PAGE_SIZE}
            page={page}
            onPage={setPage}
            noun={['email', 'emails']}
            testId="outbox-total"
          />
        )}
      </Card>
      <EmailPreview entry={previewing} onClose={() => setPreviewing(null)} />
    </>
  );
}

/** The email as the customer sees it: the HTML in a sandboxed frame (no scripts, no links out), and its text. */
function EmailPreview({ entry, onClose }: { entry: OutboxEntryDto | null; onClose: () => void }) {
  const message = useOutboxMessage(entry?.id ?? null);
  return (
    <Modal opened={entry !== null} onClose={onClose} title={entry?.subject ?? ''} size="xl">
      <Stack gap="xs">
        <Text size="sm" c="dimmed">
          To {entry?.recipient}
        </Text>
        {message.isLoading || !message.data ? (
          <Skeleton h={320} />
        ) : (
          <Tabs defaultValue="html">
            <Tabs.List>
              <Tabs.Tab value="html">HTML</Tabs.Tab>
              <Tabs.Tab value="text">Text</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="html" pt="sm">
              <iframe
                title={`The email: ${message.data.subject}`}
                sandbox=""
                srcDoc={message.data.html}
                style={{ width: '100%', height: 420, border: '1px solid var(--mantine-color-gray-3)' }}
                data-testid="email-html"
              />
            </Tabs.Panel>
            <Tabs.Panel value="text" pt="sm">
              <Text component="pre" size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="email-text">
                {message.data.text}
              </Text>
            </Tabs.Panel>
          </Tabs>
        )}
      </Stack>
    </Modal>
  );
}
