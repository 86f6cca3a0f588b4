import { lazy, Suspense, useState } from 'react';
import { Badge, Group, Stack, Text, Tooltip } from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconBooks,
  IconCloudOff,
  IconCopy,
  IconPackageExport,
  IconPencil,
  IconPhone,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SimulationDetail, SimulationListItem } from '../../../server/contracts/simulations';
import { trpc } from '../../lib/trpc';
import { SimulationCallActions } from '../calls/simulation-call-actions';
import { KnowledgeFilesPanel } from '../knowledge/knowledge-files-panel';
import { DeleteSimulationModal, type SimulationTarget } from './delete-simulation-modal';
import { serverReason } from '../../lib/errors';
import { SimulationIcon } from './simulation-icon';
import { SimulationWizard } from './simulation-wizard';
import { notifyError, notifySuccess } from '../../lib/notify';
import { CardGridList, GridCard } from '../../components/card-grid-list';
import { ActionButtons } from '../../components/action-buttons';

// the SCORM export (and its texts) load when a manager opens it
const ScormExportModal = lazy(() => import('../lms/scorm-export-modal').then((m) => ({ default: m.ScormExportModal })));

type WizardState = { seq: number; editing: SimulationDetail | null } | null;

const DIFFICULTY_COLOR = { easy: 'teal', medium: 'blue', hard: 'orange', expert: 'red' } as const;

interface CardProps {
  s: SimulationListItem;
  busy: 'edit' | 'duplicate' | null;
  onEdit: () => void;
  onDuplicate: () => void;
  onKnowledge: () => void;
  onDelete: () => void;
  /** Export for an LMS: only on the caller's own client (the package is made for it). */
  onScorm: (() => void) | null;
  /** Test calls run in the caller's own client: not offered while a superuser manages another client. */
  canCall: boolean;
}

function SimulationCard({ s, busy, onEdit, onDuplicate, onKnowledge, onDelete, onScorm, canCall }: CardProps) {
  const { t } = useTranslation('simulations');
  return (
    <GridCard icon={<SimulationIcon name={s.icon} size={26} />} name={s.name}>
      <Group gap={6}>
        <Badge color={DIFFICULTY_COLOR[s.difficulty]} variant="light" tt="none">
          {t(`difficulty.${s.difficulty}`)}
        </Badge>
        <Badge
          variant="outline"
          tt="none"
          aria-label={`${t('list.timeLimit')}: ${t('list.minutes', { count: s.timeLimitMinutes })}`}
        >
          {t('list.minutes', { count: s.timeLimitMinutes })}
        </Badge>
        <Badge
          variant="outline"
          color="gray"
          tt="none"
          aria-label={`${t('list.language')}: ${t(`languages.${s.language}`)}`}
        >
          {t(`languages.${s.language}`)}
        </Badge>
        {(s.scenarioSource === 'offline' || (s.scenarioSource === 'manual' && s.scenarioProvider === 'offline')) && (
          <Tooltip label={t('list.offlineHint')}>
            <Badge color="gray" variant="light" tt="none" leftSection={<IconCloudOff size={12} aria-hidden />}>
              {t('list.offline')}
            </Badge>
          </Tooltip>
        )}
        {s.scenarioSource === 'manual' && (
          <Badge color="blue" variant="light" tt="none">
            {t('list.manual')}
          </Badge>
        )}
        {s.availableAsAssessment && (
          <Badge color="grape" variant="light" tt="none">
            {t('list.assessment')}
          </Badge>
        )}
      </Group>
      <Stack gap={2} component="dl" m={0} style={{ flex: 1 }}>
        {(
          [
            ['persona', s.personaName],
            ['scorecard', s.scorecardName],
          ] as const
        ).map(([key, value]) => (
          <Text key={key} size="sm" component="div">
            <Text span c="dimmed" component="dt" display="inline">
              {t(`list.${key}`)}:
            </Text>{' '}
            <Text span component="dd" display="inline" m={0}>
              {value ?? t('list.none')}
            </Text>
          </Text>
        ))}
      </Stack>
      <Group gap="xs" mt="xs" role="group" aria-label={t('list.actionsOf', { name: s.name })}>
        {canCall && <SimulationCallActions simulationId={s.id} name={s.name} />}
        <ActionButtons
          size="xs"
          label={(key) => t(`list.${key}`)}
          ariaLabel={(key) => t(`list.${key}Of`, { name: s.name })}
          actions={[
            { key: 'edit', icon: IconPencil, onClick: onEdit, loading: busy === 'edit' },
            { key: 'duplicate', icon: IconCopy, onClick: onDuplicate, loading: busy === 'duplicate' },
            { key: 'knowledge', icon: IconBooks, variant: 'light', onClick: onKnowledge },
            ...(onScorm
              ? [{ key: 'scorm', icon: IconPackageExport, variant: 'light' as const, onClick: onScorm }]
              : []),
            { key: 'delete', icon: IconTrash, variant: 'subtle', color: 'red', onClick: onDelete },
          ]}
        />
      </Group>
    </GridCard>
  );
}

/** The simulations list with its wizard; `clientId` targets that client (superuser). */
export function SimulationsPanel({ clientId }: { clientId?: string }) {
  const { t } = useTranslation('simulations');
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');
  const scope = clientId ? { clientId } : {};
  const list = useQuery(trpc.simulations.list.queryOptions(scope));
  const duplicate = useMutation(trpc.simulations.duplicate.mutationOptions());
  const [wizard, setWizard] = useState<WizardState>(null);
  const [busy, setBusy] = useState<{ id: string; action: 'edit' | 'duplicate' } | null>(null);
  const [deleting, setDeleting] = useState<SimulationTarget | null>(null);
  const [knowledge, setKnowledge] = useState<SimulationTarget | null>(null);
  const [scorm, setScorm] = useState<SimulationTarget | null>(null);
  const [seq, setSeq] = useState(0);

  const openWizard = (editing: SimulationDetail | null) => {
    setSeq((n) => n + 1);
    setWizard({ seq: seq + 1, editing });
  };
  const edit = async (id: string) => {
    setBusy({ id, action: 'edit' });
    try {
      // always the latest: the wizard starts from what is stored now
      openWizard(
        await queryClient.fetchQuery({ ...trpc.simulations.get.queryOptions({ ...scope, id }), staleTime: 0 }),
      );
    } catch {
      notifyError(t('errors.loadOneFailed'));
    } finally {
      setBusy(null);
    }
  };
  const copy = async (s: SimulationListItem) => {
    setBusy({ id: s.id, action: 'duplicate' });
    try {
      const saved = await duplicate.mutateAsync({ ...scope, id: s.id });
      await queryClient.invalidateQueries({ queryKey: trpc.simulations.list.queryKey(scope) });
      notifySuccess(t('notifications.duplicated', { name: saved.name }));
    } catch (e) {
      notifyError(`${t('errors.duplicateFailed')}: ${serverReason(t, e)}`);
    } finally {
      setBusy(null);
    }
  };

  return (
    <Stack>
      <CardGridList
        ns="simulations"
        query={list}
        items={list.data}
        onNew={() => openWizard(null)}
        emptyIcon={<IconPhone size={32} aria-hidden />}
        cols={{ base: 1, md: 2, xl: 3 }}
      >
        {(s) => (
          <SimulationCard
            key={s.id}
            s={s}
            busy={busy?.id === s.id ? busy.action : null}
            onEdit={() => void edit(s.id)}
            onDuplicate={() => void copy(s)}
            onKnowledge={() => setKnowledge({ id: s.id, name: s.name })}
            onDelete={() => setDeleting({ id: s.id, name: s.name })}
            onScorm={clientId ? null : () => setScorm({ id: s.id, name: s.name })}
            canCall={!clientId}
          />
        )}
      </CardGridList>

      {wizard && (
        <SimulationWizard
          key={wizard.seq}
          clientId={clientId}
          editing={wizard.editing}
          onClose={() => setWizard(null)}
        />
      )}
      {scorm && (
        <Suspense fallback={null}>
          <ScormExportModal
            target={{ kind: 'simulation', ...scorm }}
            title={t('list.scormOf', { name: scorm.name })}
            onClose={() => setScorm(null)}
          />
        </Suspense>
      )}
      <DeleteSimulationModal target={deleting} clientId={clientId} onClose={() => setDeleting(null)} />
      <AppModal
        opened={!!knowledge}
        onClose={() => setKnowledge(null)}
        title={knowledge ? t('knowledge.title', { name: knowledge.name }) : ''}
        size="xl"
        fullScreen={mobile}
      >
        {knowledge && (
          <Stack>
            <Text size="sm" c="dimmed">
              {t('knowledge.intro')}
            </Text>
            <KnowledgeFilesPanel simulationId={knowledge.id} clientId={clientId} />
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
