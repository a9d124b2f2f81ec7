/**
 * A staff table's rows while it has none to show: a skeleton while its query loads, then — when
 * there are no rows — what went wrong, or the table's own empty message. One place, so every list
 * says it the same way.
 */
import type { ReactNode } from 'react';
import { Skeleton, Table, Text } from '@mantine/core';

export const LIST_LOAD_FAILED = 'The list could not be loaded. Please try again.';

export function TableStateRows({
  query,
  rows,
  columns,
  empty,
  failed = LIST_LOAD_FAILED,
}: {
  query: { isLoading: boolean; isError: boolean };
  /** How many rows the table shows. */
  rows: number;
  columns: number;
  empty: ReactNode;
  failed?: ReactNode;
}) {
  if (query.isLoading) {
    return (
      <Table.Tr>
        <Table.Td colSpan={columns}>
          <Skeleton h={28} />
        </Table.Td>
      </Table.Tr>
    );
  }
  if (rows > 0) return null;
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" ta="center" py="sm">
          {query.isError ? failed : empty}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}
