import { Alert, Button, Group, Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { IconPhoneCall } from '@tabler/icons-react';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { errorText } from '../calls/call-labels';
import { CallOutcome } from '../calls/call-outcome';
import { CallView } from '../calls/call-view';
import { useCallSession, useCallSnapshot } from '../calls/use-call-session';
import { linkApi, linkCallBackend, type LinkCredentials } from './link-api';

/** How long the candidate waits for the report before the thank-you page shows anyway. */
const REPORT_WAIT_MS = 90_000;
const POLL_MS = 1500;

/**
 * The candidate's call: the exercise page's call (the same CallSession and CallView), started by
 * the link. After it, a short wait for the report, then the thank-you page (with the score only
 * when the tenant shows it to candidates).
 */
export function CandidateCall({ link, onStartRefused }: { link: LinkCredentials; onStartRefused: () => void }) {
  const { t } = useTranslation('assessments');
  const { t: tc } = useTranslation('calls');
  const backend = useMemo(() => linkCallBackend(link), [link]);
  // the link decides what is started; the input is not sent
  const session = useCallSession({ input: { simulationId: link.assessmentId, mode: 'practice' }, backend }, `${link.assessmentId}:${link.token}`);
  const snapshot = useCallSnapshot(session);
  const [, navigate] = useLocation();
  const [waitedOut, setWaitedOut] = useState(false);
  const ended = snapshot?.phase === 'ended' && snapshot.repSpoke;

  useEffect(() => {
    if (snapshot?.phase === 'failed' && snapshot.error === 'startFailed') {
      // the link may have been used meanwhile (another tab): validate again to say why
      void linkApi.validate(link).then(
        (v) => v.call_started && onStartRefused(),
        () => onStartRefused(),
      );
    }
  }, [snapshot?.phase, snapshot?.error, link, onStartRefused]);

  useEffect(() => {
    if (!ended) return;
    let stop = false;
    const started = Date.now();
    const poll = async () => {
      while (!stop) {
        const done = await linkApi.complete(link).catch(() => null);
        const settled = done && (done.report_status === 'ready' || done.report_status === 'failed');
        if (settled || Date.now() - started > REPORT_WAIT_MS) {
          if (!settled) setWaitedOut(true);
          navigate('/assessment/complete', { state: { score: done?.score ?? null } });
          return;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    void poll();
    return () => {
      stop = true;
    };
  }, [ended, link, navigate]);

  if (!session || !snapshot) return <Loader aria-label={tc('loading')} />;
  const before = snapshot.phase === 'idle' || snapshot.phase === 'starting' || snapshot.phase === 'failed';
  return (
    <Stack gap="md">
      {before && (
        <Paper withBorder p="lg" radius="md">
          <Stack>
            <Title order={2} size="h3">
              {t('call.ready')}
            </Title>
            <Text>{t('call.readyText')}</Text>
            {snapshot.phase === 'failed' && snapshot.error && (
              <Alert color="red" role="alert">
                {errorText(tc, snapshot.error, snapshot.serverError)}
              </Alert>
            )}
            <Group>
              <Button size="md" leftSection={<IconPhoneCall size={18} aria-hidden />} loading={snapshot.phase === 'starting'} onClick={() => void session.start(null)}>
                {t('call.start')}
              </Button>
            </Group>
          </Stack>
        </Paper>
      )}
      {(snapshot.phase === 'live' || snapshot.phase === 'ending') && <CallView session={session} snapshot={snapshot} />}
      {snapshot.phase === 'ended' && !snapshot.repSpoke && <CallOutcome snapshot={snapshot} onRestart={() => session.reset()} />}
      {ended && (
        <Paper withBorder p="lg" radius="md" role="status">
          <Stack gap="xs" align="flex-start">
            <Loader size="sm" aria-hidden />
            <Title order={2} size="h3">
              {t('call.saving')}
            </Title>
            <Text>{waitedOut ? t('call.savingLong') : t('call.savingText')}</Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
