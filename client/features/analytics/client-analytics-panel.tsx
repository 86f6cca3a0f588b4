import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { Card, Loader, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';

import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { LoadFailedAlert } from '../../components/status-alerts';
import { DataTable } from '../../components/data-table';

/** The "Analytics" tab of /spar-admin/clients/:id: usage, scores and estimated model cost of one client. */
export function ClientAnalyticsPanel({ clientId }: { clientId: string }) {
  const { t, i18n } = useTranslation(['dashboard', 'common'], { nsMode: 'fallback' });
  const q = useQuery(trpc.analytics.client.queryOptions({ clientId }));
  const f = useFormat();
  if (q.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (q.isError || !q.data)
    return (
      <LoadFailedAlert
        message={t('analytics.loadFailed')}
        onRetry={() => void q.refetch()}
        retryLabel={t('app.retry')}
      />
    );
  const a = q.data;
  const usd = new Intl.NumberFormat(i18n.language, { style: 'currency', currency: 'USD', maximumFractionDigits: 2 });
  const weekLabel = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { month: 'short', day: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${iso}T00:00:00Z`),
    );
  const stats: [string, string][] = [
    [
      t('analytics.activeUsers'),
      t('counts.ofTotal', { active: f.number(a.users.active30d), total: f.number(a.users.total) }),
    ],
    [t('analytics.calls'), f.number(a.totals.calls)],
    [t('analytics.minutes'), f.number(a.totals.minutes, 1)],
    [t('analytics.averageScore'), f.score(a.totals.averageScore)],
    [t('analytics.tokens'), f.number(a.totals.textTokens)],
    [t('analytics.cost'), usd.format(a.totals.estimatedCostUsd)],
  ];
  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {stats.map(([label, value]) => (
          <Card key={label} withBorder padding="md">
            <Text size="sm" c="dimmed">
              {label}
            </Text>
            <Text fz={24} fw={700}>
              {value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        {t('analytics.costNote', { calls: usd.format(a.totals.callCostUsd), text: usd.format(a.totals.textCostUsd) })}
      </Text>
      <Card withBorder padding="md" component="section" aria-labelledby="analytics-weeks">
        <Title order={2} size="h4" id="analytics-weeks" mb="sm">
          {t('analytics.perWeek')}
        </Title>
        {a.totals.calls === 0 ? (
          <Text c="dimmed">{t('analytics.empty')}</Text>
        ) : (
          <BarChart
            h={200}
            data={a.weeks.map((w) => ({ week: weekLabel(w.weekStart), calls: w.calls, minutes: w.minutes }))}
            dataKey="week"
            series={[
              { name: 'calls', label: t('analytics.calls'), color: 'indigo.6' },
              { name: 'minutes', label: t('analytics.minutes'), color: 'teal.6' },
            ]}
            aria-hidden
          />
        )}
        <DataTable
          minWidth={320}
          aria-label={t('analytics.perWeek')}
          columns={[t('trend.week'), t('analytics.calls'), t('analytics.minutes'), t('analytics.averageScore')]}
        >
          {a.weeks.map((w) => (
            <Table.Tr key={w.weekStart}>
              <Table.Td>{weekLabel(w.weekStart)}</Table.Td>
              <Table.Td>{f.number(w.calls)}</Table.Td>
              <Table.Td>{f.number(w.minutes, 1)}</Table.Td>
              <Table.Td>{f.score(w.averageScore)}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      </Card>
    </Stack>
  );
}
