import { Group, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { ActionButtons } from '../../components/action-buttons';
import { QueryModal } from '../../components/query-modal';
import { IconFileExport } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AssignmentSummary } from '../../../server/contracts/assignments';
import { NameCell } from '../../components/name-text';
import { EMPTY } from '../../lib/format';
import { trpc, trpcClient } from '../../lib/trpc';
import { notifyFailure } from '../../lib/notify';
import { useCsvExport } from '../users/download';
import { AttemptList, type ScorePolicy } from './attempts';
import { StatusBadge, useAssignmentsTranslation, viewerTimeZone } from './shared';
import { ScoreText } from '../../components/score-text';
import { DataTable } from '../../components/data-table';
import { ReportLink } from '../../components/report-link';

/**
 * An assignment's exercises, per rep and simulation: status, the score that counts, every attempt
 * with its report, and (for those who may edit it) which attempt counts.
 */
export function AssignmentDetailModal({
  assignment,
  readOnly,
  onClose,
}: {
  assignment: AssignmentSummary | null;
  readOnly: boolean;
  onClose: () => void;
}) {
  const { t } = useAssignmentsTranslation();
  const queryClient = useQueryClient();
  const setPolicy = useMutation(
    trpc.assignments.update.mutationOptions({
      onSuccess: () =>
        Promise.all(
          [trpc.assignments.get.queryKey(), trpc.assignments.list.queryKey(), trpc.dashboard.get.queryKey()].map(
            (queryKey) => queryClient.invalidateQueries({ queryKey }),
          ),
        ),
      onError: (e) => notifyFailure(t, t('updateFailed'), e),
    }),
  );
  const detail = useQuery({
    ...trpc.assignments.get.queryOptions({ assignmentId: assignment?.id ?? '', timeZone: viewerTimeZone() }),
    enabled: !!assignment,
  });
  // the export button shows only with a loaded assignment
  const { exporting, exportCsv } = useCsvExport(t, t('detail.exportFailed'), () =>
    trpcClient.assignments.exportResults.query({ assignmentId: assignment!.id }),
  );
  return (
    <QueryModal
      opened={!!assignment}
      onClose={onClose}
      title={t('detail.title', { name: assignment?.name ?? '' })}
      query={detail}
      loadFailed={t('detail.loadFailed')}
    >
      {(d) => (
        <Stack gap="sm">
          <Group justify="space-between" wrap="wrap" gap="xs">
            {readOnly || !d.canEdit ? (
              <Text size="sm" c="dimmed" data-testid="score-policy">
                {t(`detail.policy.${d.scorePolicy}`)}
              </Text>
            ) : (
              <Group gap="xs" wrap="wrap">
                <Text size="sm" id="score-policy-label">
                  {t('detail.policyLabel')}
                </Text>
                <SegmentedControl
                  size="xs"
                  aria-labelledby="score-policy-label"
                  value={d.scorePolicy}
                  disabled={setPolicy.isPending}
                  onChange={(v) => setPolicy.mutate({ assignmentId: d.id, scorePolicy: v as ScorePolicy })}
                  data={[
                    { value: 'best', label: t('wizard.policy.best') },
                    { value: 'latest', label: t('wizard.policy.latest') },
                  ]}
                />
              </Group>
            )}
            <ActionButtons
              size="xs"
              actions={[{ key: 'export', icon: IconFileExport, onClick: exportCsv, loading: exporting }]}
              label={(k) => t(`detail.${k}`)}
            />
          </Group>
          <DataTable
            minWidth={560}
            label={t('detail.title', { name: d.name })}
            verticalSpacing="xs"
            aria-label={t('detail.title', { name: d.name })}
            columns={['rep', 'simulation', 'status', 'score', 'attempts', 'report'].map((c) => t(`detail.${c}`))}
          >
            {d.exercises.map((e) => (
              <Table.Tr key={e.id}>
                <NameCell>{e.userName}</NameCell>
                <NameCell>{e.simulationName}</NameCell>
                <Table.Td>
                  <StatusBadge status={e.status} />
                </Table.Td>
                <Table.Td>
                  <ScoreText score={e.score} originalScore={e.originalScore} heuristic={e.heuristic} />
                </Table.Td>
                <Table.Td>
                  <AttemptList
                    exercise={e}
                    label={t('attempts.listLabelOf', { name: e.simulationName, rep: e.userName })}
                  />
                </Table.Td>
                <Table.Td>
                  <ReportLink callId={e.status === 'completed' && e.callId} fallback={EMPTY} size="sm">
                    {t('detail.openReport')}
                  </ReportLink>
                </Table.Td>
              </Table.Tr>
            ))}
          </DataTable>
        </Stack>
      )}
    </QueryModal>
  );
}
