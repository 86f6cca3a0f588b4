import type { Persona, PersonaFields } from '../../../server/contracts/personas';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { useRecordApi } from '../client-overview/use-record-api';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { RecordPanel, RecordTable } from '../../components/record-panel';
import { PersonaFormModal } from './persona-form-modal';

/** The personas editor, embedded in /personas, /admin and in a client's detail tabs; `clientId` targets that client (superuser). */
export function PersonasPanel({ clientId }: { clientId?: string }) {
  const { t } = useConfigTranslation();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.personas.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const crud = useRecordApi(trpc.personas, scope, list);

  return (
    <RecordPanel<Persona, PersonaFields>
      section="personas"
      {...crud}
      names={(p) => ({ name: p.name })}
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
