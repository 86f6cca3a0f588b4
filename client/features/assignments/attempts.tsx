import { Anchor, Badge, Group, Text } from '@mantine/core';
import { BareList } from '../../components/bare-list';
import { Link } from 'wouter';
import type { ExerciseView } from '../../../server/contracts/assignments';
import { EMPTY, useFormat } from '../../lib/format';
import { useAssignmentsTranslation } from './shared';

type Attempts = Pick<ExerciseView, 'attempts' | 'bestScore' | 'latestScore'>;
export type ScorePolicy = 'best' | 'latest';

/** "2 attempts · best 80,0 · latest 65,0 · the best counts" (nothing before the first scored attempt). */
export function AttemptsSummary({ exercise, policy }: { exercise: Attempts; policy: ScorePolicy }) {
  const { t } = useAssignmentsTranslation();
  const f = useFormat();
  const scored = exercise.attempts.filter((a) => a.reportStatus === 'ready').length;
  if (!scored) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="attempts-summary">
      {[
        t('attempts.count', { count: scored }),
        t('attempts.best', { score: f.score(exercise.bestScore) }),
        t('attempts.latest', { score: f.score(exercise.latestScore) }),
        t(`attempts.counts.${policy}`),
      ].join(' · ')}
    </Text>
  );
}

/** Every attempt with a link to its report and which one counts (the manager's history, the rep's own list). */
export function AttemptList({ exercise, label }: { exercise: Attempts; label: string }) {
  const { t } = useAssignmentsTranslation();
  const f = useFormat();
  if (!exercise.attempts.length) return <Text size="sm">{EMPTY}</Text>;
  return (
    <BareList ordered gap={2} aria-label={label}>
      {exercise.attempts.map((a, i) => (
        <Group key={a.callId} component="li" gap={6} wrap="wrap">
          <Anchor
            component={Link}
            href={`/reports/${a.callId}`}
            size="sm"
            aria-label={t('attempts.openReport', { n: i + 1, date: f.dateTime(a.completedAt ?? a.startedAt) })}
          >
            {t('attempts.item', { n: i + 1 })}
          </Anchor>
          <Text size="sm">
            {a.reportStatus === 'ready' ? f.score(a.score) : t(`attempts.report.${a.reportStatus}`)}
          </Text>
          <Text size="xs" c="dimmed">
            {f.date(a.completedAt ?? a.startedAt)}
          </Text>
          {a.counted && (
            <Badge size="xs" variant="light" color="green" tt="none">
              {t('attempts.countsBadge')}
            </Badge>
          )}
        </Group>
      ))}
    </BareList>
  );
}
