import { ActionIcon, CopyButton, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

interface Props {
  value: string;
  /** The tooltip, before and after copying. */
  tip: (copied: boolean) => string;
  /** The accessible name, where it says more than the tooltip (what is copied). */
  label?: (copied: boolean) => string;
  variant: 'subtle' | 'light';
  size?: 'sm';
  /** Gray, and green once copied (where the button stands among a row's texts). */
  tinted?: boolean;
}

/** An icon button that copies `value` to the clipboard, its icon a check once it has. */
export function CopyIconButton({ value, tip, label = tip, variant, size, tinted }: Props) {
  const iconSize = size === 'sm' ? 14 : 16;
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={tip(copied)}>
          <ActionIcon
            size={size}
            variant={variant}
            color={tinted ? (copied ? 'green' : 'gray') : undefined}
            onClick={copy}
            aria-label={label(copied)}
          >
            {copied ? <IconCheck size={iconSize} aria-hidden /> : <IconCopy size={iconSize} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
