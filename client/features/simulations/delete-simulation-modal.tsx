import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { trpc } from '../../lib/trpc';
import { serverReason } from './simulation-form';
import { notifyError, notifySuccess } from '../../lib/notify';

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
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(trpc.simulations.delete.mutationOptions());

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
      queryClient.removeQueries({ queryKey: trpc.simulations.get.queryKey({ ...scope, id: target.id }) });
      await queryClient.invalidateQueries({ queryKey: trpc.simulations.list.queryKey(scope) });
      notifySuccess(t('notifications.deleted', { name: target.name }));
      onClose();
    } catch (e) {
      const message = `${t('errors.deleteFailed')}: ${serverReason(t, e)}`;
      setError(message);
      notifyError(message);
    }
  };

  return (
    <ConfirmDeleteDialog
      opened={!!target}
      title={t('delete.title')}
      message={t('delete.confirm', { name: target?.name ?? '' })}
      cancelLabel={t('delete.cancel')}
      submitLabel={t('delete.submit')}
      pending={remove.isPending}
      error={error}
      onCancel={close}
      onConfirm={() => void confirm()}
    />
  );
}
