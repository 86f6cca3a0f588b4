import { Button, Group, Stack, Text } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useUsersT } from './users-i18n';

interface Props {
  opened: boolean;
  title: string;
  body: string;
  confirmLabel: string;
  loading: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** Confirmation for a destructive action; the body names what will be deleted. */
export function ConfirmDeleteModal({ opened, title, body, confirmLabel, loading, onConfirm, onClose }: Props) {
  const { t } = useUsersT();
  return (
    <AppModal opened={opened} onClose={() => !loading && onClose()} title={title} centered>
      <Stack>
        <Text>{body}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose} disabled={loading}>
            {t('form.cancel')}
          </Button>
          <Button color="red" onClick={onConfirm} loading={loading} data-autofocus>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </AppModal>
  );
}
