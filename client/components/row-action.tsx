import { ActionIcon, Group, Table, Tooltip } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';
import type { MouseEvent } from 'react';

interface Props {
  icon: Icon;
  /** The tooltip: what the button does. */
  tip: string;
  /** The accessible name, which also names the row (e.g. "Delete Acme"). */
  label: string;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
  color?: string;
  loading?: boolean;
  size?: number;
}

/** An icon button in a table row, with its tooltip. */
function RowAction({ icon: IconComponent, tip, label, onClick, color, loading, size = 18 }: Props) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} loading={loading}>
        <IconComponent size={size} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}

interface RowActionItem<K extends string> {
  /** Names the button's tooltip and accessible name through the `tip` and `label` of RowActions. */
  key: K;
  icon: Icon;
  onClick: (e: MouseEvent<HTMLButtonElement>) => void;
  color?: string;
  loading?: boolean;
}

interface RowActionsProps<K extends string> {
  /** The buttons in order; `false` leaves one out. */
  actions: (RowActionItem<K> | false)[];
  tip: (key: K) => string;
  /** The accessible name, which also names the row (e.g. "Delete Acme"). */
  label: (key: K) => string;
  size?: number;
}

/** A table row's icon buttons, each with its tooltip. */
export function RowActions<K extends string>({ actions, tip, label, size }: RowActionsProps<K>) {
  return actions
    .filter((a) => a !== false)
    .map(({ key, ...a }) => <RowAction key={key} {...a} tip={tip(key)} label={label(key)} size={size} />);
}

/** A row's last cell: its icon buttons, right-aligned and kept on one line. */
export function RowActionsCell<K extends string>(props: RowActionsProps<K>) {
  return (
    <Table.Td>
      <Group gap={4} justify="flex-end" wrap="nowrap">
        <RowActions {...props} />
      </Group>
    </Table.Td>
  );
}
