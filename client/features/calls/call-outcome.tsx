import { Alert, Button, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'wouter';
import { IconCheck, IconClockHour4, IconPhoneOff } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { clock, errorText, reasonText } from './call-labels';
import type { CallSnapshot } from './call-session';
import { isCongratulation } from './protocol';
import { ErrorAlert } from '../../components/status-alerts';

/**
 * After `end`: Congratulations / Time Limit Reached / the reason, plus end errors and the recording
 * upload. A call in which the rep said nothing ends with that alone: nothing to score, nothing saved.
 */
export function CallOutcome({
  snapshot,
  headingOrder = 2,
  onRestart,
}: {
  snapshot: CallSnapshot;
  headingOrder?: 2 | 3;
  onRestart?: () => void;
}) {
  const { t } = useTranslation('calls');
  const end = snapshot.end;
  if (!end) return null;
  if (!snapshot.repSpoke) {
    return (
      <Paper withBorder p="lg" radius="md" data-testid="nothing-to-score">
        <Stack gap="sm" align="flex-start">
          <Text>{t('report.nothingToScore')}</Text>
          {onRestart && (
            <Button variant="light" onClick={onRestart}>
              {t('report.startAgain')}
            </Button>
          )}
        </Stack>
      </Paper>
    );
  }
  const congrats = isCongratulation(end.reason);
  const timeUp = end.reason === 'time_limit';
  const icon = congrats ? (
    <IconCheck aria-hidden />
  ) : timeUp ? (
    <IconClockHour4 aria-hidden />
  ) : (
    <IconPhoneOff aria-hidden />
  );
  return (
    <Stack gap="sm">
      <Alert color={congrats ? 'green' : timeUp ? 'orange' : 'red'} icon={icon} variant="light">
        <Title order={headingOrder} size="h3">
          {congrats ? t('outcome.congratulations') : timeUp ? t('outcome.timeLimit') : t('outcome.ended')}
        </Title>
        <Text size="sm" mt={4}>
          {congrats ? t('outcome.congratulationsText') : reasonText(t, end.reason)}
        </Text>
        {end.durationMs > 0 && (
          <Text size="sm" c="dimmed" mt={4}>
            {t('outcome.duration', { time: clock(end.durationMs) })}
          </Text>
        )}
      </Alert>
      {snapshot.error === 'endFailed' && <ErrorAlert>{errorText(t, 'endFailed')}</ErrorAlert>}
      {snapshot.error === 'connectionLost' && <Alert color="orange">{errorText(t, 'connectionLost')}</Alert>}
      {snapshot.error === 'server' && <Alert color="red">{errorText(t, 'server', snapshot.serverError)}</Alert>}
      <RecordingStatusLine status={snapshot.recording} />
    </Stack>
  );
}

function RecordingStatusLine({ status }: { status: CallSnapshot['recording'] }) {
  const { t } = useTranslation('calls');
  if (status === 'none' || status === 'recording') return null;
  return (
    <Text size="sm" c={status === 'failed' ? 'red' : 'dimmed'} role="status" data-testid="recording-status">
      {status === 'uploading' && <Loader size="xs" mr="xs" aria-hidden />}
      {t(`recording.${status}`)}
    </Text>
  );
}

/** The report wait screen; the report page (/reports/:callId) shows the evaluation's real progress. */
export function ReportWait({ callId }: { callId?: string }) {
  const { t } = useTranslation('calls');
  return (
    <Paper withBorder p="lg" radius="md">
      <Stack gap="xs" align="flex-start">
        <Loader size="sm" aria-hidden />
        <Title order={2} size="h3">
          {t('report.title')}
        </Title>
        <Text>{t('report.saved')}</Text>
        <Text c="dimmed" size="sm">
          {t('report.explain')}
        </Text>
        {callId && (
          <Button component={Link} href={`/reports/${callId}`} variant="light">
            {t('report.open')}
          </Button>
        )}
      </Stack>
    </Paper>
  );
}
