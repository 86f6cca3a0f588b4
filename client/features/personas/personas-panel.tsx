import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Persona, PersonaFields } from '../../../server/contracts/personas';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { RecordPanel, RecordTable } from '../../components/record-panel';
import { PersonaFormModal } from './persona-form-modal';

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
        <RecordTable
          section="personas"
          rows={rows}
          actions={actions}
          summary={{ head: t('personas.shortDescription'), text: (p) => p.shortDescription }}
          columns={[
            { head: t('personas.voice'), cell: (p) => p.voice, wide: true, tt: 'capitalize' },
            { head: t('personas.languageColumn'), cell: (p) => t(`languages.${p.language}`) },
          ]}
          highlightOnHover
        />
      )}
    />
  );
}
