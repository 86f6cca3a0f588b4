import { Alert, Button, Group, Paper, Progress, Stack, Text, Title } from '@mantine/core';
import { ActionButtons } from '../../components/action-buttons';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { ReportStatus } from '../../../server/contracts/reports';

/** The phase text of the evaluation job, from what the worker reports (never invented). */
function phaseText(t: TFunction, status: ReportStatus): string {
  const job = status.job;
  if (!job || job.status !== 'running') return t('wait.phases.queued');
  const p = job.progress;
  if (!p?.phase) return t('wait.phases.other');
  const phase = p.phase.split(/[:.\s]/)[0].toLowerCase();
  return t(`wait.phases.${phase}`, { defaultValue: t('wait.phases.other') });
}

/**
 * The wait screen while the evaluation job runs: the job's own phase and progress (a determinate
 * bar when the worker reports done/total, else an animated bar with the phase text), its attempts
 * and the reassurance that the call is saved.
 */
export function ReportWait({
  status,
  onStart,
  starting = false,
}: {
  status: ReportStatus | undefined;
  onStart?: () => void;
  starting?: boolean;
}) {
  const { t } = useTranslation('reports');
  const job = status?.job ?? null;
  const p = job?.progress ?? null;
  const known = job?.status === 'running' && p?.total != null && p.total > 0 && p.done != null;
  const pct = known ? Math.round((Math.min(p.done!, p.total!) / p.total!) * 100) : 100;
  const text = status ? phaseText(t, status) : t('wait.phases.queued');
  const retrying = job?.status === 'failed' || (job != null && job.attempts > 1);
  return (
    <Paper withBorder p="lg" radius="md" data-testid="report-wait">
      <Stack gap="sm">
        <Title order={2} size="h3">
          {t('wait.title')}
        </Title>
        <Text role="status" aria-live="polite" fw={500} data-testid="report-phase">
          {text}
          {known ? ` · ${t('wait.step', { step: Math.min(p.done! + 1, p.total!), total: p.total })}` : ''}
        </Text>
        <Progress
          value={pct}
          animated={!known}
          striped={!known}
          size="lg"
          aria-label={t('wait.progressLabel')}
          aria-valuetext={text}
          transitionDuration={300}
        />
        {job && retrying && (
          <Alert color="orange" variant="light" icon={<IconRefresh size={18} aria-hidden />}>
            <Text size="sm">{t('wait.attempt', { attempt: Math.max(1, job.attempts), max: job.maxAttempts })}</Text>
            {job.status === 'failed' && <Text size="sm">{t('wait.retryingAfterError')}</Text>}
            {job.lastError && (
              <Text size="xs" c="dimmed">
                {t('wait.lastError', { error: job.lastError.slice(0, 200) })}
              </Text>
            )}
          </Alert>
        )}
        {status && !status.callEnded && <Text size="sm">{t('page.callLive')}</Text>}
        {status?.canRetry && onStart && (
          <Group gap="sm">
            <Text size="sm">{t('wait.notQueued')}</Text>
            <ActionButtons
              size="xs"
              actions={[{ key: 'start', icon: IconRefresh, variant: 'light', onClick: onStart, loading: starting }]}
              label={(k) => t(`wait.${k}`)}
            />
          </Group>
        )}
        <Text>{t('wait.saved')}</Text>
      </Stack>
    </Paper>
  );
}

/** The report could not be made or downloaded: "Unable to generate or download the report", with a retry. */
export function ReportFailed({
  error,
  onRetry,
  retrying,
  canRetry,
}: {
  error: string | null;
  onRetry: () => void;
  retrying: boolean;
  canRetry: boolean;
}) {
  const { t } = useTranslation('reports');
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={t('failed.title')}
      role="alert"
      data-testid="report-failed"
    >
      <Stack gap="sm" align="flex-start">
        <Text size="sm">{t('failed.text')}</Text>
        {error && (
          <Text size="xs" c="dimmed">
            {error.slice(0, 300)}
          </Text>
        )}
        {canRetry && (
          <Button leftSection={<IconRefresh size={16} aria-hidden />} onClick={onRetry} loading={retrying}>
            {t('failed.retry')}
          </Button>
        )}
      </Stack>
    </Alert>
  );
}
