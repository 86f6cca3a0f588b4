import { Alert, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Fact } from '../components/fact';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams, useSearch } from 'wouter';
import { PageTitle } from '../components/page-title';
import { callsApi, previewQueryKey } from '../features/calls/api';
import { CallOutcome, ReportWait } from '../features/calls/call-outcome';
import { CallView, StartCallButton } from '../features/calls/call-view';
import { minutes } from '../features/calls/format';
import type { CallPreview } from '../features/calls/protocol';
import { TranscriptView } from '../features/calls/transcript-view';
import { useCallSession, useCallSnapshot } from '../features/calls/use-call-session';
import { errorInfo } from '../lib/errors';

/** /exercise/:simulationId — instructions, Start, the live call, then the report wait screen. */
export default function ExercisePage() {
  const { t } = useTranslation('calls');
  const { simulationId = '' } = useParams<{ simulationId: string }>();
  const preview = useQuery({
    queryKey: previewQueryKey(simulationId),
    queryFn: () => callsApi.preview(simulationId),
    retry: (count, error) => count < 1 && errorInfo(error).appCode === 'NETWORK',
  });
  // assignments: ?exercise=<id> links the call to the rep's exercise;
  // certifications: ?certificationStep=<id> makes it an attempt at that step
  const search = new URLSearchParams(useSearch());
  const exerciseId = search.get('exercise') ?? undefined;
  const certificationStepId = search.get('certificationStep') ?? undefined;
  const session = useCallSession(
    {
      input: {
        simulationId,
        mode: 'practice',
        ...(exerciseId ? { exerciseId } : {}),
        ...(certificationStepId ? { certificationStepId } : {}),
      },
    },
    `${simulationId}:${exerciseId ?? ''}:${certificationStepId ?? ''}`,
  );
  const snapshot = useCallSnapshot(session);
  // a server without calls.preview answers NOT_FOUND for the path itself: then Start still works
  const notFound =
    preview.isError &&
    errorInfo(preview.error).appCode === 'NOT_FOUND' &&
    !/no procedure found/i.test(preview.error.message);
  const title = preview.data?.name ?? snapshot?.call?.simulationName ?? t('exercise.title');

  if (!session || !snapshot) return <Loader aria-label={t('loading')} />;
  const before = snapshot.phase === 'idle' || snapshot.phase === 'starting' || snapshot.phase === 'failed';

  return (
    <Stack maw={860} gap="md">
      <PageTitle>{title}</PageTitle>
      {notFound && <Alert color="red">{t('exercise.notFound')}</Alert>}
      {before && !notFound && (
        <>
          {preview.isLoading && <Loader size="sm" aria-label={t('loading')} />}
          {preview.data && <SimulationSummary preview={preview.data} />}
          <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />}>
            {t('exercise.recordingNotice')}
          </Alert>
          <StartCallButton
            snapshot={snapshot}
            label={t('exercise.start')}
            onStart={() => void session.start(preview.data?.provider ?? null)}
          />
        </>
      )}
      {(snapshot.phase === 'live' || snapshot.phase === 'ending') && <CallView session={session} snapshot={snapshot} />}
      {snapshot.phase === 'ended' && (
        <>
          <CallOutcome snapshot={snapshot} onRestart={() => session.reset()} />
          {snapshot.repSpoke && <ReportWait callId={snapshot.call?.callId} />}
          {snapshot.repSpoke && snapshot.transcript.length > 0 && (
            <TranscriptView
              lines={snapshot.transcript}
              prospectName={snapshot.call?.persona.name || t('transcript.prospect')}
              height={240}
              ended
            />
          )}
        </>
      )}
    </Stack>
  );
}

function SimulationSummary({ preview }: { preview: CallPreview }) {
  const { t } = useTranslation('calls');
  return (
    <Paper withBorder p="md" radius="md">
      <Stack gap="xs">
        <Group gap="xl" wrap="wrap">
          {preview.personaName && <Fact label={t('exercise.persona')} value={preview.personaName} />}
          <Fact label={t('exercise.difficulty')} value={t(`difficulty.${preview.difficulty}`)} />
          <Fact
            label={t('exercise.timeLimit')}
            value={t('exercise.minutes', { count: minutes(preview.timeLimitSeconds) })}
          />
          {/* the simulation's language named in the interface language, as the simulations list names it */}
          <Fact label={t('exercise.language')} value={t(`languages.${preview.language}`, { ns: 'simulations' })} />
        </Group>
        {preview.provider === 'offline' && (
          <Text size="sm" c="orange.8">
            {t('offline.banner')}
          </Text>
        )}
        <Title order={2} size="h4" mt="xs">
          {t('exercise.instructions')}
        </Title>
        <Text style={{ whiteSpace: 'pre-wrap' }}>{preview.learnerInstructions || t('exercise.noInstructions')}</Text>
      </Stack>
    </Paper>
  );
}
