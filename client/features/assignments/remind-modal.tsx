import { Stack, Text } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { IconBell } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import type { AssignmentSummary } from '../../../server/contracts/assignments';
import { trpc } from '../../lib/trpc';
import { notifyFailure, notifyNotice, notifySuccess } from '../../lib/notify';
import { useAssignmentsTranslation } from './shared';
import { ModalFooter } from '../../components/modal-footer';

/**
 * Asks before reminding, then says what happened: how many reps were reminded in the app, and
 * whether the mail is on its way or was only stored because no mail server is configured.
 */
export function RemindModal({
  assignment,
  onClose,
  onSent,
}: {
  assignment: AssignmentSummary | null;
  onClose: () => void;
  onSent: () => void;
}) {
  const { t } = useAssignmentsTranslation();
  const remind = useMutation(trpc.assignments.remind.mutationOptions({ onSuccess: onSent }));
  const send = async () => {
    if (!assignment) return;
    try {
      const r = await remind.mutateAsync({ assignmentId: assignment.id });
      if (!r.reminded) notifySuccess(t('remindNone'));
      else if (r.mail === 'sending') notifySuccess(t('remindSent', { count: r.reminded }));
      // reminded in the app, but the mail only waits in the outbox: said in a warning's colour
      else notifyNotice('yellow', t('remindStored', { count: r.reminded }), undefined, 10_000);
      onClose();
    } catch (e) {
      notifyFailure(t, t('remindFailed'), e);
    }
  };
  return (
    <AppModal opened={!!assignment} onClose={onClose} title={t('remind.title')}>
      <Stack>
        <Text size="sm">{t('remind.message', { name: assignment?.name ?? '' })}</Text>
        <ModalFooter
          cancelLabel={t('cancel')}
          onCancel={onClose}
          confirmLabel={t('remind.confirm')}
          onConfirm={() => void send()}
          icon={IconBell}
          loading={remind.isPending}
        />
      </Stack>
    </AppModal>
  );
}
