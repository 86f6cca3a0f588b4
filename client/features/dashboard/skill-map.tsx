import {
  Anchor,
  Badge,
  Button,
  Card,
  Group,
  NativeSelect,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { SkillMapView } from '../../../server/contracts/progress';
import { DataTable } from '../../components/data-table';
import { NameCell } from '../../components/name-text';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { LEVEL_COLORS } from '../reports/level-colors';

const PAGE_SIZE = 25;
type Cell = SkillMapView['rows'][number]['cells'][number];

/** How the last four weeks moved: the last week with a level against the first. */
function trendOf(cell: Cell): 'up' | 'down' | 'flat' | null {
  const known = cell.trend.filter((x): x is number => x !== null);
  if (known.length < 2) return null;
  const d = known[known.length - 1] - known[0];
  return d > 0.25 ? 'up' : d < -0.25 ? 'down' : 'flat';
}

const ARROW = { up: '↑', down: '↓', flat: '→' } as const;

function SkillCell({ userId, cell }: { userId: string; cell: Cell }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const trend = trendOf(cell);
  const weeks = cell.trend.map((x) => (x === null ? '–' : f.number(x))).join(' · ');
  const label = cell.latest
    ? t('skillMap.cell', { criterion: cell.criterion, level: cell.latest.level, weeks })
    : t('skillMap.cellNone', { criterion: cell.criterion });
  return (
    <Table.Td>
      <Anchor
        component={Link}
        href={`/progress?user=${encodeURIComponent(userId)}&criterion=${encodeURIComponent(cell.criterion)}`}
        aria-label={label}
        title={label}
        underline="never"
      >
        <Group gap={4} wrap="nowrap">
          {cell.latest ? (
            <Badge color={LEVEL_COLORS[cell.latest.level]} variant="light">
              {cell.latest.level}
            </Badge>
          ) : (
            <Text c="dimmed" size="sm">
              –
            </Text>
          )}
          {trend && (
            <Text size="sm" c={trend === 'up' ? 'green' : trend === 'down' ? 'red' : 'dimmed'} aria-hidden>
              {ARROW[trend]}
            </Text>
          )}
        </Group>
      </Anchor>
    </Table.Td>
  );
}

/**
 * The team skill map: reps × the criteria of one scorecard (the one used most lately, or chosen),
 * each cell the rep's latest level with the 4-week trend, opening the evidence on /progress.
 */
export function SkillMap() {
  const { t } = useTranslation('dashboard');
  const [scorecardId, setScorecardId] = useState<string | undefined>();
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 300);
  const [page, setPage] = useState(1);
  const q = useQuery({
    ...trpc.progress.skillMap.queryOptions({
      ...(scorecardId ? { scorecardId } : {}),
      ...(debounced ? { search: debounced } : {}),
      page,
      pageSize: PAGE_SIZE,
    }),
    placeholderData: keepPreviousData,
  });
  const m = q.data;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="skill-map-title">
      <Title order={2} size="h4" id="skill-map-title" mb={4}>
        {t('skillMap.title')}
      </Title>
      <Text size="xs" c="dimmed" mb="sm">
        {t('skillMap.explain')}
      </Text>
      <Group gap="sm" mb="sm" align="flex-end" wrap="wrap">
        {/* a native select: the dashboard's first load stays within its budget */}
        <NativeSelect
          label={t('skillMap.scorecard')}
          data={(m?.scorecards ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={m?.scorecardId ?? ''}
          onChange={(e) => {
            setScorecardId(e.currentTarget.value || undefined);
            setPage(1);
          }}
          w={260}
          maw="100%"
        />
        <TextInput
          label={t('skillMap.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            setPage(1);
          }}
          w={220}
          maw="100%"
        />
      </Group>
      {q.isPending ? (
        <Skeleton h={160} />
      ) : q.isError ? (
        <Text c="red">{errorMessage(t, q.error)}</Text>
      ) : m!.criteria.length === 0 || m!.rows.length === 0 ? (
        <Text c="dimmed">{t('skillMap.empty')}</Text>
      ) : (
        <Stack gap="sm">
          <DataTable
            minWidth={180 + m!.criteria.length * 140}
            label={t('skillMap.title')}
            aria-label={t('skillMap.title')}
            verticalSpacing="xs"
            data-testid="skill-map"
            // a criterion's name wraps between words, never inside one
            columns={[t('skillMap.rep'), ...m!.criteria.map((label) => ({ label, w: 140 }))]}
          >
            {m!.rows.map((r) => (
              <Table.Tr key={r.userId}>
                <NameCell>{r.name}</NameCell>
                {r.cells.map((c) => (
                  <SkillCell key={c.criterion} userId={r.userId} cell={c} />
                ))}
              </Table.Tr>
            ))}
          </DataTable>
          {m!.total > PAGE_SIZE && (
            <Group gap="sm" role="navigation" aria-label={t('skillMap.pages')}>
              <Button variant="default" size="xs" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('skillMap.previous')}
              </Button>
              <Text size="sm">{t('skillMap.pageOf', { page, pages: Math.ceil(m!.total / PAGE_SIZE) })}</Text>
              <Button
                variant="default"
                size="xs"
                disabled={page >= Math.ceil(m!.total / PAGE_SIZE)}
                onClick={() => setPage(page + 1)}
              >
                {t('skillMap.next')}
              </Button>
            </Group>
          )}
        </Stack>
      )}
    </Card>
  );
}
