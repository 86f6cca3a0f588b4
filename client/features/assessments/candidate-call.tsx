import { Loader, Paper, Stack, Text, Title } from '@mantine/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { CallOutcome } from '../calls/call-outcome';
import { CallView, StartCallButton } from '../calls/call-view';
import { useCallSession, useCallSnapshot } from '../calls/use-call-session';
import { linkBackend, type LinkCallApi } from '../calls/link-backend';
import { linkApi, linkCallApi, linkProblemOf, type LinkCredentials, type LinkProblem } from './link-api';
import { StepCard } from './step-card';

/** How long the candidate waits for the report before the thank-you page shows anyway. */
const REPORT_WAIT_MS = 90_000;
const POLL_MS = 1500;

/** Where a link's report stands, as the call page polls it. */
interface LinkCallProgress {
  settled: boolean;
  score?: number | null;
}

interface LinkCallProps {
  /** The link's call procedures (one session per link). */
  api: LinkCallApi;
  /** After a refused start: the page says why (the link may have been used meanwhile, e.g. in another tab). */
  onStartFailed: () => void;
  /** The report is settled (or the wait ran out): the page moves on. */
  onDone: (progress: LinkCallProgress | null) => void;
  /** The wait screen's title after the call. */
  savingTitle: string;
}

/**
 * A call started by a link (an assessment's candidate, a campaign's guest): the exercise page's
 * call (the same CallSession and CallView). After it, a short wait for the report, then onDone.
 */
export function LinkCall({ api, onStartFailed, onDone, savingTitle }: LinkCallProps) {
  const { t } = useTranslation('assessments');
  const { t: tc } = useTranslation('calls');
  const sessionKey = api.key;
  const backend = useMemo(() => linkBackend(api.start), [api]);
  // a report that is ready or failed will not change any more
  const poll = useCallback(async (): Promise<LinkCallProgress> => {
    const done = await api.complete();
    return { settled: done.report_status === 'ready' || done.report_status === 'failed', score: done.score };
  }, [api]);
  // the link decides what is started; the input is not sent
  const session = useCallSession({ input: { simulationId: sessionKey, mode: 'practice' }, backend }, sessionKey);
  const snapshot = useCallSnapshot(session);
  const [waitedOut, setWaitedOut] = useState(false);
  const ended = snapshot?.phase === 'ended' && snapshot.repSpoke;

  useEffect(() => {
    if (snapshot?.phase === 'failed' && snapshot.error === 'startFailed') onStartFailed();
  }, [snapshot?.phase, snapshot?.error, onStartFailed]);

  useEffect(() => {
    if (!ended) return;
    let stop = false;
    const started = Date.now();
    const run = async () => {
      while (!stop) {
        const done = await poll().catch(() => null);
        if (done?.settled || Date.now() - started > REPORT_WAIT_MS) {
          if (!done?.settled) setWaitedOut(true);
          onDone(done);
          return;
        }
        await new Promise((r) => setTimeout(r, POLL_MS));
      }
    };
    void run();
    return () => {
      stop = true;
    };
  }, [ended, poll, onDone]);

  if (!session || !snapshot) return <Loader aria-label={tc('loading')} />;
  const before = snapshot.phase === 'idle' || snapshot.phase === 'starting' || snapshot.phase === 'failed';
  return (
    <Stack gap="md">
      {before && (
        <StepCard title={t('call.ready')} text={t('call.readyText')}>
          <StartCallButton snapshot={snapshot} label={t('call.start')} onStart={() => void session.start(null)} />
        </StepCard>
      )}
      {(snapshot.phase === 'live' || snapshot.phase === 'ending') && <CallView session={session} snapshot={snapshot} />}
      {snapshot.phase === 'ended' && !snapshot.repSpoke && (
        <CallOutcome snapshot={snapshot} onRestart={() => session.reset()} />
      )}
      {ended && (
        <Paper withBorder p="lg" radius="md" role="status">
          <Stack gap="xs" align="flex-start">
            <Loader size="sm" aria-hidden />
            <Title order={2} size="h3">
              {savingTitle}
            </Title>
            <Text>{waitedOut ? t('call.savingLong') : t('call.savingText')}</Text>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

/** The candidate's call; after it, the thank-you page (with the score only when the tenant shows it to candidates). */
export function CandidateCall({
  link,
  onStartRefused,
}: {
  link: LinkCredentials;
  onStartRefused: (problem: LinkProblem) => void;
}) {
  const { t } = useTranslation('assessments');
  const api = useMemo(() => linkCallApi(link), [link]);
  const [, navigate] = useLocation();
  const onStartFailed = useCallback(() => {
    // why the start was refused, as the link says now: started elsewhere, expired meanwhile, completed…
    void linkApi.validate(link).then(
      (v) => v.call_started && onStartRefused('started'),
      (e: unknown) => onStartRefused(linkProblemOf(e)),
    );
  }, [link, onStartRefused]);
  const onDone = useCallback(
    (p: LinkCallProgress | null) => navigate('/assessment/complete', { state: { score: p?.score ?? null } }),
    [navigate],
  );
  return <LinkCall api={api} onStartFailed={onStartFailed} onDone={onDone} savingTitle={t('call.saving')} />;
}
