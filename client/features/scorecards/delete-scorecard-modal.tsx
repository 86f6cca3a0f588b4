import { useTranslation } from 'react-i18next';
import { serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DeleteRecordDialog } from '../client-overview/delete-record-dialog';

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
  return (
    <DeleteRecordDialog
      api={trpc.scorecards}
      clientId={clientId}
      alsoRemoved={(input) => [trpc.scorecards.versions.queryKey(input)]}
      target={target}
      t={t}
      note={target?.used && t('delete.usedNote')}
      failure={(e) => t('errors.deleteFailed', { message: serverReason(t, e) })}
      onClose={onClose}
      onDeleted={({ id }) => onDeleted(id)}
    />
  );
}
