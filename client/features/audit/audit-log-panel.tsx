import { Button, Divider, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { AUDIT_OUTCOMES } from '../../../server/contracts/audit';
import { AUDIT_FAMILIES } from '../../../server/contracts/audit-families';
import { ListPager, useChoiceParam, useListSearch } from '../../components/list-filters';
import { PanelIntro } from '../../components/panel-intro';
import { LoadFailedAlert } from '../../components/status-alerts';
import { trpc, trpcClient } from '../../lib/trpc';
import { useSearchParam } from '../../lib/use-search-param';
import { pageCount } from '../assignments/paging';
import { usePageParam } from '../assignments/use-page-param';
import { useCsvExport } from '../users/download';
import { AUDIT_NS, dayStart } from './audit-action';
import { AuditFilters } from './audit-filters';
import { AuditTable } from './audit-table';
import { WithScreenTexts } from '../i18n/screen-texts';
import { RetentionSetting } from './retention-setting';

/**
 * Admin → Audit log: the tenant's security-relevant actions, newest first, filtered and paged on
 * the server (filters and page in the address), the filtered rows as CSV, and the retention.
 * `clientId` names another client (a superuser's view of it).
 */
export function AuditLogPanel({ clientId }: { clientId?: string }) {
  return (
    <WithScreenTexts namespaces={['audit']}>
      <AuditLog clientId={clientId} />
    </WithScreenTexts>
  );
}

function AuditLog({ clientId }: { clientId?: string }) {
  const { t } = useTranslation(AUDIT_NS);
  const queryClient = useQueryClient();
  const [page, setPage] = usePageParam('page');
  const [family, setFamily] = useChoiceParam('family', AUDIT_FAMILIES);
  const [outcome, setOutcome] = useChoiceParam('outcome', AUDIT_OUTCOMES);
  const [from, setFrom] = useSearchParam('from');
  const [to, setTo] = useSearchParam('to');
  const { search, typed, setTyped } = useListSearch(setPage);
  const filter = {
    clientId,
    ...(family ? { family } : {}),
    ...(outcome ? { outcome } : {}),
    ...(search ? { q: search } : {}),
    ...(dayStart(from) ? { from: dayStart(from) } : {}),
    ...(dayStart(to, true) ? { to: dayStart(to, true) } : {}),
  };
  const list = useQuery({ ...trpc.audit.list.queryOptions({ ...filter, page }), placeholderData: keepPreviousData });
  const pages = list.data ? pageCount(list.data.total, list.data.pageSize) : 1;
  const filtered = !!(family || outcome || search || from || to);

  const { exporting, exportCsv } = useCsvExport(t, t('exportFailed'), async () => {
    const { csv, count } = await trpcClient.audit.exportCsv.query(filter);
    // the export is an entry of the log itself
    void queryClient.invalidateQueries({ queryKey: trpc.audit.list.queryKey() });
    return { filename: `audit-log-${new Date().toISOString().slice(0, 10)}.csv`, csv, done: t('exported', { count }) };
  });

  const set = (apply: () => void) => {
    apply();
    setPage(1, { replace: true });
  };

  return (
    <Stack>
      <Title order={2} size="h3">
        {t('title')}
      </Title>
      <PanelIntro intro={t('intro')}>
        <Button
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={exporting}
          onClick={exportCsv}
          disabled={!list.data?.total}
        >
          {t('export')}
        </Button>
      </PanelIntro>
      <AuditFilters
        value={{ family, outcome, typed, from, to }}
        onChange={{
          family: (v) => set(() => setFamily(v, { replace: true })),
          outcome: (v) => set(() => setOutcome(v, { replace: true })),
          typed: setTyped,
          from: (v) => set(() => setFrom(v, { replace: true })),
          to: (v) => set(() => setTo(v, { replace: true })),
          clear: () =>
            set(() => {
              setFamily(null, { replace: true });
              setOutcome(null, { replace: true });
              setFrom(null, { replace: true });
              setTo(null, { replace: true });
              setTyped('');
            }),
        }}
      />
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && (
        <LoadFailedAlert message={t('loadFailed')} retryLabel={t('retry')} onRetry={() => void list.refetch()} />
      )}
      {list.data && (
        <Text size="sm" c="dimmed" aria-live="polite">
          {t('total', { count: list.data.total })}
        </Text>
      )}
      {list.data && list.data.total === 0 && <Text c="dimmed">{filtered ? t('noMatch') : t('empty')}</Text>}
      {list.data && list.data.rows.length > 0 && <AuditTable rows={list.data.rows} />}
      <Group justify="center">
        <ListPager pages={pages} page={page} setPage={setPage} controlLabel={(c) => t('page', { page: c })} />
      </Group>
      <Divider my="sm" />
      <RetentionSetting clientId={clientId} />
    </Stack>
  );
}
