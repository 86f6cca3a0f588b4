import { Alert, Anchor, Button, Stack, Table, Text, Title } from '@mantine/core';
import { QueryModal } from '../../components/query-modal';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TeamMember } from '../../../server/contracts/team';
import { NameCell, NameText } from '../../components/name-text';
import { EMPTY, useFormat } from '../../lib/format';
import { hasRole } from '../../lib/roles';
import { trpc } from '../../lib/trpc';
import { useMe } from '../auth/use-me';
import { UserFormModal } from '../users/user-form-modal';
import { ScoreText } from '../../components/score-text';
import { DataTable } from '../../components/data-table';
import { ListStates } from '../../components/list-states';
import { PanelIntro } from '../../components/panel-intro';
import { ReportLink } from '../../components/report-link';

const useTeamT = () => useTranslation(['team', 'common'], { nsMode: 'fallback' });
/** A call's mode as the manager reads it: for an assignment, practice on their own, or a test of a simulation. */
const KIND: Record<string, 'assignment' | 'practice' | 'test'> = {
  exercise: 'assignment',
  practice: 'practice',
  test: 'test',
  dry_run: 'test',
};

/** /team: the manager's members (admins: every rep), add a team member, open a member's history. */
export function TeamView() {
  const { t } = useTeamT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const me = useMe();
  const list = useQuery(trpc.team.list.queryOptions({}));
  const [adding, setAdding] = useState(false);
  const [created, setCreated] = useState<{ email: string; password: string } | null>(null);
  const [viewing, setViewing] = useState<TeamMember | null>(null);
  const canAdd = hasRole(me.data?.user.role ?? null, ['admin', 'sales_manager']);
  // a manager's new member is a Sales Rep on their own team (the server enforces it too)
  const teamMember = me.data?.user.role === 'sales_manager';
  const date = (iso: string | null) => (iso ? f.date(iso) : t('never'));

  return (
    <Stack>
      <PanelIntro intro={t('intro')}>
        {canAdd ? (
          <Button leftSection={<IconUserPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        ) : (
          <Text size="sm" c="dimmed" maw={360}>
            {t('addAskAdmin')}
          </Text>
        )}
      </PanelIntro>
      {created && (
        <Alert color="green" withCloseButton onClose={() => setCreated(null)} closeButtonLabel={t('app.close')}>
          {t('createdWithPassword', { email: created.email, password: created.password })}
        </Alert>
      )}
      <ListStates
        query={list}
        items={list.isSuccess ? list.data : undefined}
        loadingLabel={t('app.loading')}
        loadFailed={t('loadFailed')}
        retryLabel={t('app.retry')}
        empty={t('empty')}
      >
        {(rows) => (
          <DataTable
            minWidth={420}
            label={t('tableLabel')}
            striped
            highlightOnHover
            verticalSpacing="sm"
            aria-label={t('tableLabel')}
            columns={[
              t('columns.name'),
              { label: t('columns.role'), visibleFrom: 'sm' },
              { label: t('columns.lastActive'), visibleFrom: 'md' },
              t('columns.pending'),
              t('columns.completed'),
              t('columns.score'),
            ]}
          >
            {rows.map((m) => (
              <Table.Tr key={m.id}>
                <Table.Td>
                  <Anchor
                    component="button"
                    type="button"
                    ta="left"
                    onClick={() => setViewing(m)}
                    aria-label={t('openHistory', { name: m.name })}
                    style={{ overflowWrap: 'anywhere' }}
                  >
                    {m.name}
                  </Anchor>
                  <NameText size="xs" c="dimmed" lines={1}>
                    {m.email}
                  </NameText>
                </Table.Td>
                <Table.Td visibleFrom="sm">{t(`types.${m.userType}`, { ns: 'users' })}</Table.Td>
                <Table.Td visibleFrom="md">{date(m.lastActiveAt)}</Table.Td>
                <Table.Td>{f.number(m.pending)}</Table.Td>
                <Table.Td>{f.number(m.completed)}</Table.Td>
                <Table.Td>{f.score(m.averageScore)}</Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        )}
      </ListStates>
      {canAdd && (
        <UserFormModal
          opened={adding}
          user={null}
          teamMember={teamMember}
          onClose={() => {
            setAdding(false);
            void queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });
          }}
          onCreated={(email, password) => {
            if (password) setCreated({ email, password });
            void queryClient.invalidateQueries({ queryKey: trpc.team.list.queryKey() });
          }}
        />
      )}
      <MemberHistoryModal member={viewing} onClose={() => setViewing(null)} />
    </Stack>
  );
}

function MemberHistoryModal({ member, onClose }: { member: TeamMember | null; onClose: () => void }) {
  const { t } = useTeamT();
  const f = useFormat();
  const q = useQuery({ ...trpc.team.history.queryOptions({ userId: member?.id ?? '' }), enabled: !!member });
  return (
    <QueryModal
      opened={!!member}
      onClose={onClose}
      title={t('history.title', { name: member?.name ?? '' })}
      query={q}
      loadFailed={t('history.loadFailed')}
    >
      {(data) => (
        <Stack>
          <HistoryTable
            title={t('history.exercises')}
            empty={t('history.noExercises')}
            items={data.exercises}
            columns={[t('history.assignment'), t('history.simulation'), t('history.status'), t('columns.score')]}
          >
            {(e) => (
              <Table.Tr key={e.id}>
                <NameCell>{e.assignmentName}</NameCell>
                <Table.Td>
                  <ReportLink callId={e.status === 'completed' && e.callId} fallback={e.simulationName}>
                    {e.simulationName}
                  </ReportLink>
                </Table.Td>
                <Table.Td>{t(`status.${e.status}`, { ns: 'assignments' })}</Table.Td>
                <Table.Td>
                  <ScoreText score={e.score} originalScore={e.originalScore} heuristic={e.heuristic} />
                </Table.Td>
              </Table.Tr>
            )}
          </HistoryTable>
          <HistoryTable
            title={t('history.calls')}
            empty={t('history.noCalls')}
            items={data.calls}
            columns={[t('history.when'), t('history.simulation'), t('history.kind'), t('columns.score')]}
          >
            {(c) => (
              <Table.Tr key={c.id}>
                <Table.Td>{f.dateTime(c.createdAt)}</Table.Td>
                <Table.Td>
                  <ReportLink callId={c.reportStatus && c.id} fallback={c.simulationName ?? EMPTY}>
                    {c.simulationName ?? EMPTY}
                  </ReportLink>
                </Table.Td>
                <Table.Td>{t(`history.kinds.${KIND[c.mode] ?? 'other'}`)}</Table.Td>
                <Table.Td>
                  <ScoreText score={c.score} originalScore={c.originalScore} heuristic={c.heuristic} />
                </Table.Td>
              </Table.Tr>
            )}
          </HistoryTable>
        </Stack>
      )}
    </QueryModal>
  );
}

/** One list of a member's history under its title, or the sentence that says it is empty. */
function HistoryTable<T>({
  title,
  empty,
  items,
  columns,
  children,
}: {
  title: string;
  empty: string;
  items: readonly T[];
  columns: string[];
  children: (item: T) => ReactNode;
}) {
  return (
    <>
      <Title order={3} size="h5">
        {title}
      </Title>
      {items.length === 0 ? (
        <Text c="dimmed">{empty}</Text>
      ) : (
        <DataTable minWidth={420} label={title} verticalSpacing="xs" aria-label={title} columns={columns}>
          {items.map(children)}
        </DataTable>
      )}
    </>
  );
}
