import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DeleteNamedDialog } from '../../components/confirm-delete-dialog';
import { serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';

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
  return (
    <DeleteNamedDialog
      target={target}
      t={t}
      note={target?.used && t('delete.usedNote')}
      pending={remove.isPending}
      failure={(e) => t('errors.deleteFailed', { message: serverReason(t, e) })}
      remove={async ({ id }) => {
        await remove.mutateAsync({ ...scope, id });
        queryClient.removeQueries({ queryKey: trpc.scorecards.get.queryKey({ ...scope, id }) });
        queryClient.removeQueries({ queryKey: trpc.scorecards.versions.queryKey({ ...scope, id }) });
        await queryClient.invalidateQueries({ queryKey: trpc.scorecards.list.queryKey(scope) });
      }}
      onClose={onClose}
      onDeleted={({ id }) => onDeleted(id)}
    />
  );
}
