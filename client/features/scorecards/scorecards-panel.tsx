import { useState } from 'react';
import { Alert, Badge, Button, Card, EmptyState, Group, Loader, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconClipboardCheck, IconPlus } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ScorecardDetail, ScorecardListItem } from '../../../server/contracts/scorecards';
import { NameText } from '../../components/name-text';
import { trpc } from '../../lib/trpc';
import { DeleteScorecardModal, type DeleteTarget } from './delete-scorecard-modal';
import { ScorecardDetails } from './scorecard-details';
import { ScorecardIcon } from './scorecard-icon';
import { ScorecardWizard } from './scorecard-wizard';
import { notifyError } from '../../lib/notify';

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
    <Card withBorder padding="md" component="li" style={{ listStyle: 'none', display: 'flex' }}>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ScorecardIcon name={s.icon} size={26} />
          <NameText heading={{ order: 2, size: 'h4' }} lines={3}>
            {s.name}
          </NameText>
        </Group>
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
          <Button size="xs" variant="light" onClick={onDetails} aria-label={t('list.detailsOf', { name: s.name })}>
            {t('list.details')}
          </Button>
          <Button
            size="xs"
            variant="default"
            onClick={onEdit}
            loading={busy}
            aria-label={t('list.editOf', { name: s.name })}
          >
            {t('list.edit')}
          </Button>
          <Button
            size="xs"
            variant="subtle"
            color="red"
            onClick={onDelete}
            aria-label={t('list.deleteOf', { name: s.name })}
          >
            {t('list.delete')}
          </Button>
        </Group>
      </Stack>
    </Card>
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
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openCreate}>
          {t('list.new')}
        </Button>
      </Group>

      {list.isPending && (
        <Group justify="center" p="xl">
          <Loader aria-label={t('list.loading')} />
        </Group>
      )}
      {list.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('errors.loadFailed')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void list.refetch()} loading={list.isFetching}>
              {t('list.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {list.data && list.data.length === 0 && (
        <EmptyState
          icon={<IconClipboardCheck size={32} aria-hidden />}
          title={t('list.emptyTitle')}
          description={t('list.emptyText')}
          withIndicatorBackground
        >
          <EmptyState.Actions>
            <Button onClick={openCreate}>{t('list.emptyAction')}</Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {list.data && list.data.length > 0 && (
        <SimpleGrid
          component="ul"
          cols={{ base: 1, sm: 2, xl: 3 }}
          spacing="md"
          p={0}
          m={0}
          aria-label={t('list.label')}
        >
          {list.data.map((s) => (
            <ScorecardCard
              key={s.id}
              s={s}
              busy={loadingEdit === s.id}
              onDetails={() => setDetailsId(s.id)}
              onEdit={() => void editById(s.id)}
              onDelete={() => askDelete(s)}
            />
          ))}
        </SimpleGrid>
      )}

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
          opened
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
