import { Button, type ButtonProps } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface ButtonAction<K extends string = string> {
  /** Names the button's text and accessible name through the `label` and `ariaLabel` of ActionButtons. */
  key: K;
  icon?: Icon;
  /** `default` unless said. */
  variant?: ButtonProps['variant'];
  color?: string;
  onClick: () => void;
  loading?: boolean;
  disabled?: boolean;
}

interface Props<K extends string> {
  /** The buttons in order; `false` leaves one out. */
  actions: (ButtonAction<K> | false)[];
  label: (key: K) => string;
  /** The accessible name where the text alone does not say which record it acts on. */
  ariaLabel?: (key: K) => string;
  size?: 'xs' | 'sm';
}

/** A row of buttons, one an action, each with its icon before its text. */
export function ActionButtons<K extends string>({ actions, label, ariaLabel, size }: Props<K>) {
  return actions.map(
    (a) =>
      a && (
        <Button
          key={a.key}
          size={size}
          variant={a.variant ?? 'default'}
          color={a.color}
          leftSection={a.icon && <a.icon size={size === 'xs' ? 14 : 16} aria-hidden />}
          onClick={a.onClick}
          loading={a.loading}
          disabled={a.disabled}
          aria-label={ariaLabel?.(a.key)}
        >
          {label(a.key)}
        </Button>
      ),
  );
}
