import { useState } from 'react';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { IconClipboardCheck } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScorecardDetail, ScorecardListItem } from '../../../server/contracts/scorecards';
import { trpc } from '../../lib/trpc';
import { DeleteScorecardModal, type DeleteTarget } from './delete-scorecard-modal';
import { ScorecardDetails } from './scorecard-details';
import { ScorecardIcon } from './scorecard-icon';
import { ScorecardWizard } from './scorecard-wizard';
import { notifyError } from '../../lib/notify';
import { CardGridList, GridCard } from '../../components/card-grid-list';
import { ActionButtons } from '../../components/action-buttons';

type WizardState = { mode: 'create'; seq: number } | { mode: 'edit'; seq: number; scorecard: ScorecardDetail } | null;

function ScorecardCard({
  s,
  onDetails,
  onEdit,
  onDelete,
  busy,
}: {
  s: ScorecardListItem;
  onDetails: () => void;
  onEdit: () => void;
  onDelete: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('scorecards');
  return (
    <GridCard icon={<ScorecardIcon name={s.icon} size={26} />} name={s.name}>
      <Text size="sm" c="dimmed" style={{ flex: 1, overflowWrap: 'anywhere' }}>
        {s.shortDescription}
      </Text>
      <Group gap="xs">
        <Badge variant="outline">{t('list.criteriaCount', { count: s.criteriaCount })}</Badge>
        <Badge variant="light">{t('list.version', { version: s.version })}</Badge>
        {s.used && (
          <Badge variant="light" color="grape">
            {t('list.used')}
          </Badge>
        )}
      </Group>
      <Group gap="xs" mt="xs">
        <ActionButtons
          size="xs"
          label={(key) => t(`list.${key}`)}
          ariaLabel={(key) => t(`list.${key}Of`, { name: s.name })}
          actions={[
            { key: 'details', variant: 'light', onClick: onDetails },
            { key: 'edit', onClick: onEdit, loading: busy },
            { key: 'delete', variant: 'subtle', color: 'red', onClick: onDelete },
          ]}
        />
      </Group>
    </GridCard>
  );
}

/** The scorecards editor, embedded in /scorecards, /admin and in a client's detail tabs; `clientId` targets that client (superuser). */
export function ScorecardsPanel({ clientId }: { clientId?: string }) {
  const { t } = useTranslation('scorecards');
  const queryClient = useQueryClient();
  const scope = clientId ? { clientId } : {};
  const list = useQuery(trpc.scorecards.list.queryOptions(scope));
  const [wizard, setWizard] = useState<WizardState>(null);
  const [detailsId, setDetailsId] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<DeleteTarget | null>(null);
  const [loadingEdit, setLoadingEdit] = useState<string | null>(null);
  const [seq, setSeq] = useState(0);

  const openCreate = () => {
    setSeq((n) => n + 1);
    setWizard({ mode: 'create', seq: seq + 1 });
  };
  const openEdit = (scorecard: ScorecardDetail) => {
    setSeq((n) => n + 1);
    setDetailsId(null);
    setWizard({ mode: 'edit', seq: seq + 1, scorecard });
  };
  const editById = async (id: string) => {
    setLoadingEdit(id);
    try {
      // always the latest: the wizard starts from what is stored now
      const scorecard = await queryClient.fetchQuery({
        ...trpc.scorecards.get.queryOptions({ ...scope, id }),
        staleTime: 0,
      });
      openEdit(scorecard);
    } catch {
      notifyError(t('errors.loadOneFailed'));
    } finally {
      setLoadingEdit(null);
    }
  };
  // a version above 1 exists only because an earlier one was used by a call
  const askDelete = (s: { id: string; name: string; used: boolean; version: number }) =>
    setDeleting({ id: s.id, name: s.name, used: s.used || s.version > 1 });

  return (
    <Stack>
      <CardGridList
        ns="scorecards"
        query={list}
        items={list.data}
        onNew={openCreate}
        emptyIcon={<IconClipboardCheck size={32} aria-hidden />}
        cols={{ base: 1, sm: 2, xl: 3 }}
      >
        {(s) => (
          <ScorecardCard
            key={s.id}
            s={s}
            busy={loadingEdit === s.id}
            onDetails={() => setDetailsId(s.id)}
            onEdit={() => void editById(s.id)}
            onDelete={() => askDelete(s)}
          />
        )}
      </CardGridList>

      <ScorecardDetails
        id={detailsId}
        clientId={clientId}
        onClose={() => setDetailsId(null)}
        onEdit={(s) => void editById(s.id)}
        onDelete={(s) => askDelete({ id: s.id, name: s.name, used: !!s.usedAt, version: s.version })}
      />
      {wizard && (
        <ScorecardWizard
          key={wizard.seq}
          clientId={clientId}
          editing={wizard.mode === 'edit' ? wizard.scorecard : null}
          onClose={() => setWizard(null)}
        />
      )}
      <DeleteScorecardModal
        target={deleting}
        clientId={clientId}
        onClose={() => setDeleting(null)}
        onDeleted={() => {
          setDeleting(null);
          setDetailsId(null);
        }}
      />
    </Stack>
  );
}
