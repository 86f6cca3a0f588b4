import { Badge, Group, Loader, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ASSESSMENT_STATUSES, type AssessmentStatus } from '../../../server/contracts/enums';
import { NameText } from '../../components/name-text';
import { ScoreText } from '../../components/score-text';
import { LoadFailedAlert } from '../../components/status-alerts';
import { useFormat } from '../../lib/format';
import { usePageParam } from '../assignments/use-page-param';
import { pageCount } from '../assignments/paging';
import { trpc } from '../../lib/trpc';
import { useAssessmentsT } from './use-assessments-t';
import { DataTable } from '../../components/data-table';
import { FilterSelect, ListPager, SearchBox, useChoiceParam, useListSearch } from '../../components/list-filters';
import { ReportLink } from '../../components/report-link';

const STATUS_COLOR: Record<AssessmentStatus, string> = {
  created: 'gray',
  opened: 'blue',
  started: 'indigo',
  in_progress: 'violet',
  completed: 'green',
  expired: 'orange',
};

/** The table's columns, by the last part of their header's text key. */
const COLUMNS = ['candidate', 'simulation', 'status', 'created', 'expires', 'score', 'report'];

/** The tenant's assessments, paged on the server (page, status and search in the URL). */
export function AssessmentsList() {
  const { t } = useAssessmentsT();
  const f = useFormat();
  const [page, setPage] = usePageParam('page');
  const [status, setStatus] = useChoiceParam('status', ASSESSMENT_STATUSES);
  const { search, typed, setTyped } = useListSearch(setPage);
  const list = useQuery({
    ...trpc.assessments.list.queryOptions({ page, ...(status ? { status } : {}), ...(search ? { search } : {}) }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? pageCount(list.data.total, list.data.pageSize) : 1;

  return (
    <Stack>
      <Group wrap="wrap" align="flex-end">
        <SearchBox label={t('list.search')} value={typed} onChange={setTyped} w={280} />
        <FilterSelect
          label={t('list.status')}
          allLabel={t('list.allStatuses')}
          options={ASSESSMENT_STATUSES.map((s) => ({ value: s, label: t(`statuses.${s}`) }))}
          value={status}
          onChange={setStatus}
          setPage={setPage}
          w={200}
        />
      </Group>
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('list.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.data && list.data.total === 0 && (
        <Text c="dimmed">{search || status ? t('list.noMatch') : t('list.empty')}</Text>
      )}
      {list.data && list.data.rows.length > 0 && (
        <DataTable
          minWidth={860}
          label={t('list.title')}
          striped
          highlightOnHover
          columns={COLUMNS.map((c) => t(`list.${c}`))}
        >
          {list.data.rows.map((a) => (
            <Table.Tr key={a.id} data-testid="assessment-row">
              <Table.Td maw={240}>
                <NameText fw={600}>{a.candidateName}</NameText>
                <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {a.candidateEmail}
                </Text>
              </Table.Td>
              <Table.Td maw={220}>
                <NameText>{a.simulationName ?? t('list.deletedSimulation')}</NameText>
                {a.integration && (
                  <Text size="xs" c="dimmed">
                    {a.integration}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Badge color={STATUS_COLOR[a.status]} variant="light">
                  {t(`statuses.${a.status}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{f.date(a.createdAt)}</Table.Td>
              <Table.Td>{f.dateTime(a.expiresAt)}</Table.Td>
              <Table.Td>
                {a.reportStatus === 'ready' ? (
                  <ScoreText score={a.score} heuristic={a.evaluator === 'offline'} />
                ) : a.reportStatus === 'none' ? (
                  '—'
                ) : (
                  t(`list.reportStatus.${a.reportStatus}`)
                )}
              </Table.Td>
              <Table.Td>
                <ReportLink callId={a.reportStatus !== 'none' && a.callId} fallback="—">
                  {t('list.openReport')}
                </ReportLink>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ListPager pages={pages} page={page} setPage={setPage} controlLabel={(c) => t('list.page', { page: c })} />
    </Stack>
  );
}
