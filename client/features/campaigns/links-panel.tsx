import { Badge, Button, Group, Loader, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { MAGIC_LINK_STATUSES, type MagicLinkStatus } from '../../../server/contracts/enums';
import { NameText } from '../../components/name-text';
import { ScoreText } from '../../components/score-text';
import { LoadFailedAlert } from '../../components/status-alerts';
import { useFormat } from '../../lib/format';
import { trpc, trpcClient } from '../../lib/trpc';
import { useSearchParam } from '../../lib/use-search-param';
import { usePageParam } from '../assignments/use-page-param';
import { pageCount } from '../assignments/paging';
import { useCsvExport } from '../users/download';
import { useCtaT } from './use-cta-t';
import { DataTable } from '../../components/data-table';
import { FilterSelect, ListPager, SearchBox, useChoiceParam, useListSearch } from '../../components/list-filters';
import { nameOptions } from '../../lib/name-options';

const STATUS_COLOR: Record<MagicLinkStatus, string> = {
  created: 'gray',
  sent: 'cyan',
  clicked: 'blue',
  started: 'indigo',
  in_progress: 'violet',
  completed: 'green',
  expired: 'orange',
};
const FILTERS = [...MAGIC_LINK_STATUSES, 'booked'] as const;

/** The table's columns, by the last part of their header's text key. */
const COLUMNS = ['email', 'campaign', 'status', 'clicks', 'created', 'expires', 'completed', 'booked', 'score'];

/** Every link of the tenant, paged on the server (page, campaign, status and search in the URL), and the filtered list as CSV. */
export function LinksPanel() {
  const { t } = useCtaT();
  const f = useFormat();
  const [page, setPage] = usePageParam('page');
  const [rawCampaign, setCampaign] = useSearchParam('campaign');
  const campaigns = useQuery(trpc.campaigns.list.queryOptions());
  const campaignId = rawCampaign && campaigns.data?.rows.some((c) => c.id === rawCampaign) ? rawCampaign : undefined;
  const [status, setStatus] = useChoiceParam('status', FILTERS);
  const { search, typed, setTyped } = useListSearch(setPage);
  const filter = {
    ...(campaignId ? { campaignId } : {}),
    ...(status ? { status } : {}),
    ...(search ? { search } : {}),
  };
  const list = useQuery({
    ...trpc.campaigns.links.queryOptions({ page, pageSize: 25, ...filter }),
    placeholderData: keepPreviousData,
  });
  const pages = list.data ? pageCount(list.data.total, list.data.pageSize) : 1;

  const { exporting, exportCsv } = useCsvExport(t, t('links.csvFailed'), () =>
    trpcClient.campaigns.exportLinks.query(filter),
  );

  return (
    <Stack>
      <Group wrap="wrap" align="flex-end" justify="space-between">
        <Group wrap="wrap" align="flex-end">
          <SearchBox label={t('links.search')} value={typed} onChange={setTyped} w={260} />
          <FilterSelect
            label={t('links.campaign')}
            allLabel={t('links.allCampaigns')}
            options={nameOptions(campaigns.data?.rows)}
            value={campaignId}
            onChange={setCampaign}
            setPage={setPage}
            w={220}
            maw="100%"
          />
          <FilterSelect
            label={t('links.status')}
            allLabel={t('links.allStatuses')}
            options={FILTERS.map((s) => ({ value: s, label: t(`status.${s}`) }))}
            value={status}
            onChange={setStatus}
            setPage={setPage}
            w={180}
          />
        </Group>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={exportCsv}
          disabled={!list.data?.total}
        >
          {t('links.downloadCsv')}
        </Button>
      </Group>
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('links.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('links.total', { count: list.data.total })}
        </Text>
      )}
      {list.data && list.data.total === 0 && (
        <Text c="dimmed">{search || status || campaignId ? t('links.noMatch') : t('links.empty')}</Text>
      )}
      {list.data && list.data.rows.length > 0 && (
        <DataTable
          minWidth={980}
          label={t('links.title')}
          striped
          highlightOnHover
          columns={COLUMNS.map((c) => t(`links.columns.${c}`))}
        >
          {list.data.rows.map((l) => (
            <Table.Tr key={l.id} data-testid="link-row">
              <Table.Td maw={240}>
                <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {l.email}
                </Text>
                {l.firstName && (
                  <NameText size="xs" c="dimmed">
                    {l.firstName}
                  </NameText>
                )}
              </Table.Td>
              <Table.Td maw={200}>
                <NameText size="sm">{l.campaignName}</NameText>
                {l.simulationName && (
                  <NameText size="xs" c="dimmed">
                    {l.simulationName}
                  </NameText>
                )}
              </Table.Td>
              <Table.Td>
                <Tooltip label={t('links.expiredStarted')} disabled={l.expiredReason !== 'started'}>
                  <Badge color={STATUS_COLOR[l.status]} variant="light" data-testid="link-status">
                    {t(`status.${l.status}`)}
                  </Badge>
                </Tooltip>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{l.clicks}</Text>
                {l.lastClickedAt && (
                  <Text size="xs" c="dimmed">
                    {t('links.lastClicked', { date: f.dateTime(l.lastClickedAt) })}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>{f.date(l.createdAt)}</Table.Td>
              <Table.Td>{f.date(l.expiresAt)}</Table.Td>
              <Table.Td>{l.completedAt ? f.dateTime(l.completedAt) : '—'}</Table.Td>
              <Table.Td>
                {l.bookedAt ? (
                  <Badge color="grape" variant="light">
                    {t('links.bookedOn', { date: f.date(l.bookedAt) })}
                  </Badge>
                ) : l.bookingFailedAt ? (
                  <Badge color="orange" variant="light" data-testid="booking-failed">
                    {t('links.bookingFailed', { date: f.date(l.bookingFailedAt) })}
                  </Badge>
                ) : (
                  '—'
                )}
              </Table.Td>
              <Table.Td>{l.score !== null ? <ScoreText score={l.score} heuristic={l.heuristic} /> : '—'}</Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
      <ListPager pages={pages} page={page} setPage={setPage} controlLabel={(c) => t('links.page', { page: c })} />
    </Stack>
  );
}
