import { Alert, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { errorInfo, errorMessage } from '../../lib/errors';

/** Shared pieces of the tenant-configuration panels (personas, ICPs, product groupings, call instructions, overview). */
const CONFIG_NS = ['config', 'common'];

/** `t` for the configuration panels: keys from `config`, falling back to `common` (app.*, languages.*, errors.*). */
export function useConfigTranslation() {
  return useTranslation(CONFIG_NS, { nsMode: 'fallback' });
}

export function notifySuccess(message: string) {
  notifications.show({ color: 'green', message });
}

/** The spec §8 failure title ("Failed to create persona") with the server's translated reason. */
export function notifyFailure(t: TFunction, title: string, error: unknown) {
  notifications.show({ color: 'red', title, message: errorMessage(t, error) });
}

/** The server's zod messages per field (i18n keys), to show next to the fields; null when there are none. */
export function serverFieldErrors(error: unknown): Record<string, string> | null {
  const { fieldErrors } = errorInfo(error);
  const entries = Object.entries(fieldErrors ?? {}).flatMap(([k, v]) => (v?.length ? [[k, v[0]] as const] : []));
  return entries.length ? Object.fromEntries(entries) : null;
}

export function ClientMissingAlert() {
  const { t } = useConfigTranslation();
  return (
    <Alert color="red" role="alert">
      {t('clientMissing')}
    </Alert>
  );
}

export function LoadFailedAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useConfigTranslation();
  return (
    <Alert color="red" role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        <Button size="xs" variant="light" color="red" onClick={onRetry}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
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

/** Destructive actions confirm in a modal naming the record. */
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
      note={
        <Text size="sm" c="dimmed">
          {t('actions.deleteWarning')}
        </Text>
      }
      cancelLabel={t('actions.cancel')}
      submitLabel={t('actions.delete')}
      pending={busy}
      error={null}
      onCancel={() => !busy && onCancel()}
      onConfirm={() => void confirm()}
    />
  );
}
