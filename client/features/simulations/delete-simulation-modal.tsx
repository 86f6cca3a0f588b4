import { useTranslation } from 'react-i18next';
import { serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { DeleteRecordDialog } from '../client-overview/delete-record-dialog';

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
  return (
    <DeleteRecordDialog
      api={trpc.simulations}
      clientId={clientId}
      target={target}
      t={t}
      failure={(e) => `${t('errors.deleteFailed')}: ${serverReason(t, e)}`}
      onClose={onClose}
      onDeleted={onClose}
    />
  );
}
