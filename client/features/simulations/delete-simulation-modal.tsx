import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeleteNamedDialog } from '../../components/confirm-delete-dialog';
import { trpc } from '../../lib/trpc';
import { serverReason } from '../../lib/errors';

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
  return (
    <DeleteNamedDialog
      target={target}
      t={t}
      pending={remove.isPending}
      failure={(e) => `${t('errors.deleteFailed')}: ${serverReason(t, e)}`}
      remove={async ({ id }) => {
        await remove.mutateAsync({ ...scope, id });
        queryClient.removeQueries({ queryKey: trpc.simulations.get.queryKey({ ...scope, id }) });
        await queryClient.invalidateQueries({ queryKey: trpc.simulations.list.queryKey(scope) });
      }}
      onClose={onClose}
      onDeleted={onClose}
    />
  );
}
