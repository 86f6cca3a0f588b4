import { ActionIcon, Button, Group, Loader, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Persona, PersonaFields } from '../../../server/contracts/personas';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { ClientMissingAlert, ConfirmDeleteModal, LoadFailedAlert, notifyFailure, notifySuccess, useConfigTranslation } from '../client-overview/config-ui';
import { PersonaFormModal } from './persona-form-modal';
import { ScrollTable } from '../../components/scroll-table';
import { NameText } from '../../components/name-text';

type Editing = { persona: Persona | null } | null;

/** The personas editor, embedded in /personas, /admin and in a client's detail tabs; `clientId` targets that client (superuser). */
export function PersonasPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const listKey = trpc.personas.list.queryKey(scope.input);
  const list = useQuery(trpc.personas.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const [editing, setEditing] = useState<Editing>(null);
  const [deleting, setDeleting] = useState<Persona | null>(null);

  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: listKey });
    if (id) void queryClient.invalidateQueries({ queryKey: trpc.personas.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(trpc.personas.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(trpc.personas.update.mutationOptions({ onSuccess: (p) => refresh(p.id) }));
  const remove = useMutation(trpc.personas.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));

  const save = async (values: PersonaFields) => {
    const current = editing?.persona;
    try {
      if (current) {
        const saved = await update.mutateAsync({ ...scope.input, ...values, id: current.id });
        notifySuccess(t('personas.updated', { name: saved.name }));
      } else {
        const saved = await create.mutateAsync({ ...scope.input, ...values });
        notifySuccess(t('personas.created', { name: saved.name }));
      }
      setEditing(null);
    } catch (e) {
      notifyFailure(t, current ? t('personas.updateFailed') : t('personas.createFailed'), e);
      throw e;
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync({ ...scope.input, id: deleting.id });
      notifySuccess(t('personas.deleted', { name: deleting.name }));
      setDeleting(null);
    } catch (e) {
      notifyFailure(t, t('personas.deleteFailed'), e);
    }
  };

  const rows = list.data ?? [];
  return (
    <Stack>
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Text c="dimmed" size="sm" maw={640}>
          {t('personas.intro')}
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEditing({ persona: null })}>
          {t('personas.add')}
        </Button>
      </Group>
      {scope.missing && <ClientMissingAlert />}
      {list.isLoading && <Loader aria-label={t('app.loading')} />}
      {list.isError && <LoadFailedAlert message={t('personas.loadFailed')} onRetry={() => void list.refetch()} />}
      {list.isSuccess && rows.length === 0 && <Text c="dimmed">{t('personas.empty')}</Text>}
      {rows.length > 0 && (
        <ScrollTable minWidth={320}>
          <Table striped highlightOnHover verticalSpacing="sm" aria-label={t('personas.tableLabel')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('personas.name')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('personas.shortDescription')}</Table.Th>
                <Table.Th visibleFrom="sm">{t('personas.voice')}</Table.Th>
                <Table.Th>{t('personas.languageColumn')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('actions.actions')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((p) => (
                <Table.Tr key={p.id}>
                  <Table.Td>
                    <NameText fw={600} size="sm">
                      {p.name}
                    </NameText>
                    {/* narrow screens: the description under the name instead of its own column */}
                    <Text size="xs" c="dimmed" lineClamp={2} hiddenFrom="sm">
                      {p.shortDescription}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm">
                    <Text size="sm" lineClamp={3}>
                      {p.shortDescription}
                    </Text>
                  </Table.Td>
                  <Table.Td visibleFrom="sm" tt="capitalize">
                    {p.voice}
                  </Table.Td>
                  <Table.Td>{t(`languages.${p.language}`)}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap" justify="flex-end">
                      <ActionIcon variant="subtle" aria-label={t('personas.editAria', { name: p.name })} onClick={() => setEditing({ persona: p })}>
                        <IconPencil size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('personas.deleteAria', { name: p.name })} onClick={() => setDeleting(p)}>
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {editing && (
        <PersonaFormModal
          key={editing.persona?.id ?? 'new'}
          persona={editing.persona}
          clientMissing={scope.missing}
          saving={create.isPending || update.isPending}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
      <ConfirmDeleteModal
        opened={!!deleting}
        title={t('personas.deleteTitle')}
        message={deleting ? t('personas.deleteConfirm', { name: deleting.name }) : ''}
        onCancel={() => setDeleting(null)}
        onConfirm={confirmDelete}
      />
    </Stack>
  );
}
