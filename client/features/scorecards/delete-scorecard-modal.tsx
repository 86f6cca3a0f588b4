import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { trpc } from '../../lib/trpc';
import { serverReason } from './scorecard-form';
import { notifyError, notifySuccess } from '../../lib/notify';

export interface DeleteTarget {
  id: string;
  name: string;
  used: boolean;
}

interface Props {
  target: DeleteTarget | null;
  clientId?: string;
  onClose: () => void;
  onDeleted: (id: string) => void;
}

/** Confirmation that names the scorecard before deleting it. */
export function DeleteScorecardModal({ target, clientId, onClose, onDeleted }: Props) {
  const { t } = useTranslation('scorecards');
  const queryClient = useQueryClient();
  const scope = clientId ? { clientId } : {};
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(trpc.scorecards.delete.mutationOptions());

  const close = () => {
    if (remove.isPending) return;
    setError(null);
    onClose();
  };

  const confirm = async () => {
    if (!target) return;
    setError(null);
    try {
      await remove.mutateAsync({ ...scope, id: target.id });
      queryClient.removeQueries({ queryKey: trpc.scorecards.get.queryKey({ ...scope, id: target.id }) });
      queryClient.removeQueries({ queryKey: trpc.scorecards.versions.queryKey({ ...scope, id: target.id }) });
      await queryClient.invalidateQueries({ queryKey: trpc.scorecards.list.queryKey(scope) });
      notifySuccess(t('notifications.deleted', { name: target.name }));
      onDeleted(target.id);
    } catch (e) {
      const message = t('errors.deleteFailed', { message: serverReason(t, e) });
      setError(message);
      notifyError(message);
    }
  };

  return (
    <ConfirmDeleteDialog
      opened={!!target}
      title={t('delete.title')}
      message={t('delete.confirm', { name: target?.name ?? '' })}
      note={
        target?.used && (
          <Text size="sm" c="dimmed">
            {t('delete.usedNote')}
          </Text>
        )
      }
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      pending={remove.isPending}
      error={error}
      onCancel={close}
      onConfirm={() => void confirm()}
    />
  );
}
