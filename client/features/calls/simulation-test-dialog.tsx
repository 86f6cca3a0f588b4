import { Alert, Button, Group, Loader, Select, Stack, Text } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { errorText } from './call-labels';
import { CallOutcome } from './call-outcome';
import type { CallSession, CallSnapshot } from './call-session';
import { CallView } from './call-view';
import { TranscriptView } from './transcript-view';
import { useCallSession, useCallSnapshot } from './use-call-session';
import { ModalFooter } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';
import { promptName } from '../prompts/prompt-name';

/** What a call dialog's body needs: the simulation, and a superuser's client when testing another client's. */
export interface CallDialogProps {
  simulationId: string;
  clientId?: string;
  onClose: () => void;
}

/** Simulations list → Test: pick a simulation prompt, start a test call, talk, see the transcript. */
export function TestDialogBody({ simulationId, clientId, onClose }: CallDialogProps) {
  const { t } = useTranslation('calls');
  const scope = clientId ? { clientId } : {};
  const prompts = useQuery(trpc.prompts.list.queryOptions({ kind: 'simulation', ...scope }));
  const [promptId, setPromptId] = useState<string | null>(null);
  const [promptError, setPromptError] = useState(false);
  const session = useCallSession({ input: { simulationId, mode: 'test', ...scope } }, `test:${simulationId}`);
  const snapshot = useCallSnapshot(session);
  if (!session || !snapshot) return <Loader size="sm" aria-label={t('loading')} />;

  const start = () => {
    if (!promptId) {
      setPromptError(true);
      return;
    }
    session.setInput({ simulationId, mode: 'test', simulationPromptId: promptId, ...scope });
    void session.start();
  };
  const before = snapshot.phase === 'idle' || snapshot.phase === 'starting' || snapshot.phase === 'failed';

  if (before) {
    const options = (prompts.data ?? []).map((p) => ({
      value: p.id,
      label: p.isSystem ? t('test.systemPrompt', { name: promptName(t, p) }) : p.name,
    }));
    return (
      <Stack>
        <Text size="sm" c="dimmed">
          {t('test.intro')}
        </Text>
        {prompts.isError && <ErrorAlert>{t('test.promptsFailed')}</ErrorAlert>}
        <Select
          label={t('test.prompt')}
          placeholder={prompts.isLoading ? t('loading') : t('test.promptPlaceholder')}
          data={options}
          value={promptId}
          onChange={(v) => {
            setPromptId(v);
            if (v) setPromptError(false);
          }}
          error={promptError ? t('test.promptRequired') : undefined}
          disabled={prompts.isLoading}
          searchable
          nothingFoundMessage={t('test.noPrompts')}
          comboboxProps={{ withinPortal: true }}
        />
        {snapshot.phase === 'failed' && snapshot.error && (
          <Alert color="red" role="alert">
            {snapshot.error === 'startFailed'
              ? t('test.startFailed')
              : errorText(t, snapshot.error, snapshot.serverError)}
          </Alert>
        )}
        <Text size="xs" c="dimmed">
          {t('exercise.recordingNotice')}
        </Text>
        <ModalFooter
          cancelLabel={t('actions.cancel')}
          onCancel={onClose}
          confirmLabel={t('test.start')}
          onConfirm={start}
          icon={IconPlayerPlay}
          loading={snapshot.phase === 'starting'}
        />
      </Stack>
    );
  }
  return <LiveOrEnded session={session} snapshot={snapshot} onClose={onClose} />;
}

/** The live call inside a dialog, then its outcome with the transcript kept on screen. */
export function LiveOrEnded({
  session,
  snapshot,
  onClose,
  dryRun = false,
}: {
  session: CallSession;
  snapshot: CallSnapshot;
  onClose: () => void;
  dryRun?: boolean;
}) {
  const { t } = useTranslation('calls');
  if (snapshot.phase !== 'ended')
    return <CallView session={session} snapshot={snapshot} dryRun={dryRun} transcriptHeight={280} />;
  return (
    <Stack>
      <CallOutcome snapshot={snapshot} headingOrder={3} />
      <TranscriptView
        lines={snapshot.transcript}
        prospectName={snapshot.call?.persona.name || t('transcript.prospect')}
        chat={dryRun}
        height={240}
        ended
      />
      <Group justify="flex-end">
        <Button onClick={onClose}>{t('actions.close')}</Button>
      </Group>
    </Stack>
  );
}
