import { Alert, Button, Card, Group, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { IconPlayerPlay } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { DueBadge, StatusBadge, formatDate, useAssignmentsTranslation, viewerTimeZone } from './shared';
import { ScoreText } from '../../components/score-text';

/** /assignments/sr: the rep's own assignments, their exercises, due labels and scores. */
export function MyAssignments() {
  const { t, i18n } = useAssignmentsTranslation();
  const mine = useQuery(trpc.assignments.mine.queryOptions({ timeZone: viewerTimeZone() }));
  if (mine.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (mine.isError)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('mine.loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void mine.refetch()}>
            {t('retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const list = mine.data ?? [];
  return (
    <Stack>
      <Text c="dimmed" size="sm">
        {t('mine.intro')}
      </Text>
      {list.length === 0 && <Text c="dimmed">{t('mine.empty')}</Text>}
      {list.map((a) => (
        <Card key={a.id} withBorder padding="md" component="section" aria-labelledby={`assignment-${a.id}`}>
          <Group justify="space-between" wrap="wrap" mb="xs">
            <div>
              <Title order={2} size="h4" id={`assignment-${a.id}`}>
                {a.name}
              </Title>
              <Text size="xs" c="dimmed">
                {t('mine.sentOn', { date: formatDate(a.sentAt, i18n.language) })}
              </Text>
            </div>
            <Group gap="xs">
              <StatusBadge status={a.status} />
              {a.status !== 'completed' && <DueBadge label={a.dueLabel} />}
            </Group>
          </Group>
          <Table.ScrollContainer minWidth={300}>
            <Table verticalSpacing="xs" aria-label={t('mine.exercisesLabel', { name: a.name })}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('detail.simulation')}</Table.Th>
                  <Table.Th>{t('detail.status')}</Table.Th>
                  <Table.Th>{t('detail.score')}</Table.Th>
                  <Table.Th>{t('columns.actions')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {a.exercises.map((e) => (
                  <Table.Tr key={e.id}>
                    <Table.Td>{e.simulationName}</Table.Td>
                    <Table.Td>
                      <StatusBadge status={e.status} />
                    </Table.Td>
                    <Table.Td>
                      <ScoreText score={e.score} originalScore={e.originalScore} heuristic={e.heuristic} />
                    </Table.Td>
                    <Table.Td>
                      {e.status === 'completed' && e.callId ? (
                        <Button component={Link} href={`/reports/${e.callId}`} size="xs" variant="light" aria-label={`${t('mine.viewReport')}: ${e.simulationName}`}>
                          {t('mine.viewReport')}
                        </Button>
                      ) : (
                        <Button
                          component={Link}
                          href={`/exercise/${e.simulationId}?exercise=${e.id}`}
                          size="xs"
                          leftSection={<IconPlayerPlay size={14} aria-hidden />}
                          aria-label={`${e.status === 'in_progress' ? t('mine.continue') : t('mine.start')}: ${e.simulationName}`}
                        >
                          {e.status === 'in_progress' ? t('mine.continue') : t('mine.start')}
                        </Button>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Card>
      ))}
    </Stack>
  );
}
