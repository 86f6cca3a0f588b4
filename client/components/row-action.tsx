import { ActionIcon, Tooltip } from '@mantine/core';
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
export function RowAction({ icon: IconComponent, tip, label, onClick, color, loading, size = 18 }: Props) {
  return (
    <Tooltip label={tip}>
      <ActionIcon variant="subtle" color={color} aria-label={label} onClick={onClick} loading={loading}>
        <IconComponent size={size} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
