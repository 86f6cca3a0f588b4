import { Text } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../components/confirm-delete-dialog';
import { serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { notifySuccess } from '../../lib/notify';

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
  const remove = useMutation(trpc.scorecards.delete.mutationOptions());
  const dialog = useConfirmDelete({
    pending: remove.isPending,
    onClose,
    failure: (e) => t('errors.deleteFailed', { message: serverReason(t, e) }),
    remove: async () => {
      if (!target) return;
      await remove.mutateAsync({ ...scope, id: target.id });
      queryClient.removeQueries({ queryKey: trpc.scorecards.get.queryKey({ ...scope, id: target.id }) });
      queryClient.removeQueries({ queryKey: trpc.scorecards.versions.queryKey({ ...scope, id: target.id }) });
      await queryClient.invalidateQueries({ queryKey: trpc.scorecards.list.queryKey(scope) });
      notifySuccess(t('notifications.deleted', { name: target.name }));
      onDeleted(target.id);
    },
  });

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
      error={dialog.error}
      onCancel={dialog.close}
      onConfirm={dialog.confirm}
    />
  );
}
