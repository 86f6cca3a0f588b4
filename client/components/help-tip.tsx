import { Tooltip } from '@mantine/core';
import type { ReactElement } from 'react';

/** An explaining tooltip that opens on hover, on focus and on touch (phones have no hover), `w` wide. */
export function HelpTip({ label, w, children }: { label: string; w: number; children: ReactElement }) {
  return (
    <Tooltip label={label} multiline w={w} events={{ hover: true, focus: true, touch: true }}>
      {children}
    </Tooltip>
  );
}
