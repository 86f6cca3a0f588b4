import { Table, VisuallyHidden, type MantineBreakpoint, type TableProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { ScrollTable } from './scroll-table';

/** A column's header: its text, or its text with where and how the column shows. */
type Column =
  | string
  | {
      label: string;
      /** Hidden on screens narrower than this. */
      visibleFrom?: MantineBreakpoint;
      /** Read by screen readers only (a column of row actions). */
      hidden?: boolean;
      ta?: 'right';
      w?: number | string;
    };

interface Props extends Omit<TableProps, 'children'> {
  /** The narrowest the table gets before it scrolls sideways. */
  minWidth: number;
  /** Names the scrolling region while the table overflows (see ScrollTable). */
  label?: string;
  /** The column headers in order; `false` leaves one out. */
  columns: (Column | false)[];
  /** The rows. */
  children: ReactNode;
}

function HeaderCell({ column }: { column: Column }) {
  const { label, visibleFrom, hidden, ta, w } = typeof column === 'string' ? { label: column } : column;
  return (
    <Table.Th visibleFrom={visibleFrom} ta={ta} w={w}>
      {hidden ? <VisuallyHidden>{label}</VisuallyHidden> : label}
    </Table.Th>
  );
}

/** A table's header row, one cell a column; `false` leaves one out. */
export function TableHead({ columns }: { columns: (Column | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>{columns.map((column, i) => column && <HeaderCell key={i} column={column} />)}</Table.Tr>
    </Table.Thead>
  );
}

/** A list's table: the header row and the rows, in a ScrollTable. */
export function DataTable({ minWidth, label, columns, children, ...table }: Props) {
  return (
    <ScrollTable minWidth={minWidth} label={label}>
      <Table {...table}>
        <TableHead columns={columns} />
        <Table.Tbody>{children}</Table.Tbody>
      </Table>
    </ScrollTable>
  );
}
