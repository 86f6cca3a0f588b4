import { Table, Text, VisuallyHidden } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Persona, PersonaFields } from '../../../server/contracts/personas';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { RecordPanel, RecordRowActions } from '../../components/record-panel';
import { PersonaFormModal } from './persona-form-modal';

import { NameText } from '../../components/name-text';
import { DataTable } from '../../components/data-table';

/** The personas editor, embedded in /personas, /admin and in a client's detail tabs; `clientId` targets that client (superuser). */
export function PersonasPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.personas.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.personas.list.queryKey(scope.input) });
    if (id) void queryClient.invalidateQueries({ queryKey: trpc.personas.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(trpc.personas.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(trpc.personas.update.mutationOptions({ onSuccess: (p) => refresh(p.id) }));
  const remove = useMutation(trpc.personas.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));

  return (
    <RecordPanel<Persona, PersonaFields>
      section="personas"
      clientMissing={scope.missing}
      list={list}
      saving={create.isPending || update.isPending}
      names={(p) => ({ name: p.name })}
      onCreate={(values) => create.mutateAsync({ ...scope.input, ...values })}
      onUpdate={(id, values) => update.mutateAsync({ ...scope.input, ...values, id })}
      onDelete={(id) => remove.mutateAsync({ ...scope.input, id })}
      renderForm={({ key, record, ...rest }) => <PersonaFormModal key={key} persona={record} {...rest} />}
      renderList={(rows, actions) => (
        <DataTable
          minWidth={320}
          striped
          highlightOnHover
          verticalSpacing="sm"
          aria-label={t('personas.tableLabel')}
          head={
            <>
              <Table.Th>{t('personas.name')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('personas.shortDescription')}</Table.Th>
              <Table.Th visibleFrom="sm">{t('personas.voice')}</Table.Th>
              <Table.Th>{t('personas.languageColumn')}</Table.Th>
              <Table.Th>
                <VisuallyHidden>{t('actions.actions')}</VisuallyHidden>
              </Table.Th>
            </>
          }
        >
          {rows.map((p, i) => (
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
                <RecordRowActions
                  editLabel={t('personas.editAria', { name: p.name })}
                  deleteLabel={t('personas.deleteAria', { name: p.name })}
                  onEdit={() => actions.edit(p)}
                  onDelete={() => actions.remove(p, i)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}
    />
  );
}
