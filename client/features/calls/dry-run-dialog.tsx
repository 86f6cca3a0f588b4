import { Alert, Button, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { errorText } from './call-labels';
import { LiveOrEnded } from './simulation-test-dialog';
import { useCallSession, useCallSnapshot } from './use-call-session';

interface Props {
  simulationId: string;
  clientId?: string;
  opened: boolean;
  onClose: () => void;
}

/** Simulations list → Dry run: a typed conversation with the same prospect, to check a scenario without voice. */
export function DryRunDialog({ simulationId, clientId, opened, onClose }: Props) {
  const { t } = useTranslation('calls');
  return (
    <Modal opened={opened} onClose={onClose} title={t('dryRun.title')} size="lg" closeOnClickOutside={false}>
      {opened && <DryRunBody simulationId={simulationId} clientId={clientId} onClose={onClose} />}
    </Modal>
  );
}

function DryRunBody({ simulationId, clientId, onClose }: Omit<Props, 'opened'>) {
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
          <Alert color="red" role="alert">
            {errorText(t, snapshot.error, snapshot.serverError)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('actions.cancel')}
          </Button>
          <Button
            leftSection={<IconMessages size={16} aria-hidden />}
            onClick={() => void session.start('offline')}
            loading={snapshot.phase === 'starting'}
          >
            {t('dryRun.start')}
          </Button>
        </Group>
      </Stack>
    );
  }
  return <LiveOrEnded session={session} snapshot={snapshot} onClose={onClose} dryRun />;
}
