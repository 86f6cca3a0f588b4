import { Loader, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from './call-labels';
import { LiveOrEnded, type CallDialogProps } from './simulation-test-dialog';
import { useCallSession, useCallSnapshot } from './use-call-session';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';

/** Simulations list → Dry run: a typed conversation with the same prospect, to check a scenario without voice. */
export function DryRunBody({ simulationId, clientId, onClose }: CallDialogProps) {
  const { t } = useTranslation('calls');
  const session = useCallSession(
    { input: { simulationId, mode: 'dry_run', ...(clientId ? { clientId } : {}) } },
    `dry:${simulationId}`,
  );
  const snapshot = useCallSnapshot(session);
  if (!session || !snapshot) return <Loader size="sm" aria-label={t('loading')} />;
  if (snapshot.phase === 'idle' || snapshot.phase === 'starting' || snapshot.phase === 'failed') {
    return (
      <Stack>
        <Text size="sm" c="dimmed">
          {t('dryRun.intro')}
        </Text>
        {snapshot.phase === 'failed' && snapshot.error && (
          <ErrorAlert>{errorText(t, snapshot.error, snapshot.serverError)}</ErrorAlert>
        )}
        <ModalFooter
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          confirmLabel={t('dryRun.start')}
          onConfirm={() => void session.start('offline')}
          icon={IconMessages}
          loading={snapshot.phase === 'starting'}
        />
      </Stack>
    );
  }
  return <LiveOrEnded session={session} snapshot={snapshot} onClose={onClose} dryRun />;
}
