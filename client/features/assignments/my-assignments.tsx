import { Box, Button, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { BareList } from '../../components/bare-list';
import { IconFileText, IconPlayerPlay, IconRepeat, type Icon } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import type { MyAssignment } from '../../../server/contracts/assignments';
import { NameText } from '../../components/name-text';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { AttemptList, AttemptsSummary } from './attempts';
import { ReminderNotices } from './reminder-notices';
import { DueBadge, StatusBadge, useAssignmentsTranslation, viewerTimeZone } from './shared';
import { ScoreText } from '../../components/score-text';
import { LoadFailedAlert } from '../../components/status-alerts';

type Exercise = MyAssignment['exercises'][number];

/** A link of an exercise's, as a small button whose accessible name adds the simulation's. */
function ExerciseLink({
  e,
  href,
  icon: LinkIcon,
  variant,
  label,
}: {
  e: Exercise;
  href: string;
  icon: Icon;
  variant?: 'light' | 'default';
  label: string;
}) {
  return (
    <Button
      component={Link}
      href={href}
      size="xs"
      variant={variant}
      leftSection={<LinkIcon size={14} aria-hidden />}
      aria-label={`${label}: ${e.simulationName}`}
    >
      {label}
    </Button>
  );
}

/** What the rep can do with one exercise: start or continue it, open the report that counts, practise again. */
function ExerciseActions({ e }: { e: Exercise }) {
  const { t } = useAssignmentsTranslation();
  const href = `/exercise/${e.simulationId}?exercise=${e.id}`;
  if (e.status !== 'completed')
    return (
      <ExerciseLink
        e={e}
        href={href}
        icon={IconPlayerPlay}
        label={e.status === 'in_progress' ? t('mine.continue') : t('mine.start')}
      />
    );
  return (
    <Group gap="xs" wrap="wrap">
      {e.callId && (
        <ExerciseLink
          e={e}
          href={`/reports/${e.callId}`}
          icon={IconFileText}
          variant="light"
          label={t('mine.viewReport')}
        />
      )}
      <ExerciseLink e={e} href={href} icon={IconRepeat} variant="default" label={t('mine.practiseAgain')} />
    </Group>
  );
}

/** One exercise as a block that wraps on a narrow screen: name and attempts, then status, score and actions. */
function ExerciseRow({ e, a, first }: { e: Exercise; a: MyAssignment; first: boolean }) {
  const { t } = useAssignmentsTranslation();
  const f = useFormat();
  const scored = e.attempts.filter((x) => x.reportStatus === 'ready').length;
  return (
    <Box
      component="li"
      aria-label={e.simulationName}
      data-testid="exercise-row"
      pt={first ? 0 : 'sm'}
      style={first ? undefined : { borderTop: '1px solid var(--mantine-color-gray-3)' }}
    >
      <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
        <Stack gap={2} style={{ flex: '1 1 12rem', minWidth: 0 }}>
          <NameText fw={600} size="sm">
            {e.simulationName}
          </NameText>
          <AttemptsSummary exercise={e} policy={a.scorePolicy} />
        </Stack>
        <Group gap="sm" wrap="wrap" align="center" style={{ flex: '0 1 auto' }}>
          <StatusBadge status={e.status} />
          <Text
            size="sm"
            data-testid="exercise-score"
            aria-label={t('mine.score', { score: f.score(e.score) })}
            component="div"
          >
            <ScoreText score={e.score} originalScore={e.originalScore} heuristic={e.heuristic} />
          </Text>
          <ExerciseActions e={e} />
        </Group>
      </Group>
      {scored > 1 && (
        <Box mt={6} ml="xs">
          <AttemptList exercise={e} label={t('attempts.listLabel', { name: e.simulationName })} />
        </Box>
      )}
    </Box>
  );
}

/** /assignments/sr: the rep's own assignments, reminders, exercises with their attempts, due dates and scores. */
export function MyAssignments() {
  const { t } = useAssignmentsTranslation();
  const f = useFormat();
  const mine = useQuery(trpc.assignments.mine.queryOptions({ timeZone: viewerTimeZone() }));
  if (mine.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (mine.isError)
    return (
      <LoadFailedAlert message={t('mine.loadFailed')} onRetry={() => void mine.refetch()} retryLabel={t('retry')} />
    );
  const list = mine.data ?? [];
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('mine.intro')}
      </Text>
      <ReminderNotices assignments={list} />
      {list.length === 0 && <Text c="dimmed">{t('mine.empty')}</Text>}
      {list.map((a) => (
        <Card key={a.id} withBorder padding="md" component="section" aria-labelledby={`assignment-${a.id}`}>
          <Group justify="space-between" align="flex-start" wrap="wrap" gap="xs" mb="xs">
            <Stack gap={2} style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <Title order={2} size="h4" id={`assignment-${a.id}`} lineClamp={3} title={a.name}>
                {a.name}
              </Title>
              <Text size="xs" c="dimmed">
                {t('mine.sentOn', { date: f.date(a.sentAt) })}
              </Text>
            </Stack>
            <Stack gap={4} align="flex-end" style={{ flex: '0 1 auto' }}>
              <Group gap="xs" wrap="wrap" justify="flex-end">
                <StatusBadge status={a.status} />
                {a.status !== 'completed' && <DueBadge label={a.dueLabel} />}
              </Group>
              {a.dueAt && a.status !== 'completed' && (
                <Text size="xs" c={a.dueLabel.kind === 'overdue' ? 'red' : 'dimmed'} data-testid="due-date">
                  {t('mine.dueOn', { date: f.dateTime(a.dueAt) })}
                </Text>
              )}
            </Stack>
          </Group>
          <BareList gap="sm" aria-label={t('mine.exercisesLabel', { name: a.name })}>
            {a.exercises.map((e, i) => (
              <ExerciseRow key={e.id} e={e} a={a} first={i === 0} />
            ))}
          </BareList>
        </Card>
      ))}
    </Stack>
  );
}
