import { Button, Group, Stack } from '@mantine/core';
import { AppModal } from './app-modal';
import type { Icon } from '@tabler/icons-react';
import type { FormEvent, ReactNode } from 'react';

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

interface FormModalProps {
  /** Open unless said. */
  opened?: boolean;
  onClose: () => void;
  title: string;
  size?: 'lg' | 'xl';
  fullScreen?: boolean;
  centered?: boolean;
  onSubmit: (e: FormEvent<HTMLFormElement>) => void;
  /** Leaves the checks to the form's own validation instead of the browser's. */
  noValidate?: boolean;
  gap?: 'sm';
  cancelLabel: string;
  confirmLabel: string;
  /** The submit button's colour (red for a destructive confirmation). */
  color?: string;
  /** While saving: the submit button spins. */
  loading: boolean;
  /** Also refuses closing and cancelling while `loading`, where a save cannot be left half done. */
  lockWhileLoading?: boolean;
  /** The fields. */
  children: ReactNode;
}

/** A dialog that is one form: its fields, then Cancel and the submit button. */
export function FormModal({
  opened = true,
  onClose,
  title,
  size,
  fullScreen,
  centered = true,
  onSubmit,
  noValidate,
  gap,
  cancelLabel,
  confirmLabel,
  color,
  loading,
  lockWhileLoading,
  children,
}: FormModalProps) {
  const locked = lockWhileLoading && loading;
  return (
    <AppModal
      opened={opened}
      onClose={() => !locked && onClose()}
      title={title}
      size={size}
      fullScreen={fullScreen}
      centered={centered}
    >
      <form onSubmit={onSubmit} noValidate={noValidate}>
        <Stack gap={gap}>
          {children}
          <ModalFooter
            cancelLabel={cancelLabel}
            onCancel={onClose}
            cancelDisabled={locked}
            confirmLabel={confirmLabel}
            color={color}
            loading={loading}
          />
        </Stack>
      </form>
    </AppModal>
  );
}
