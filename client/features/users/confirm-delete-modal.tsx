import { Button, Group, Modal, Stack, Text } from '@mantine/core';
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
    <Modal
      opened={opened}
      onClose={() => !loading && onClose()}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t('bulk.close') }}
    >
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
    </Modal>
  );
}
