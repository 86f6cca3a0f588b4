import { Table, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from './scroll-table';

interface Props extends Omit<TableProps, 'children'> {
  /** The narrowest the table gets before it scrolls sideways. */
  minWidth: number;
  /** Names the scrolling region while the table overflows (see ScrollTable). */
  label?: string;
  /** Plain column headers, one cell each… */
  columns?: ReactNode[];
  /** …or the header cells themselves, where a column hides on small screens or is labelled for screen readers only. */
  head?: ReactNode;
  /** The rows. */
  children: ReactNode;
}

/** A list's table: the header row and the rows, in a ScrollTable. */
export function DataTable({ minWidth, label, columns, head, children, ...table }: Props) {
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table {...table}>
        <Table.Thead>
          <Table.Tr>{head ?? columns?.map((column, i) => <Table.Th key={i}>{column}</Table.Th>)}</Table.Tr>
        </Table.Thead>
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
