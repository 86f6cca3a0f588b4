import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';
import { Alert, Anchor, Button, Card, Group, Loader, Progress, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconChecklist, IconClipboardPlus, IconSend, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { trpc } from '../../lib/trpc';
import { ScoreText } from '../../components/score-text';

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Card withBorder padding="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
    </Card>
  );
}

/** /dashboard: counts, the 4-week trend, recent activity, weak spots and quick actions. */
export function ManagerDashboard() {
  const { t, i18n } = useTranslation(['dashboard', 'common'], { nsMode: 'fallback' });
  const q = useQuery(trpc.dashboard.get.queryOptions({}));
  const actions = (
    <Group gap="sm" wrap="wrap">
      <Button component={Link} href="/assignments" leftSection={<IconSend size={16} aria-hidden />}>
        {t('actions.sendAssignment')}
      </Button>
      <Button component={Link} href="/simulations" variant="light" leftSection={<IconClipboardPlus size={16} aria-hidden />}>
        {t('actions.createSimulation')}
      </Button>
      <Button component={Link} href="/scorecards" variant="light" leftSection={<IconChecklist size={16} aria-hidden />}>
        {t('actions.addScorecard')}
      </Button>
      <Button component={Link} href="/team" variant="light" leftSection={<IconUserPlus size={16} aria-hidden />}>
        {t('actions.addTeamMember')}
      </Button>
    </Group>
  );
  if (q.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (q.isError || !q.data)
    return (
      <Alert color="red" role="alert">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('loadFailed')}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void q.refetch()}>
            {t('app.retry')}
          </Button>
        </Stack>
      </Alert>
    );
  const d = q.data;
  const fmt = (v: number | null) => (v === null ? '—' : v.toFixed(1));
  const weekLabel = (iso: string) => new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
  const isNew = d.counts.teamMembers === 0 || d.counts.pendingExercises + d.counts.completedExercises === 0;

  return (
    <Stack gap="lg">
      <section aria-labelledby="quick-actions">
        <Title order={2} size="h4" id="quick-actions" mb="xs">
          {t('quickActions')}
        </Title>
        {actions}
      </section>
      {isNew && (
        <Alert color="blue" title={t('gettingStarted.title')}>
          <Stack gap={4}>
            {d.counts.teamMembers === 0 && <Text size="sm">{t('gettingStarted.addMembers')}</Text>}
            <Text size="sm">{t('gettingStarted.createSimulation')}</Text>
            <Text size="sm">{t('gettingStarted.sendAssignment')}</Text>
          </Stack>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Stat label={t('counts.activeMembers')} value={t('counts.ofTotal', { active: d.counts.activeMembers, total: d.counts.teamMembers })} />
        <Stat label={t('counts.averageScore')} value={fmt(d.counts.averageScore)} />
        <Stat label={t('counts.pending')} value={String(d.counts.pendingExercises)} />
        <Stat label={t('counts.completed')} value={String(d.counts.completedExercises)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <Card withBorder padding="md" component="section" aria-labelledby="trend-title">
          <Title order={2} size="h4" id="trend-title" mb="sm">
            {t('trend.title')}
          </Title>
          {d.trend.every((w) => w.averageScore === null) ? (
            <Text c="dimmed">{t('trend.empty')}</Text>
          ) : (
            <>
              <LineChart
                h={220}
                data={d.trend.map((w) => ({ week: weekLabel(w.weekStart), score: w.averageScore }))}
                dataKey="week"
                series={[{ name: 'score', label: t('trend.score'), color: 'indigo.6' }]}
                yAxisProps={{ domain: [0, 100] }}
                connectNulls
                aria-hidden
              />
              <Table mt="sm" aria-label={t('trend.title')}>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('trend.week')}</Table.Th>
                    <Table.Th>{t('trend.score')}</Table.Th>
                    <Table.Th>{t('trend.completed')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {d.trend.map((w) => (
                    <Table.Tr key={w.weekStart}>
                      <Table.Td>{weekLabel(w.weekStart)}</Table.Td>
                      <Table.Td>{fmt(w.averageScore)}</Table.Td>
                      <Table.Td>{w.completed}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </>
          )}
        </Card>
        <Card withBorder padding="md" component="section" aria-labelledby="weak-title">
          <Title order={2} size="h4" id="weak-title" mb="sm">
            {t('weakSpots.title')}
          </Title>
          {d.weakSpots.length === 0 ? (
            <Text c="dimmed">{t('weakSpots.empty')}</Text>
          ) : (
            <Stack gap="sm">
              {d.weakSpots.map((w) => (
                <div key={w.criterion}>
                  <Group justify="space-between">
                    <Text size="sm" fw={500}>
                      {w.criterion}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {t('weakSpots.level', { percent: w.percent, count: w.reports })}
                    </Text>
                  </Group>
                  <Progress value={w.percent} color={w.percent < 50 ? 'red' : w.percent < 75 ? 'yellow' : 'green'} aria-label={`${w.criterion}: ${w.percent}%`} />
                </div>
              ))}
            </Stack>
          )}
        </Card>
      </SimpleGrid>
      <Card withBorder padding="md" component="section" aria-labelledby="recent-title">
        <Title order={2} size="h4" id="recent-title" mb="sm">
          {t('recent.title')}
        </Title>
        {d.recent.length === 0 ? (
          <Text c="dimmed">{t('recent.empty')}</Text>
        ) : (
          <Table.ScrollContainer minWidth={320}>
            <Table verticalSpacing="xs" aria-label={t('recent.title')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('recent.rep')}</Table.Th>
                  <Table.Th>{t('recent.simulation')}</Table.Th>
                  <Table.Th>{t('recent.score')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('recent.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.recent.map((r) => (
                  <Table.Tr key={r.exerciseId}>
                    <Table.Td>{r.userName}</Table.Td>
                    <Table.Td>
                      {r.callId ? (
                        <Anchor component={Link} href={`/reports/${r.callId}`}>
                          {r.simulationName}
                        </Anchor>
                      ) : (
                        r.simulationName
                      )}
                      <Text size="xs" c="dimmed">
                        {r.assignmentName}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <ScoreText score={r.score} originalScore={r.originalScore} heuristic={r.heuristic} />
                    </Table.Td>
                    <Table.Td visibleFrom="sm">{new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(r.completedAt))}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Card>
    </Stack>
  );
}
