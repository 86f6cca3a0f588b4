import { Alert, Badge, Group, SegmentedControl, Select, Skeleton, Stack, Table, Text, useMatches } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  LEADERBOARD_BOARDS,
  type LeaderboardBoard,
  type LeaderboardView,
} from '../../../server/contracts/leaderboards';
import { DataTable } from '../../components/data-table';
import { NameText } from '../../components/name-text';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';

type Row = LeaderboardView['rows'][number];

function RankRow({ row, board }: { row: Row; board: LeaderboardBoard }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const value =
    board === 'best'
      ? f.score(row.value)
      : board === 'improvement'
        ? t('leaderboard.points', { value: `${row.value > 0 ? '+' : ''}${f.number(row.value)}` })
        : t('leaderboard.days', { count: row.value });
  return (
    <Table.Tr data-me={row.me || undefined} bg={row.me ? 'var(--mantine-color-blue-light)' : undefined}>
      <Table.Td>{f.number(row.rank)}</Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <NameText size="sm">{row.name ?? t('leaderboard.hidden')}</NameText>
          {row.me && (
            <Badge size="xs" variant="light">
              {t('leaderboard.you')}
            </Badge>
          )}
        </Group>
      </Table.Td>
      <Table.Td>{value}</Table.Td>
      <Table.Td>{f.number(row.attempts)}</Table.Td>
    </Table.Tr>
  );
}

/**
 * /leaderboard: the team's board (best score, improvement over four weeks, practice streak), for
 * the team or one simulation, over counted attempts only. The caller's own position always shows.
 */
export function LeaderboardPanel() {
  const { t } = useTranslation('dashboard');
  const [board, setBoard] = useState<LeaderboardBoard>('best');
  const [simulationId, setSimulationId] = useState<string | null>(null);
  const q = useQuery({
    ...trpc.leaderboards.get.queryOptions({ board, ...(simulationId ? { simulationId } : {}) }),
    placeholderData: keepPreviousData,
  });
  const l = q.data;
  // three long labels do not fit side by side on a phone: one under the other there
  const orientation = useMatches<'vertical' | 'horizontal'>({ base: 'vertical', xs: 'horizontal' });
  const meBelow = l?.me && !l.rows.some((r) => r.me) ? l.me : null;
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('leaderboard.explain')}
      </Text>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <SegmentedControl
          orientation={orientation}
          fullWidth={orientation === 'vertical'}
          w={orientation === 'vertical' ? '100%' : undefined}
          aria-label={t('leaderboard.board')}
          value={board}
          onChange={(v) => setBoard(v as LeaderboardBoard)}
          data={LEADERBOARD_BOARDS.map((b) => ({ value: b, label: t(`leaderboard.boards.${b}`) }))}
        />
        <Select
          label={t('leaderboard.simulation')}
          placeholder={t('leaderboard.allSimulations')}
          data={(l?.simulations ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={simulationId}
          onChange={setSimulationId}
          clearable
          w={300}
          maw="100%"
        />
      </Group>
      <Text size="xs" c="dimmed">
        {t(`leaderboard.explainBoards.${board}`)}
        {l?.names === 'ranks_only' ? ` ${t('leaderboard.ranksOnly')}` : ''}
      </Text>
      {q.isPending ? (
        <Skeleton h={200} />
      ) : q.isError ? (
        <Alert color="red" title={t('leaderboard.failed')}>
          {errorMessage(t, q.error)}
        </Alert>
      ) : l!.rows.length === 0 ? (
        <Text c="dimmed">{t('leaderboard.empty')}</Text>
      ) : (
        <DataTable
          minWidth={360}
          label={t('leaderboard.title')}
          aria-label={t(`leaderboard.boards.${board}`)}
          data-testid="leaderboard"
          columns={[
            t('leaderboard.rank'),
            t('leaderboard.rep'),
            t(`leaderboard.values.${board}`),
            t('leaderboard.attempts'),
          ]}
        >
          {l!.rows.map((r, i) => (
            <RankRow key={r.userId ?? `rank-${i}`} row={r} board={board} />
          ))}
          {meBelow && <RankRow row={meBelow} board={board} />}
        </DataTable>
      )}
    </Stack>
  );
}
