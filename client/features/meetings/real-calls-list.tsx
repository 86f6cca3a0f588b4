import { Anchor, Badge, Loader, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';
import { clock } from '../../../server/contracts/report-format';
import { NameText } from '../../components/name-text';
import { ScoreText } from '../../components/score-text';
import { ScrollTable } from '../../components/scroll-table';
import { LoadFailedAlert } from '../../components/status-alerts';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useMeetingsT } from './use-meetings-t';

const STATUS_COLOR = { processing: 'blue', done: 'green', failed: 'red' } as const;

/** The user's real calls: title, when, how long, where the report stands, the score and the report. */
export function RealCallsList() {
  const { t } = useMeetingsT();
  const f = useFormat();
  const list = useQuery({ ...trpc.meetings.list.queryOptions(), refetchInterval: (q) => (q.state.data?.rows.some((r) => r.status === 'processing') ? 2000 : false) });
  return (
    <Stack component="section" aria-labelledby="real-calls-title">
      <Title order={2} size="h3" id="real-calls-title">
        {t('list.title')}
      </Title>
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('list.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.data && list.data.rows.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {list.data && list.data.rows.length > 0 && (
        <ScrollTable minWidth={680} label={t('list.title')}>
          <Table striped highlightOnHover>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('list.call')}</Table.Th>
                <Table.Th>{t('list.date')}</Table.Th>
                <Table.Th>{t('list.duration')}</Table.Th>
                <Table.Th>{t('list.status')}</Table.Th>
                <Table.Th>{t('list.score')}</Table.Th>
                <Table.Th>{t('list.report')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.data.rows.map((m) => (
                <Table.Tr key={m.id} data-testid="real-call-row">
                  <Table.Td maw={280}>
                    <NameText fw={600}>{m.title}</NameText>
                    <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t(`sources.${m.source}`)} · {m.speakers.join(', ')}
                    </Text>
                  </Table.Td>
                  <Table.Td>{f.dateTime(m.createdAt)}</Table.Td>
                  <Table.Td>{m.durationMs ? clock(m.durationMs) : '—'}</Table.Td>
                  <Table.Td>
                    <Badge color={STATUS_COLOR[m.status]} variant="light">
                      {t(`statuses.${m.status}`)}
                    </Badge>
                  </Table.Td>
                  <Table.Td>{m.score !== null ? <ScoreText score={m.score} /> : '—'}</Table.Td>
                  <Table.Td>
                    {m.callId ? (
                      <Anchor component={Link} href={`/reports/${m.callId}`}>
                        {t('list.openReport')}
                      </Anchor>
                    ) : (
                      '—'
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </Stack>
  );
}
