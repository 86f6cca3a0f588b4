import { lazy, Suspense, type ReactNode } from 'react';
import {
  Alert,
  Button,
  Card,
  Group,
  List,
  Loader,
  Progress,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconChecklist, IconClipboardPlus, IconFlask, IconSend, IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import { NameCell, NameText } from '../../components/name-text';

import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { ScoreText } from '../../components/score-text';
import { LoadFailedAlert } from '../../components/status-alerts';
import { DataTable, TableHead } from '../../components/data-table';
import { ReportLink } from '../../components/report-link';
import { SkillMap } from './skill-map';

// the chart packages load after the numbers and tiles, behind a skeleton of the chart's size
const LineChart = lazy(() => import('./trend-chart'));

/** One number with the one thing it counts, said in the label and in a line below it. */
function Stat({ label, value, hint, testId }: { label: string; value: string; hint: string; testId: string }) {
  return (
    <Card withBorder padding="md" data-testid={testId}>
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text fz={28} fw={700}>
        {value}
      </Text>
      <Text size="xs" c="dimmed">
        {hint}
      </Text>
    </Card>
  );
}

/** The dashboard's quick actions: where each goes, its label's key and its icon; the first is the main one. */
const QUICK_ACTIONS = [
  ['/assignments', 'sendAssignment', IconSend],
  ['/simulations', 'createSimulation', IconClipboardPlus],
  ['/scorecards', 'addScorecard', IconChecklist],
  ['/team', 'addTeamMember', IconUserPlus],
] as const;

/** A titled card of the dashboard with the line that explains it; its `empty` sentence stands in for an empty body. */
function DashboardSection({
  id,
  section,
  empty,
  children,
}: {
  id: string;
  section: 'trend' | 'weakSpots' | 'recent';
  empty: boolean;
  children: ReactNode;
}) {
  const { t } = useTranslation('dashboard');
  return (
    <Card withBorder padding="md" component="section" aria-labelledby={id}>
      <Title order={2} size="h4" id={id} mb={4}>
        {t(`${section}.title`)}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t(`${section}.explain`)}
      </Text>
      {empty ? <Text c="dimmed">{t(`${section}.empty`)}</Text> : children}
    </Card>
  );
}

/** A demo tenant says its data is demo data; while its history is being made, how far it got. */
function DemoNotice({ generating }: { generating: { done: number; total: number } | null }) {
  const { t } = useTranslation(['dashboard', 'common'], { nsMode: 'fallback' });
  const f = useFormat();
  const percent = generating && generating.total ? Math.round((generating.done / generating.total) * 100) : 0;
  return (
    <Alert
      color="grape"
      variant="light"
      icon={<IconFlask size={18} aria-hidden />}
      title={t('demo.title')}
      data-testid="demo-notice"
    >
      <Stack gap={6}>
        <Text size="sm">{t('demo.body')}</Text>
        {generating && (
          <>
            <Text size="sm" role="status">
              {generating.total
                ? t('demo.generating', { done: f.number(generating.done), total: f.number(generating.total) })
                : t('demo.starting')}
            </Text>
            <Progress value={percent} size="sm" aria-label={t('demo.progressLabel')} striped animated />
          </>
        )}
      </Stack>
    </Alert>
  );
}

/** /dashboard: counts, the 4-week trend, weak spots, the team skill map, recent activity and quick actions. */
export function ManagerDashboard() {
  const { t } = useTranslation(['dashboard', 'common'], { nsMode: 'fallback' });
  const f = useFormat();
  const q = useQuery({
    ...trpc.dashboard.get.queryOptions({}),
    // while the demo history is being made, the numbers fill in as it goes
    refetchInterval: (query) => (query.state.data?.demo.generating ? 2000 : false),
  });
  const actions = (
    <Group gap="sm" wrap="wrap">
      {QUICK_ACTIONS.map(([href, key, ActionIcon], i) => (
        <Button
          key={key}
          component={Link}
          href={href}
          variant={i === 0 ? undefined : 'light'}
          leftSection={<ActionIcon size={16} aria-hidden />}
        >
          {t(`actions.${key}`)}
        </Button>
      ))}
    </Group>
  );
  if (q.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (q.isError || !q.data)
    return <LoadFailedAlert message={t('loadFailed')} onRetry={() => void q.refetch()} retryLabel={t('app.retry')} />;
  const d = q.data;
  const c = d.counts;
  const weekLabel = (iso: string) =>
    new Intl.DateTimeFormat(f.lng, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const isNew = c.teamMembers === 0 || c.pendingExercises + c.completedExercises + c.practiceCalls === 0;
  // the steps that apply, numbered from 1 by the list itself
  const steps = [
    ...(c.teamMembers === 0 ? [t('gettingStarted.addMembers')] : []),
    t('gettingStarted.createSimulation'),
    t('gettingStarted.sendAssignment'),
  ];

  return (
    <Stack gap="lg">
      {d.demo.isDemo && <DemoNotice generating={d.demo.generating} />}
      <section aria-labelledby="quick-actions">
        <Title order={2} size="h4" id="quick-actions" mb="xs">
          {t('quickActions')}
        </Title>
        {actions}
      </section>
      {isNew && (
        <Alert color="blue" title={t('gettingStarted.title')}>
          <List type="ordered" size="sm" spacing={4} data-testid="getting-started">
            {steps.map((s) => (
              <List.Item key={s}>{s}</List.Item>
            ))}
          </List>
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3, lg: 5 }}>
        {(
          [
            [
              'active',
              'activeMembers',
              t('counts.ofTotal', { active: f.number(c.activeMembers), total: f.number(c.teamMembers) }),
            ],
            ['average', 'averageScore', f.score(c.averageScore)],
            ['pending', 'pending', f.number(c.pendingExercises)],
            ['completed', 'completed', f.number(c.completedExercises)],
            ['practice', 'practice', f.number(c.practiceCalls)],
          ] as const
        ).map(([id, key, value]) => (
          <Stat key={id} testId={`stat-${id}`} label={t(`counts.${key}`)} value={value} hint={t(`counts.${key}Hint`)} />
        ))}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        <DashboardSection id="trend-title" section="trend" empty={d.trend.every((w) => w.averageScore === null)}>
          <Suspense fallback={<Skeleton h={220} />}>
            <LineChart
              h={220}
              data={d.trend.map((w) => ({ week: weekLabel(w.weekStart), score: w.averageScore }))}
              dataKey="week"
              series={[{ name: 'score', label: t('trend.score'), color: 'indigo.6' }]}
              yAxisProps={{ domain: [0, 100] }}
              valueFormatter={(v) => f.score(v)}
              connectNulls
              aria-hidden
            />
          </Suspense>
          <Table mt="sm" aria-label={t('trend.title')}>
            <TableHead columns={[t('trend.week'), t('trend.score'), t('trend.completed')]} />
            <Table.Tbody>
              {d.trend.map((w) => (
                <Table.Tr key={w.weekStart}>
                  <Table.Td>{weekLabel(w.weekStart)}</Table.Td>
                  <Table.Td>{f.score(w.averageScore)}</Table.Td>
                  <Table.Td>{f.number(w.completed)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </DashboardSection>
        <DashboardSection id="weak-title" section="weakSpots" empty={d.weakSpots.length === 0}>
          <Stack gap="sm">
            {d.weakSpots.map((w) => (
              <div key={w.criterion}>
                <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
                  <NameText size="sm" fw={500}>
                    {w.criterion}
                  </NameText>
                  <Text size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
                    {t('weakSpots.level', {
                      percent: f.percent(w.percent),
                      count: w.reports,
                      reports: f.number(w.reports),
                    })}
                  </Text>
                </Group>
                <Progress
                  value={w.percent}
                  color={w.percent < 50 ? 'red' : w.percent < 75 ? 'yellow' : 'green'}
                  aria-label={`${w.criterion}: ${f.percent(w.percent)}`}
                />
              </div>
            ))}
          </Stack>
        </DashboardSection>
      </SimpleGrid>
      <SkillMap />
      <DashboardSection id="recent-title" section="recent" empty={d.recent.length === 0}>
        <DataTable
          minWidth={420}
          label={t('recent.title')}
          verticalSpacing="xs"
          aria-label={t('recent.title')}
          columns={[t('recent.rep'), t('recent.call'), t('recent.score'), t('recent.when')]}
        >
          {d.recent.map((r) => (
            <Table.Tr key={`${r.kind}:${r.id}`} data-kind={r.kind}>
              <NameCell>{r.userName}</NameCell>
              <Table.Td>
                <ReportLink
                  callId={r.callId}
                  fallback={<NameText size="sm">{r.simulationName}</NameText>}
                  size="sm"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {r.simulationName}
                </ReportLink>
                <NameText size="xs" c="dimmed" lines={1}>
                  {r.kind === 'practice'
                    ? t('recent.practice')
                    : r.kind === 'real'
                      ? t('recent.realCall')
                      : r.attempts > 1
                        ? t('recent.assignmentAttempts', { name: r.assignmentName ?? '', count: r.attempts })
                        : t('recent.assignment', { name: r.assignmentName ?? '' })}
                </NameText>
              </Table.Td>
              <Table.Td>
                <ScoreText score={r.score} originalScore={r.originalScore} heuristic={r.heuristic} />
              </Table.Td>
              <Table.Td>{f.dateTime(r.completedAt)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </DashboardSection>
    </Stack>
  );
}
