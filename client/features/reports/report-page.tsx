import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { errorInfo } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { ReportView } from './report-view';
import { ReportFailed, ReportWait } from './report-wait';
import { notifyError, notifyNotice } from '../../lib/notify';

/** How often the wait screen asks for the job's progress. */
const STATUS_POLL_MS = 1500;

const WAITING = new Set(['pending', 'running']);

/** Polls the report status while the evaluation runs; shows the wait screen, the failure with retry, or the report. */
export function ReportPage({ callId, clientId }: { callId: string; clientId?: string }) {
  const { t } = useTranslation('reports');
  const queryClient = useQueryClient();
  const input = clientId ? { clientId, callId } : { callId };
  const status = useQuery({
    ...trpc.reports.status.queryOptions(input),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data && !WAITING.has(q.state.data.status) ? false : STATUS_POLL_MS),
    refetchIntervalInBackground: false,
  });
  const ready = status.data?.status === 'ready';
  const report = useQuery({ ...trpc.reports.get.queryOptions(input), enabled: ready });
  const getKey = trpc.reports.get.queryKey(input);

  // a report that became ready while this page was open (e.g. after a retry): load it fresh
  const wasWaiting = useRef(false);
  useEffect(() => {
    if (status.data && WAITING.has(status.data.status)) wasWaiting.current = true;
    else if (ready && wasWaiting.current) {
      wasWaiting.current = false;
      void queryClient.invalidateQueries({ queryKey: getKey });
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only when the status changes
  }, [status.data?.status]);

  const retry = useMutation(
    trpc.reports.retry.mutationOptions({
      onSuccess: () => {
        notifyNotice('blue', t('failed.retryStarted'));
        void queryClient.invalidateQueries({ queryKey: trpc.reports.status.queryKey(input) });
      },
      onError: () => notifyError(t('failed.retryFailed')),
    }),
  );

  const err = status.error ?? report.error;
  if (err) {
    const code = errorInfo(err).appCode;
    return (
      <Alert
        color="red"
        role="alert"
        title={code === 'NOT_FOUND' || code === 'FORBIDDEN' ? undefined : t('page.loadFailed')}
      >
        <Stack gap="xs" align="flex-start">
          <Text size="sm">
            {code === 'NOT_FOUND'
              ? t('page.notFound')
              : code === 'FORBIDDEN'
                ? t('page.forbidden')
                : t('page.tryAgain')}
          </Text>
          {code !== 'NOT_FOUND' && code !== 'FORBIDDEN' && (
            <Button size="xs" variant="light" onClick={() => void (status.error ? status.refetch() : report.refetch())}>
              {t('page.reload')}
            </Button>
          )}
        </Stack>
      </Alert>
    );
  }
  if (status.isLoading) return <Loader aria-label={t('page.loading')} />;
  const s = status.data!;
  if (s.status === 'failed') {
    return (
      <ReportFailed
        error={s.error ?? s.job?.lastError ?? null}
        onRetry={() => retry.mutate(input)}
        retrying={retry.isPending}
        canRetry={s.canRetry}
      />
    );
  }
  if (s.nothingToScore) {
    return (
      <Alert color="gray" variant="light" data-testid="nothing-to-score">
        {t('page.nothingToScore')}
      </Alert>
    );
  }
  if (WAITING.has(s.status))
    return <ReportWait status={s} onStart={() => retry.mutate(input)} starting={retry.isPending} />;
  if (report.isLoading || !report.data) return <Loader aria-label={t('page.loading')} />;
  if (!report.data.report) return <ReportWait status={s} />;
  return <ReportView data={report.data} clientId={clientId} />;
}
