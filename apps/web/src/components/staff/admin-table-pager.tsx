import { Group, Pagination, Text } from '@mantine/core';

/** Under a paged staff table: how many rows match, and the page buttons when there is more than one. */
export function AdminTablePager(props: {
  total: number;
  pageSize: number;
  page: number;
  onPage: (page: number) => void;
  noun: [singular: string, plural: string];
  testId: string;
}) {
  const pages = Math.max(1, Math.ceil(props.total / props.pageSize));
  return (
    <Group justify="space-between" mt="sm">
      <Text size="sm" c="dimmed" data-testid={props.testId}>
        {props.total} {props.total === 1 ? props.noun[0] : props.noun[1]}
      </Text>
      {pages > 1 && <Pagination total={pages} value={props.page} onChange={props.onPage} size="sm" />}
    </Group>
  );
}
