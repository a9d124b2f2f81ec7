/**
 * /admin/audit-log (`audit:read`, admins by default; docs/product.md §2 Audit Log): every
 * security-relevant event, newest first — when, who, the action, what it was about, from where and
 * what changed ('role: sales_manager → admin') — filtered by action, actor and dates, 50 a page.
 * Not live: it refetches when the window regains focus, like the other access screens.
 */
import { keyboardScrollable } from '../../../theme';
import { useState } from 'react';
import {
  Badge,
  Button,
  Card,
  Group,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
} from '@mantine/core';
import { IconFilterOff, IconHistory, IconSearch } from '@tabler/icons-react';
import { AUDIT_ACTIONS, AUDIT_PAGE_SIZE, type AuditAction, type AuditEventDto } from '@shop/schema';
import { AdminPageHeader } from '../../../components/staff/admin-page-header';
import { AdminTablePager } from '../../../components/staff/admin-table-pager';
import { useUnauthorizedRedirect } from '../../../lib/use-admin-errors';
import { useSearchPaging } from '../../../lib/use-search-paging';
import { useAuditPage } from '../api/use-audit-log';
import {
  dayBounds,
  describeAuditActor,
  describeAuditDetails,
  describeAuditTarget,
  formatAuditTime,
} from '../audit-texts';

export const AUDIT_PLACEHOLDER_ROWS = 5;
const COLUMNS = 6;
const ALL = 'all';
const ACTION_OPTIONS = [
  { value: ALL, label: 'All actions' },
  ...AUDIT_ACTIONS.map((action) => ({ value: action, label: action })),
];

function actionColor(action: string): string {
  if (action === 'access.denied' || action === 'auth.sign_in_failed') return 'red';
  if (action.startsWith('auth.')) return 'blue';
  if (action.endsWith('.deleted') || action.endsWith('.revoked')) return 'orange';
  return 'green';
}

export function AuditLogPage() {
  const [action, setAction] = useState<AuditAction | typeof ALL>(ALL);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  // A new filter starts again at the newest events.
  const { search, setSearch, debounced, page, setPage } = useSearchPaging(action, fromDay, toDay);
  const from = dayBounds(fromDay, 'from');
  const to = dayBounds(toDay, 'to');
  const events = useAuditPage({
    ...(action !== ALL && { action }),
    ...(debounced && { actor: debounced }),
    ...(from && { from }),
    ...(to && { to }),
    page,
    pageSize: AUDIT_PAGE_SIZE,
  });
  useUnauthorizedRedirect(events.error);
  const rows = events.data?.items ?? [];
  const filtered = action !== ALL || Boolean(search) || Boolean(fromDay) || Boolean(toDay);
  const clear = () => {
    setAction(ALL);
    setSearch('');
    setFromDay('');
    setToDay('');
  };

  return (
    <>
      <AdminPageHeader
        title="Audit Log"
        description="Sign-ins, changes to users, roles and tokens, and refused calls: who, when and from where"
      />
      <Card withBorder radius="md" padding="md">
        <Group mb="md" gap="sm" align="flex-end">
          <Select
            label="Action"
            data={ACTION_OPTIONS}
            value={action}
            onChange={(value) => setAction((value as AuditAction | null) ?? ALL)}
            allowDeselect={false}
            w={260}
          />
          <TextInput
            label="Actor"
            placeholder="Search by email..."
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            w={240}
          />
          <TextInput
            label="From"
            type="date"
            value={fromDay}
            onChange={(event) => setFromDay(event.currentTarget.value)}
            w={160}
          />
          <TextInput
            label="To"
            type="date"
            value={toDay}
            onChange={(event) => setToDay(event.currentTarget.value)}
            w={160}
          />
          {filtered && (
            <Button variant="subtle" color="gray" leftSection={<IconFilterOff size={16} />} onClick={clear}>
              Clear filters
            </Button>
          )}
        </Group>
        <Table.ScrollContainer minWidth={980} scrollAreaProps={keyboardScrollable}>
          <Table verticalSpacing="sm" highlightOnHover aria-label="Audit events">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Who</Table.Th>
                <Table.Th>Action</Table.Th>
                <Table.Th>Target</Table.Th>
                <Table.Th>From where</Table.Th>
                <Table.Th>What changed</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {events.isLoading &&
                Array.from({ length: AUDIT_PLACEHOLDER_ROWS }, (_, i) => (
                  <Table.Tr key={i} data-testid="audit-row-placeholder">
                    <Table.Td colSpan={COLUMNS}>
                      <Skeleton h={28} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              {!events.isLoading && rows.length === 0 && (
                <Table.Tr>
                  <Table.Td colSpan={COLUMNS}>
                    <Group gap="xs" justify="center" c="dimmed" py="md" data-testid="audit-empty">
                      <IconHistory size={16} />
                      <Text c="dimmed">
                        {events.isError
                          ? 'The audit log could not be loaded. Please try again.'
                          : 'No audit events'}
                      </Text>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              )}
              {rows.map((event) => (
                <AuditRow key={event.id} event={event} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        {events.data && (
          <AdminTablePager
            total={events.data.total}
            pageSize={AUDIT_PAGE_SIZE}
            page={page}
            onPage={setPage}
            noun={['event', 'events']}
            testId="audit-total"
          />
        )}
      </Card>
    </>
  );
}

function AuditRow({ event }: { event: AuditEventDto }) {
  const changes = describeAuditDetails(event.details);
  return (
    <Table.Tr data-testid="audit-row" data-action={event.action}>
      <Table.Td>
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {formatAuditTime(event.occurredAt)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="audit-actor">
          {describeAuditActor(event)}
        </Text>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <Badge
          variant="light"
          color={actionColor(event.action)}
          tt="none"
          styles={{ root: { maxWidth: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
          data-testid="audit-action"
        >
          {event.action}
        </Badge>
      </Table.Td>
      <Table.Td>
        <Text size="sm" data-testid="audit-target">
          {describeAuditTarget(event.target)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm">{event.ip ?? '—'}</Text>
        {event.userAgent && (
          <Tooltip label={event.userAgent} multiline maw={360}>
            <Text size="xs" c="dimmed" truncate maw={180}>
              {event.userAgent}
            </Text>
          </Tooltip>
        )}
      </Table.Td>
      <Table.Td>
        <Stack gap={2} data-testid="audit-changes">
          {changes.length === 0 ? (
            <Text size="xs" c="dimmed">
              —
            </Text>
          ) : (
            changes.map((line, i) => (
              <Text key={i} size="xs" style={{ wordBreak: 'break-word' }}>
                {line}
              </Text>
            ))
          )}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}
