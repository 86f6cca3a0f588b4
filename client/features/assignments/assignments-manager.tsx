import { Button, Group, Loader, Stack, Table, Tabs, Text } from '@mantine/core';
import { IconBell, IconEye, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { AssignmentSummary } from '../../../server/contracts/assignments';
import { NameText } from '../../components/name-text';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { useTabParam } from '../admin/use-tab-param';
import { ConfirmDeleteModal } from '../../components/confirm-delete-dialog';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { AssignmentDetailModal } from './assignment-detail-modal';
import { AssignmentWizard, type WizardValues } from './assignment-wizard';
import { AssignmentsPager } from './assignments-pager';
import { fallbackPage } from './paging';
import { RemindModal } from './remind-modal';
import { DueBadge, StatusBadge, useAssignmentsTranslation, viewerTimeZone } from './shared';
import { usePageParam } from './use-page-param';
import { LoadFailedAlert } from '../../components/status-alerts';
import { DataTable } from '../../components/data-table';
import { RowActions } from '../../components/row-action';
import { PanelIntro } from '../../components/panel-intro';

type Tab = 'pending' | 'completed';
const TABS: readonly Tab[] = ['pending', 'completed'];
/** Rows per page of each table (the server's default and at most its maximum). */
const PAGE_SIZE = 25;

/** One table's page, kept in the URL (?pendingPage= / ?completedPage=), stepping back when it comes back empty. */
function useAssignmentPage(status: Tab, timeZone: string, enabled: boolean) {
  const [page, setPage] = usePageParam(`${status}Page`);
  const query = useQuery({
    ...trpc.assignments.list.queryOptions({ status, timeZone, page, pageSize: PAGE_SIZE }),
    enabled,
    // the previous page stays on screen while the next one loads
    placeholderData: keepPreviousData,
  });
  const data = query.isPlaceholderData ? undefined : query.data;
  const fallback = data ? fallbackPage(page, data.pageSize, data.total, data.items.length) : null;
  useEffect(() => {
    // the last row of the page was deleted, or the URL names a page past the end
    if (fallback !== null) setPage(fallback, { replace: true });
  }, [fallback, setPage]);
  return { query, page, setPage, fallback };
}

/** /assignments: pending and completed tables, the create wizard, edit, delete and reminders. */
export function AssignmentsManager({ readOnly = false }: { readOnly?: boolean }) {
  const { t } = useAssignmentsTranslation();
  const f = useFormat();
  const queryClient = useQueryClient();
  const timeZone = viewerTimeZone();
  const [tab, setTab] = useTabParam(TABS, 'pending');
  const [wizard, setWizard] = useState<{ editing: AssignmentSummary | null } | null>(null);
  const [deleting, setDeleting] = useState<AssignmentSummary | null>(null);
  const [viewing, setViewing] = useState<AssignmentSummary | null>(null);
  const [reminding, setReminding] = useState<AssignmentSummary | null>(null);
  const pending = useAssignmentPage('pending', timeZone, true);
  const completed = useAssignmentPage('completed', timeZone, tab === 'completed');

  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.assignments.list.queryKey() });
  const create = useMutation(trpc.assignments.create.mutationOptions({ onSuccess: refresh }));
  const update = useMutation(trpc.assignments.update.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.assignments.delete.mutationOptions({ onSuccess: refresh }));

  const submit = async (values: WizardValues) => {
    const editing = wizard?.editing;
    try {
      if (editing) {
        await update.mutateAsync({ assignmentId: editing.id, ...values });
        notifySuccess(t('updated', { name: values.name }));
      } else {
        await create.mutateAsync(values);
        notifySuccess(t('created', { name: values.name }));
      }
      setWizard(null);
    } catch (e) {
      notifyFailure(t, editing ? t('updateFailed') : t('createFailed'), e);
      throw e;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ assignmentId: deleting.id });
      notifySuccess(t('deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (e) {
      notifyFailure(t, t('deleteFailed'), e);
    }
  };

  const renderTable = ({ query: q, page, setPage, fallback }: typeof pending, kind: Tab) => {
    // an assignment still running can be edited and its reps reminded, by whoever may edit it
    const remindable = (a: { canEdit: boolean }) => !readOnly && a.canEdit && kind === 'pending';
    // also while stepping back from an empty page (its placeholder is that empty page)
    if (q.isLoading || fallback !== null || (q.isPlaceholderData && !q.data?.items.length))
      return <Loader aria-label={t('app.loading')} />;
    if (q.isError)
      return <LoadFailedAlert message={t('loadFailed')} onRetry={() => void q.refetch()} retryLabel={t('retry')} />;
    const rows = q.data?.items ?? [];
    const total = q.data?.total ?? 0;
    if (!total) return <Text c="dimmed">{kind === 'pending' ? t('emptyPending') : t('emptyCompleted')}</Text>;
    return (
      <>
        <DataTable
          minWidth={480}
          label={`${t('tableLabel')}: ${t(`tabs.${kind}`)}`}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={`${t('tableLabel')}: ${t(`tabs.${kind}`)}`}
          aria-busy={q.isPlaceholderData || undefined}
          style={q.isPlaceholderData ? { opacity: 0.6 } : undefined}
          columns={[
            t('columns.name'),
            { label: t('columns.sentAt'), visibleFrom: 'sm' },
            kind === 'pending' && t('columns.due'),
            kind === 'pending' && { label: t('columns.status'), visibleFrom: 'sm' },
            { label: t('columns.progress'), visibleFrom: 'md' },
            t('columns.score'),
            t('columns.actions'),
          ]}
        >
          {rows.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td miw={160}>
                <NameText fw={500}>{a.name}</NameText>
                <NameText size="xs" c="dimmed" lines={1}>
                  {a.members.map((m) => m.name).join(', ')}
                </NameText>
                {kind === 'pending' && (
                  <Text size="xs" c="dimmed">
                    {a.lastReminderAt ? t('lastReminder', { when: f.dateTime(a.lastReminderAt) }) : t('neverReminded')}
                  </Text>
                )}
              </Table.Td>
              <Table.Td visibleFrom="sm">{f.date(a.sentAt)}</Table.Td>
              {kind === 'pending' && (
                <Table.Td>
                  <DueBadge label={a.dueLabel} />
                </Table.Td>
              )}
              {kind === 'pending' && (
                <Table.Td visibleFrom="sm">
                  <StatusBadge status={a.status} />
                </Table.Td>
              )}
              <Table.Td visibleFrom="md">
                {t('progress', { done: a.exercisesCompleted, total: a.exercisesTotal })}
              </Table.Td>
              <Table.Td>{f.score(a.averageScore)}</Table.Td>
              <Table.Td>
                <Group gap={4} wrap="nowrap">
                  <RowActions
                    actions={[
                      { key: 'details', icon: IconEye, onClick: () => setViewing(a) },
                      remindable(a) && { key: 'remind', icon: IconBell, onClick: () => setReminding(a) },
                      remindable(a) && { key: 'edit', icon: IconPencil, onClick: () => setWizard({ editing: a }) },
                      !readOnly &&
                        a.canEdit && { key: 'delete', icon: IconTrash, onClick: () => setDeleting(a), color: 'red' },
                    ]}
                    tip={(k) => t(`actions.${k}`, { name: a.name })}
                    label={(k) => t(`actions.${k}`, { name: a.name })}
                  />
                </Group>
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
        <AssignmentsPager
          kind={kind}
          page={page}
          shownPage={q.data?.page ?? page}
          pageSize={q.data?.pageSize ?? PAGE_SIZE}
          total={total}
          shown={rows.length}
          onChange={setPage}
        />
      </>
    );
  };

  return (
    <Stack>
      <PanelIntro intro={t('intro')}>
        {!readOnly && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setWizard({ editing: null })}>
            {t('create')}
          </Button>
        )}
      </PanelIntro>
      <Tabs value={tab} onChange={setTab}>
        <Tabs.List>
          <Tabs.Tab value="pending">{t('tabs.pending')}</Tabs.Tab>
          <Tabs.Tab value="completed">{t('tabs.completed')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="pending" pt="md">
          {renderTable(pending, 'pending')}
        </Tabs.Panel>
        <Tabs.Panel value="completed" pt="md">
          {tab === 'completed' && renderTable(completed, 'completed')}
        </Tabs.Panel>
      </Tabs>
      <AssignmentWizard
        opened={!!wizard}
        editing={wizard?.editing ?? null}
        onClose={() => setWizard(null)}
        onSubmit={submit}
      />
      <ConfirmDeleteModal
        opened={!!deleting}
        title={t('deleteTitle')}
        message={t('deleteMessage', { name: deleting?.name ?? '' })}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
      <AssignmentDetailModal assignment={viewing} readOnly={readOnly} onClose={() => setViewing(null)} />
      <RemindModal assignment={reminding} onClose={() => setReminding(null)} onSent={refresh} />
    </Stack>
  );
}
