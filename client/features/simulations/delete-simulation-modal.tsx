import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog, useConfirmDelete } from '../../components/confirm-delete-dialog';
import { trpc } from '../../lib/trpc';
import { serverReason } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';

export interface SimulationTarget {
  id: string;
  name: string;
}

/** Confirmation that names the simulation before deleting it. */
export function DeleteSimulationModal({
  target,
  clientId,
  onClose,
}: {
  target: SimulationTarget | null;
  clientId?: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('simulations');
  const queryClient = useQueryClient();
  const scope = clientId ? { clientId } : {};
  const remove = useMutation(trpc.simulations.delete.mutationOptions());
  const dialog = useConfirmDelete({
    pending: remove.isPending,
    onClose,
    failure: (e) => `${t('errors.deleteFailed')}: ${serverReason(t, e)}`,
    remove: async () => {
      if (!target) return;
      await remove.mutateAsync({ ...scope, id: target.id });
      queryClient.removeQueries({ queryKey: trpc.simulations.get.queryKey({ ...scope, id: target.id }) });
      await queryClient.invalidateQueries({ queryKey: trpc.simulations.list.queryKey(scope) });
      notifySuccess(t('notifications.deleted', { name: target.name }));
      onClose();
    },
  });

  return (
    <ConfirmDeleteDialog
      opened={!!target}
      title={t('delete.title')}
      message={t('delete.confirm', { name: target?.name ?? '' })}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      pending={remove.isPending}
      error={dialog.error}
      onCancel={dialog.close}
      onConfirm={dialog.confirm}
    />
  );
}
