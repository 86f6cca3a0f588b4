import { Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconLink, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { CampaignRow } from '../../../server/contracts/campaigns';
import { ConfirmDeleteDialog } from '../../components/confirm-delete-dialog';
import { NameText } from '../../components/name-text';
import { errorMessage } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { useConfirmTarget } from '../../lib/use-confirm-target';
import { trpc } from '../../lib/trpc';
import { CampaignForm } from './campaign-form';
import { useCtaT } from './use-cta-t';
import { ListTable } from '../../components/list-states';
import { RowActions } from '../../components/row-action';
import { PanelIntro } from '../../components/panel-intro';

/** The table's columns, by the last part of their header's text key. */
const COLUMNS = ['campaign', 'simulation', 'language', 'expiry', 'booking', 'links', 'actions'];

/** The tenant's campaigns: create, edit, delete (confirmed, naming its links), and a way to generate links for one. */
export function CampaignsPanel({ onGenerate }: { onGenerate: (campaignId: string) => void }) {
  const { t } = useCtaT();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.campaigns.list.queryOptions());
  const [editing, setEditing] = useState<CampaignRow | 'new' | null>(null);
  const deleting = useConfirmTarget<CampaignRow>();
  const invalidate = () => queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
  const remove = useMutation(
    trpc.campaigns.delete.mutationOptions({
      onSuccess: deleting.succeeded(t('campaigns.deleted'), async () => {
        await invalidate();
        await queryClient.invalidateQueries({ queryKey: trpc.campaigns.links.pathKey() });
      }),
    }),
  );

  return (
    <Stack>
      <PanelIntro intro={t('campaigns.intro')}>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing('new')}>
          {t('campaigns.new')}
        </Button>
      </PanelIntro>
      <ListTable
        query={list}
        items={list.data?.rows}
        text={(key) => t(`campaigns.${key}`)}
        minWidth={820}
        striped
        highlightOnHover
        columns={COLUMNS.map((c) => t(`campaigns.columns.${c}`))}
      >
        {(c) => (
          <Table.Tr key={c.id} data-testid="campaign-row">
            <Table.Td maw={280}>
              <NameText fw={600}>{c.name}</NameText>
              <Text size="xs" c="dimmed" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                {c.slug}
              </Text>
            </Table.Td>
            <Table.Td maw={220}>
              {c.simulationName ? (
                <NameText>{c.simulationName}</NameText>
              ) : (
                <Badge color="orange" variant="light">
                  {t('campaigns.noSimulation')}
                </Badge>
              )}
            </Table.Td>
            <Table.Td>{t(`languages.${c.language}`)}</Table.Td>
            <Table.Td>{t('campaigns.days', { count: c.linkExpirationDays })}</Table.Td>
            <Table.Td>{t(`providers.${c.bookingProvider}`)}</Table.Td>
            <Table.Td>{c.links}</Table.Td>
            <Table.Td>
              <Group gap={4} wrap="nowrap" justify="flex-end">
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconLink size={14} aria-hidden />}
                  onClick={() => onGenerate(c.id)}
                  disabled={!c.simulationId}
                >
                  {t('campaigns.generate')}
                </Button>
                <RowActions
                  actions={[
                    { key: 'edit', icon: IconPencil, onClick: () => setEditing(c) },
                    { key: 'delete', icon: IconTrash, onClick: () => deleting.ask(c), color: 'red' },
                  ]}
                  tip={(k) => t(`campaigns.${k}`)}
                  label={(k) => t(`campaigns.${k}Named`, { name: c.name })}
                  size={16}
                />
              </Group>
            </Table.Td>
          </Table.Tr>
        )}
      </ListTable>
      {editing && (
        <CampaignForm
          campaign={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            notifySuccess(editing === 'new' ? t('campaigns.created') : t('campaigns.saved'));
            setEditing(null);
            void invalidate();
            void queryClient.invalidateQueries({ queryKey: trpc.campaigns.links.pathKey() });
          }}
        />
      )}
      <ConfirmDeleteDialog
        {...deleting.dialog(remove)}
        title={t('campaigns.deleteTitle')}
        message={
          deleting.target ? t('campaigns.deleteText', { name: deleting.target.name, count: deleting.target.links }) : ''
        }
        cancelLabel={t('app.cancel')}
        submitLabel={t('campaigns.delete')}
        error={remove.isError ? `${t('campaigns.deleteFailed')} ${errorMessage(t, remove.error)}` : null}
        onConfirm={() => deleting.target && remove.mutate({ id: deleting.target.id })}
      />
    </Stack>
  );
}
