import { useState } from 'react';
import { notifySuccess } from './notify';

/**
 * The record an irreversible action waits to be confirmed for (the dialog is open while there is
 * one), and what the action's mutation does around it: on success the dialog closes and says so;
 * cancelling closes it and forgets a failure shown in it.
 */
export function useConfirmTarget<T>() {
  const [target, setTarget] = useState<T | null>(null);
  return {
    target,
    ask: (record: T) => setTarget(record),
    /** The mutation's `onSuccess`: closes, notifies `message`, then refreshes what the action changed. */
    succeeded: (message: string, refresh: () => Promise<unknown>) => async () => {
      setTarget(null);
      notifySuccess(message);
      await refresh();
    },
    /** The dialog's open state, spinner and cancel, for ConfirmDeleteDialog. */
    dialog: (mutation: { isPending: boolean; reset: () => void }) => ({
      opened: target !== null,
      pending: mutation.isPending,
      onCancel: () => {
        setTarget(null);
        mutation.reset();
      },
    }),
  };
}
