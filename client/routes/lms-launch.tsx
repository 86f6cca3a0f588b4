import { Alert, Anchor, Badge, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconArrowBackUp, IconLinkOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'wouter';
import type { LmsLaunchCredentials, LmsLaunchView } from '../../server/contracts/lms';
import { Fact } from '../components/fact';
import { PageTitle } from '../components/page-title';
import { LinkCall } from '../features/assessments/candidate-call';
import { MicCheck } from '../features/assessments/mic-check';
import { WithScreenTexts } from '../features/i18n/screen-texts';
import { launchApi, launchCallApi, tellCourse } from '../features/lms/launch-api';
import { ReportView } from '../features/reports/report-view';
import { errorInfo, translateErrorCode } from '../lib/errors';

const WAITING = new Set(['pending', 'running']);

/**
 * /lms/launch/:id#<token> — the page a learning system opens for its learner (a SCORM package's
 * frame, an LTI launch): no account session, the launch token is the credential. A simulation:
 * intro → microphone check → the call → the report, with "return to course". A certification: its
 * steps, each attempted the same way.
 */
export default function LmsLaunchPage() {
  return (
    <WithScreenTexts namespaces={['lms']}>
      <LaunchPage />
    </WithScreenTexts>
  );
}

function LaunchPage() {
  const { id = '' } = useParams<{ id: string }>();
  const token = useMemo(() => decodeURIComponent(window.location.hash.replace(/^#/, '')), []);
  const link = useMemo(() => ({ id, token }), [id, token]);
  const { t } = useTranslation(['lms', 'common'], { nsMode: 'fallback' });
  const view = useQuery({
    queryKey: ['lmsLaunch', id, token],
    queryFn: () => launchApi.view(link),
    retry: false,
    refetchOnWindowFocus: false,
  });
  if (!token) return <LaunchProblem text={t('learner.noToken')} />;
  if (view.isLoading) return <Loader aria-label={t('learner.loading')} />;
  if (view.isError) return <LaunchProblem text={translateErrorCode(t, errorInfo(view.error).appCode)} />;
  return <LaunchFlow link={link} view={view.data!} refresh={() => void view.refetch()} />;
}

function LaunchProblem({ text }: { text: string }) {
  const { t } = useTranslation('lms');
  return (
    <Paper withBorder p="xl" radius="md" maw={640} mx="auto" data-testid="launch-problem">
      <Stack>
        <IconLinkOff size={32} aria-hidden />
        <Title order={1} size="h2">
          {t('learner.problemTitle')}
        </Title>
        <Text>{text}</Text>
      </Stack>
    </Paper>
  );
}

type Step =
  { kind: 'intro' } | { kind: 'mic'; stepId?: string } | { kind: 'call'; stepId?: string } | { kind: 'report' };

function LaunchFlow({ link, view, refresh }: { link: LmsLaunchCredentials; view: LmsLaunchView; refresh: () => void }) {
  const { t } = useTranslation('lms');
  const settled = view.report_status === 'ready' || view.report_status === 'failed';
  const [step, setStep] = useState<Step>(() =>
    view.target_kind === 'simulation' && (settled || view.call_in_flight) ? { kind: 'report' } : { kind: 'intro' },
  );
  const onDone = useCallback(() => {
    tellCourse(link.id);
    refresh();
    setStep({ kind: 'report' });
  }, [link.id, refresh]);
  const title = view.simulation?.name ?? view.certification?.name ?? t('learner.title');
  return (
    <Stack maw={960} mx="auto" gap="md">
      <PageTitle>{title}</PageTitle>
      {step.kind === 'intro' && view.simulation && (
        <SimulationIntro view={view} onStart={() => setStep({ kind: 'mic' })} />
      )}
      {step.kind === 'intro' && view.certification && (
        <CertificationSteps view={view} onStart={(stepId) => setStep({ kind: 'mic', stepId })} />
      )}
      {step.kind === 'intro' && !view.simulation && !view.certification && (
        <Alert color="red" variant="light">
          {t('learner.targetGone')}
        </Alert>
      )}
      {step.kind === 'mic' && <MicCheck onContinue={() => setStep({ kind: 'call', stepId: step.stepId })} />}
      {step.kind === 'call' && (
        <LaunchCall
          link={link}
          stepId={step.stepId}
          onDone={onDone}
          onStartFailed={() => {
            refresh();
            setStep({ kind: 'report' });
          }}
        />
      )}
      {step.kind === 'report' && (
        <LaunchReport
          link={link}
          view={view}
          onNext={
            view.target_kind === 'certification'
              ? () => {
                  refresh();
                  setStep({ kind: 'intro' });
                }
              : null
          }
        />
      )}
    </Stack>
  );
}

function SimulationIntro({ view, onStart }: { view: LmsLaunchView; onStart: () => void }) {
  const { t } = useTranslation(['lms', 'calls']);
  const sim = view.simulation!;
  return (
    <Stack gap="md">
      {view.learner_name && <Text fw={600}>{t('learner.greeting', { name: view.learner_name })}</Text>}
      <Paper withBorder p="md" radius="md">
        <Stack gap="sm">
          <Group gap="xl" wrap="wrap">
            <Fact label={t('learner.timeLimit')} value={t('learner.minutes', { count: sim.time_limit_minutes })} />
            <Fact label={t('learner.difficulty')} value={t(`difficulty.${sim.difficulty}`, { ns: 'calls' })} />
          </Group>
          {sim.instructions && (
            <>
              <Title order={2} size="h4">
                {t('learner.instructions')}
              </Title>
              <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{sim.instructions}</Text>
            </>
          )}
        </Stack>
      </Paper>
      <Alert color="blue" variant="light">
        {t('learner.recordingNotice')}
      </Alert>
      <Button onClick={onStart} w="fit-content" size="md">
        {t('learner.start')}
      </Button>
    </Stack>
  );
}

function CertificationSteps({ view, onStart }: { view: LmsLaunchView; onStart: (stepId: string) => void }) {
  const { t } = useTranslation('lms');
  const cert = view.certification!;
  const next = cert.steps.find((s) => s.available);
  return (
    <Stack gap="md">
      {cert.description && <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{cert.description}</Text>}
      {cert.held && (
        <Alert color="green" variant="light" role="status">
          {t('learner.certificationHeld', { name: cert.name })}
        </Alert>
      )}
      <Table.ScrollContainer minWidth={320}>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('learner.step')}</Table.Th>
              <Table.Th>{t('learner.simulation')}</Table.Th>
              <Table.Th>{t('learner.stepStatus')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {cert.steps.map((s) => (
              <Table.Tr key={s.step_id}>
                <Table.Td>{s.position}</Table.Td>
                <Table.Td style={{ overflowWrap: 'anywhere' }}>
                  {s.simulation_name ?? t('learner.simulationGone')}
                </Table.Td>
                <Table.Td>
                  <Badge color={s.passed ? 'green' : s.attempts_left === 0 ? 'red' : 'gray'} variant="light">
                    {s.passed
                      ? t('learner.passed', { score: s.best_score ?? '' })
                      : s.attempts_left === 0
                        ? t('learner.noAttemptsLeft')
                        : t('learner.open')}
                  </Badge>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {next && !view.call_in_flight && (
        <Button onClick={() => onStart(next.step_id)} w="fit-content" size="md">
          {t('learner.startStep', { position: next.position })}
        </Button>
      )}
      <ReturnToCourse view={view} />
    </Stack>
  );
}

function LaunchCall({
  link,
  stepId,
  onDone,
  onStartFailed,
}: {
  link: LmsLaunchCredentials;
  stepId?: string;
  onDone: () => void;
  onStartFailed: () => void;
}) {
  const { t } = useTranslation('lms');
  const api = useMemo(() => launchCallApi(link, stepId), [link, stepId]);
  return <LinkCall api={api} onStartFailed={onStartFailed} onDone={onDone} savingTitle={t('learner.saving')} />;
}

function LaunchReport({
  link,
  view,
  onNext,
}: {
  link: LmsLaunchCredentials;
  view: LmsLaunchView;
  onNext: (() => void) | null;
}) {
  const { t } = useTranslation(['lms', 'common'], { nsMode: 'fallback' });
  const report = useQuery({
    queryKey: ['lmsLaunchReport', link.id, link.token],
    queryFn: () => launchApi.report(link),
    retry: false,
    refetchInterval: (q) =>
      q.state.data && (WAITING.has(q.state.data.report_status) || q.state.data.report_status === 'none') ? 2000 : false,
  });
  const status = report.data?.report_status;
  return (
    <Stack gap="md">
      {report.isError ? (
        <Alert color="red" variant="light">
          {translateErrorCode(t, errorInfo(report.error).appCode)}
        </Alert>
      ) : report.data?.report ? (
        <>
          <Alert color="green" variant="light" role="status" data-testid="launch-sent">
            {view.source === 'lti' ? t('learner.sentLti') : t('learner.sentScorm')}
          </Alert>
          <ReportView data={report.data.report} downloadUrl={null} />
        </>
      ) : status === 'failed' ? (
        <Alert color="red" variant="light">
          {t('learner.reportFailed')}
        </Alert>
      ) : (
        <Alert color="blue" variant="light" role="status">
          <Group gap="xs">
            <Loader size="xs" aria-hidden />
            <Text size="sm">{t('learner.preparing')}</Text>
          </Group>
        </Alert>
      )}
      <Group>
        {onNext && (
          <Button variant="light" onClick={onNext}>
            {t('learner.backToSteps')}
          </Button>
        )}
        <ReturnToCourse view={view} />
      </Group>
    </Stack>
  );
}

/** "Return to course": an LTI launch's return address (http(s) only); a SCORM package's course is around this frame. */
function ReturnToCourse({ view }: { view: LmsLaunchView }) {
  const { t } = useTranslation('lms');
  const url = view.return_url && /^https?:\/\//i.test(view.return_url) ? view.return_url : null;
  if (!url) return null;
  return (
    <Anchor href={url} target="_top" underline="never">
      <Button component="span" leftSection={<IconArrowBackUp size={16} aria-hidden />}>
        {t('learner.returnToCourse')}
      </Button>
    </Anchor>
  );
}
