import {
  ActionIcon,
  Alert,
  Button,
  Checkbox,
  CopyButton,
  Group,
  Loader,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { IconEdit, IconFileExport, IconPlus, IconTrash, IconUpload, IconUsersMinus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { ManagedUserRow } from '../../../server/contracts/users';
import { trpc, trpcClient } from '../../lib/trpc';
import { useMe } from '../auth/use-me';
import { BulkImportModal } from './bulk-import-modal';
import { ConfirmDeleteModal } from './confirm-delete-modal';
import { useCsvExport } from './download';
import { UserFormModal } from './user-form-modal';
import { useUsersT } from './users-i18n';

import { NameCell } from '../../components/name-text';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { useFormat } from '../../lib/format';
import { DataTable } from '../../components/data-table';
import { ActionButtons } from '../../components/action-buttons';

const nameOf = (u: Pick<ManagedUserRow, 'displayName' | 'username'>) => u.displayName || u.username;

/** The users editor, embedded in /admin and in a client's detail tabs; `clientId` targets that client (superuser). */
export function UsersPanel({ clientId }: { clientId?: string }) {
  const { t, tc } = useUsersT();
  const queryClient = useQueryClient();
  const me = useMe();
  const list = useQuery(trpc.users.list.queryOptions({ clientId }));
  const listKey = trpc.users.list.queryKey({ clientId });
  const managersKey = trpc.users.managers.queryKey({ clientId });

  const [formUser, setFormUser] = useState<ManagedUserRow | null | undefined>(undefined); // undefined: closed, null: add
  const [bulkOpen, setBulkOpen] = useState(false);
  const [toDelete, setToDelete] = useState<ManagedUserRow | null>(null);
  const [bulkMode, setBulkMode] = useState(false);
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [confirmBulk, setConfirmBulk] = useState(false);
  const [generated, setGenerated] = useState<{ email: string; password: string } | null>(null);

  const del = useMutation(trpc.users.delete.mutationOptions());
  const bulkDel = useMutation(trpc.users.bulkDelete.mutationOptions());

  const users = useMemo(() => list.data ?? [], [list.data]);
  const myId = me.data?.user.user_id;
  const selectable = users.filter((u) => u.id !== myId);
  const allSelected = selectable.length > 0 && selectable.every((u) => selected.has(u.id));

  const f = useFormat();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: listKey }),
      queryClient.invalidateQueries({ queryKey: managersKey }),
    ]);

  const exitBulk = () => {
    setBulkMode(false);
    setSelected(new Set());
  };

  const toggle = (id: string) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const deleteOne = async () => {
    if (!toDelete) return;
    try {
      await del.mutateAsync({ id: toDelete.id, clientId });
      notifySuccess(t('notify.deleted', { email: toDelete.email }));
      setToDelete(null);
      await refresh();
    } catch (e) {
      notifyFailure(tc, t('errors.delete'), e);
    }
  };

  const deleteSelected = async () => {
    try {
      const { deleted } = await bulkDel.mutateAsync({ ids: [...selected], clientId });
      notifySuccess(t('notify.bulkDeleted', { count: deleted }));
      setConfirmBulk(false);
      exitBulk();
      await refresh();
    } catch (e) {
      notifyFailure(tc, t('errors.delete'), e);
    }
  };

  const { exporting, exportCsv } = useCsvExport(tc, t('errors.export'), async () => {
    const { csv, count } = await trpcClient.users.exportCsv.query({ clientId });
    return {
      filename: `users-${new Date().toISOString().slice(0, 10)}.csv`,
      csv,
      done: t('notify.exported', { count }),
    };
  });

  return (
    <Stack>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Title order={2} size="h3">
          {t('title')}
        </Title>
        <Group gap="xs" wrap="wrap">
          {!bulkMode ? (
            <ActionButtons
              label={(key) => t(`actions.${key}`)}
              actions={[
                { key: 'add', icon: IconPlus, variant: 'filled', onClick: () => setFormUser(null) },
                { key: 'bulkAdd', icon: IconUpload, variant: 'light', onClick: () => setBulkOpen(true) },
                {
                  key: 'bulkDelete',
                  icon: IconUsersMinus,
                  variant: 'light',
                  color: 'red',
                  onClick: () => setBulkMode(true),
                  disabled: !selectable.length,
                },
                { key: 'export', icon: IconFileExport, onClick: exportCsv, loading: exporting },
              ]}
            />
          ) : (
            <>
              <Checkbox
                label={t('actions.selectAll')}
                checked={allSelected}
                indeterminate={selected.size > 0 && !allSelected}
                onChange={() => setSelected(allSelected ? new Set() : new Set(selectable.map((u) => u.id)))}
              />
              <Button
                color="red"
                leftSection={<IconTrash size={16} aria-hidden />}
                disabled={selected.size === 0}
                onClick={() => setConfirmBulk(true)}
              >
                {t('actions.deleteSelected', { count: selected.size })}
              </Button>
              <Button variant="default" onClick={exitBulk}>
                {t('actions.exitBulkDelete')}
              </Button>
            </>
          )}
        </Group>
      </Group>

      {list.isPending && <Loader aria-label={tc('app.loading')} />}
      {list.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('loadFailed')}</Text>
            <Button size="xs" variant="white" onClick={() => void list.refetch()}>
              {t('retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {list.isSuccess && users.length === 0 && <Text c="dimmed">{t('empty')}</Text>}
      {list.isSuccess && users.length > 0 && (
        <DataTable
          minWidth={760}
          label={t('title')}
          striped
          highlightOnHover
          aria-label={t('title')}
          columns={[
            bulkMode && { label: t('columns.select'), w: 40 },
            t('columns.email'),
            t('columns.username'),
            t('columns.displayName'),
            t('columns.userType'),
            t('columns.manager'),
            t('columns.lastActive'),
            !bulkMode && t('columns.actions'),
          ]}
        >
          {users.map((u) => (
            <Table.Tr key={u.id} bg={selected.has(u.id) ? 'var(--mantine-color-red-light)' : undefined}>
              {bulkMode && (
                <Table.Td>
                  <Checkbox
                    aria-label={t('actions.selectUser', { name: u.email })}
                    checked={selected.has(u.id)}
                    disabled={u.id === myId}
                    onChange={() => toggle(u.id)}
                  />
                </Table.Td>
              )}
              <NameCell>{u.email}</NameCell>
              <NameCell>{u.username}</NameCell>
              <NameCell>{u.displayName ?? ''}</NameCell>
              <Table.Td>{t(`types.${u.userType}`)}</Table.Td>
              <Table.Td>{u.manager?.name ?? ''}</Table.Td>
              <Table.Td>{u.lastActiveAt ? f.dateTime(u.lastActiveAt) : t('never')}</Table.Td>
              {!bulkMode && (
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    <ActionIcon
                      variant="subtle"
                      aria-label={t('actions.editUser', { name: u.email })}
                      onClick={() => setFormUser(u)}
                    >
                      <IconEdit size={18} aria-hidden />
                    </ActionIcon>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t('actions.deleteUser', { name: u.email })}
                      onClick={() => setToDelete(u)}
                      disabled={u.id === myId}
                    >
                      <IconTrash size={18} aria-hidden />
                    </ActionIcon>
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </DataTable>
      )}

      <UserFormModal
        opened={formUser !== undefined}
        user={formUser ?? null}
        clientId={clientId}
        onClose={() => setFormUser(undefined)}
        onCreated={(email, password) => password && setGenerated({ email, password })}
      />
      <BulkImportModal opened={bulkOpen} onClose={() => setBulkOpen(false)} clientId={clientId} />
      <ConfirmDeleteModal
        opened={toDelete !== null}
        title={t('confirmDelete.title')}
        body={toDelete ? t('confirmDelete.body', { name: nameOf(toDelete), email: toDelete.email }) : ''}
        confirmLabel={t('confirmDelete.confirm')}
        loading={del.isPending}
        onConfirm={() => void deleteOne()}
        onClose={() => setToDelete(null)}
      />
      <ConfirmDeleteModal
        opened={confirmBulk}
        title={t('confirmBulkDelete.title')}
        body={t('confirmBulkDelete.body', { count: selected.size })}
        confirmLabel={t('confirmBulkDelete.confirm', { count: selected.size })}
        loading={bulkDel.isPending}
        onConfirm={() => void deleteSelected()}
        onClose={() => setConfirmBulk(false)}
      />
      <AppModal opened={generated !== null} onClose={() => setGenerated(null)} title={t('generated.title')} centered>
        {generated && (
          <Stack>
            <Text size="sm">{t('generated.body', { email: generated.email })}</Text>
            <TextInput
              label={t('generated.label')}
              value={generated.password}
              readOnly
              styles={{ input: { fontFamily: 'monospace' } }}
            />
            <Group justify="flex-end">
              <CopyButton value={generated.password}>
                {({ copied, copy }) => (
                  <Button variant="light" onClick={copy}>
                    {copied ? t('generated.copied') : t('generated.copy')}
                  </Button>
                )}
              </CopyButton>
              <Button onClick={() => setGenerated(null)}>{t('generated.done')}</Button>
            </Group>
          </Stack>
        )}
      </AppModal>
    </Stack>
  );
}
