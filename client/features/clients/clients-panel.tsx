import { Anchor, Badge, Button, Group, Stack, Table, Text } from '@mantine/core';
import { IconCopy, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'wouter';
import type { ClientOutput } from '../../../server/contracts/clients';
import { LoadingOrFailed } from '../../components/status-alerts';
import { trpc } from '../../lib/trpc';
import { CLIENTS_NS } from '../admin/messages';
import { ClientFormModal } from './client-form-modal';
import { DeleteClientModal } from './delete-client-modal';
import { DuplicateClientModal } from './duplicate-client-modal';
import { DataTable } from '../../components/data-table';
import { RowActionsCell } from '../../components/row-action';

const clientDetailPath = (id: string) => `/spar-admin/clients/${id}`;

type Dialog = { kind: 'add' } | { kind: 'edit' | 'duplicate' | 'delete'; client: ClientOutput } | null;

/** A client's type badge colour; the other types are teal. */
const TYPE_COLOR: Partial<Record<string, string>> = { customer: 'blue', internal: 'gray', demo: 'grape' };

/** The Clients tab of /spar-admin: every client, with add, edit, duplicate and delete. */
export function ClientsPanel() {
  const { t } = useTranslation(CLIENTS_NS);
  const [, navigate] = useLocation();
  const list = useQuery(trpc.clients.list.queryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  const action = (kind: 'edit' | 'duplicate' | 'delete', client: ClientOutput) => (e: MouseEvent) => {
    e.stopPropagation(); // the row itself opens the client
    setDialog({ kind, client });
  };

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap">
        <Text c="dimmed" size="sm">
          {t('list.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog({ kind: 'add' })}>
          {t('list.add')}
        </Button>
      </Group>

      <LoadingOrFailed query={list} message={t('errors.loadFailed')} />
      {list.data && list.data.length === 0 && <Text c="dimmed">{t('list.empty')}</Text>}
      {list.data && list.data.length > 0 && (
        <DataTable
          minWidth={860}
          highlightOnHover
          verticalSpacing="sm"
          aria-label={t('list.tableLabel')}
          columns={[
            t('fields.name'),
            t('fields.schemaName'),
            t('fields.type'),
            t('fields.tier'),
            t('fields.defaultLanguage'),
            { label: t('fields.users'), ta: 'right' },
            { label: t('list.actions'), hidden: true },
          ]}
        >
          {list.data.map((c) => (
            <Table.Tr key={c.id} style={{ cursor: 'pointer' }} onClick={() => navigate(clientDetailPath(c.id))}>
              <Table.Td>
                <Anchor
                  component={Link}
                  href={clientDetailPath(c.id)}
                  onClick={(e: MouseEvent) => e.stopPropagation()}
                  fw={500}
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {c.name}
                </Anchor>
                {c.domain && (
                  <Text size="xs" c="dimmed">
                    {c.domain}
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {c.schemaName}
                </Text>
              </Table.Td>
              <Table.Td>
                <Badge variant="light" color={TYPE_COLOR[c.type] ?? 'teal'}>
                  {t(`types.${c.type}`)}
                </Badge>
              </Table.Td>
              <Table.Td>{c.tier ?? '—'}</Table.Td>
              <Table.Td>{t(`common:languages.${c.defaultLanguage}`)}</Table.Td>
              <Table.Td ta="right">{c.userCount}</Table.Td>
              <RowActionsCell
                actions={[
                  { key: 'edit', icon: IconPencil, onClick: action('edit', c) },
                  { key: 'duplicate', icon: IconCopy, onClick: action('duplicate', c) },
                  { key: 'delete', icon: IconTrash, onClick: action('delete', c), color: 'red' },
                ]}
                tip={(k) => t(`actions.${k}`)}
                label={(k) => t(`actions.${k}Named`, { name: c.name })}
              />
            </Table.Tr>
          ))}
        </DataTable>
      )}

      {dialog?.kind === 'add' && <ClientFormModal opened onClose={close} />}
      {dialog?.kind === 'edit' && <ClientFormModal opened onClose={close} client={dialog.client} />}
      {dialog?.kind === 'duplicate' && <DuplicateClientModal source={dialog.client} onClose={close} />}
      {dialog?.kind === 'delete' && <DeleteClientModal client={dialog.client} onClose={close} />}
    </Stack>
  );
}
