import { Text } from '@mantine/core';
import { useState } from 'react';
import { notifyError, notifySuccess } from '../lib/notify';
import { useConfigTranslation } from '../lib/use-config-translation';
import { FormModal } from './modal-footer';
import { ErrorAlert } from './status-alerts';

interface Props {
  opened: boolean;
  title: string;
  /** The sentence that names what will be deleted. */
  message: string;
  /** Extra context under the message, dimmed (e.g. "used in calls: old reports keep their version"). */
  note?: string | false;
  cancelLabel: string;
  submitLabel: string;
  pending: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** The confirmation shell of a destructive action; callers own the mutation and its messages. */
export function ConfirmDeleteDialog({
  opened,
  title,
  message,
  note,
  cancelLabel,
  submitLabel,
  pending,
  error,
  onCancel,
  onConfirm,
}: Props) {
  // a destructive confirmation is a one-button form: red, and not left half done by closing it
  return (
    <FormModal
      opened={opened}
      onClose={onCancel}
      title={title}
      onSubmit={(e) => {
        e.preventDefault();
        onConfirm();
      }}
      cancelLabel={cancelLabel}
      confirmLabel={submitLabel}
      color="red"
      loading={pending}
      lockWhileLoading
    >
      {error && <ErrorAlert>{error}</ErrorAlert>}
      <Text>{message}</Text>
      {note && (
        <Text size="sm" c="dimmed">
          {note}
        </Text>
      )}
    </FormModal>
  );
}

interface ConfirmDeleteProps {
  opened: boolean;
  title: string;
  /** Names what will be deleted. */
  message: string;
  onCancel: () => void;
  onConfirm: () => Promise<void>;
}

/** The dialog with the standard texts, busy while `onConfirm` runs (which notifies on its own). */
export function ConfirmDeleteModal({ opened, title, message, onCancel, onConfirm }: ConfirmDeleteProps) {
  const { t } = useConfigTranslation();
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <ConfirmDeleteDialog
      opened={opened}
      title={title}
      message={message}
      note={t('actions.deleteWarning')}
      cancelLabel={t('actions.cancel')}
      submitLabel={t('actions.delete')}
      pending={busy}
      error={null}
      onCancel={() => !busy && onCancel()}
      onConfirm={() => void confirm()}
    />
  );
}

/**
 * The dialog's state when the caller owns the mutation: `remove` deletes (and notifies, closes);
 * a failure stays in the dialog and is notified too. Closing is refused while `pending`.
 */
function useConfirmDelete({
  pending,
  onClose,
  remove,
  failure,
}: {
  pending: boolean;
  onClose: () => void;
  remove: () => Promise<void>;
  failure: (e: unknown) => string;
}) {
  const [error, setError] = useState<string | null>(null);
  const close = () => {
    if (pending) return;
    setError(null);
    onClose();
  };
  const confirm = async () => {
    setError(null);
    try {
      await remove();
    } catch (e) {
      const message = failure(e);
      setError(message);
      notifyError(message);
    }
  };
  return { error, close, confirm: () => void confirm() };
}

export interface DeleteNamedProps<T extends { id: string; name: string }> {
  /** The record to delete; the dialog is open while there is one. */
  target: T | null;
  /** The section's texts: `delete.{title,confirm,cancel,submit}` and `notifications.deleted`, each given the name. */
  t: (key: string, options?: { name: string }) => string;
  note?: string | false;
  pending: boolean;
  /** The failure's sentence. */
  failure: (e: unknown) => string;
  /** Deletes the record and updates the caches. */
  remove: (target: T) => Promise<void>;
  onClose: () => void;
  /** After the deletion was notified. */
  onDeleted: (target: T) => void;
}

/** The confirmation that names a record before deleting it (see useConfirmDelete). */
export function DeleteNamedDialog<T extends { id: string; name: string }>({
  target,
  t,
  note,
  pending,
  failure,
  remove,
  onClose,
  onDeleted,
}: DeleteNamedProps<T>) {
  const dialog = useConfirmDelete({
    pending,
    onClose,
    failure,
    remove: async () => {
      if (!target) return;
      await remove(target);
      notifySuccess(t('notifications.deleted', { name: target.name }));
      onDeleted(target);
    },
  });
  return (
    <ConfirmDeleteDialog
      opened={!!target}
      title={t('delete.title')}
      message={t('delete.confirm', { name: target?.name ?? '' })}
      note={note}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      pending={pending}
      error={dialog.error}
      onCancel={dialog.close}
      onConfirm={dialog.confirm}
    />
  );
}
