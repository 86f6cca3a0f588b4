import { Button, Group } from '@mantine/core';
import type { Icon } from '@tabler/icons-react';

interface Props {
  cancelLabel: string;
  onCancel: () => void;
  /** Keeps Cancel from being pressed while the action runs. */
  cancelDisabled?: boolean;
  confirmLabel: string;
  /** Without it the confirm button submits the form it stands in. */
  onConfirm?: () => void;
  icon?: Icon;
  color?: string;
  loading?: boolean;
  disabled?: boolean;
}

/** A dialog's last row: Cancel, then the button that confirms (or submits) it. */
export function ModalFooter({
  cancelLabel,
  onCancel,
  cancelDisabled,
  confirmLabel,
  onConfirm,
  icon: ConfirmIcon,
  color,
  loading,
  disabled,
}: Props) {
  return (
    <Group justify="flex-end">
      <Button variant="default" onClick={onCancel} disabled={cancelDisabled}>
        {cancelLabel}
      </Button>
      <Button
        type={onConfirm ? 'button' : 'submit'}
        color={color}
        leftSection={ConfirmIcon && <ConfirmIcon size={16} aria-hidden />}
        onClick={onConfirm}
        loading={loading}
        disabled={disabled}
      >
        {confirmLabel}
      </Button>
    </Group>
  );
}
