import { Alert, Stack } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyAssignment } from '../../../server/contracts/assignments';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { notifyFailure } from '../../lib/notify';
import { useAssignmentsTranslation } from './shared';

/** The manager's reminders on the rep's assignments page, one notice each until the rep dismisses it. */
export function ReminderNotices({ assignments }: { assignments: MyAssignment[] }) {
  const { t } = useAssignmentsTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const dismiss = useMutation(
    trpc.assignments.dismissReminder.mutationOptions({
      onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.assignments.mine.queryKey() }),
      onError: (e) => notifyFailure(t, t('reminders.dismissFailed'), e),
    }),
  );
  const notices = assignments.flatMap((a) => a.reminders.map((r) => ({ ...r, assignment: a })));
  if (!notices.length) return null;
  return (
    <Stack gap="xs" component="section" aria-label={t('reminders.label')}>
      {notices.map((n) => (
        <Alert
          key={n.id}
          color="orange"
          variant="light"
          icon={<IconBell size={18} aria-hidden />}
          title={t('reminders.title', { name: n.assignment.name })}
          withCloseButton
          closeButtonLabel={t('reminders.dismiss', { name: n.assignment.name })}
          onClose={() => dismiss.mutate({ reminderId: n.id })}
          data-testid="reminder-notice"
        >
          {[
            n.sentBy
              ? t('reminders.from', { who: n.sentBy, when: f.dateTime(n.sentAt) })
              : t('reminders.fromSomeone', { when: f.dateTime(n.sentAt) }),
            n.assignment.dueAt ? t('reminders.due', { date: f.dateTime(n.assignment.dueAt) }) : null,
          ]
            .filter(Boolean)
            .join(' ')}
        </Alert>
      ))}
    </Stack>
  );
}
