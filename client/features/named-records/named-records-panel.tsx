import { TextInput, Textarea } from '@mantine/core';
import { icpFields } from '../../../server/contracts/icps';
import { productGroupingFields } from '../../../server/contracts/product-groupings';
import { RecordFormModal, RecordPanel, RecordTable, type RecordFormProps } from '../../components/record-panel';
import { useQuery } from '@tanstack/react-query';
import { trpc } from '../../lib/trpc';
import { useConfigTranslation } from '../../lib/use-config-translation';
import { clientScope } from '../client-overview/client-scope';
import { useRecordApi } from '../client-overview/use-record-api';

interface NamedRecord {
  id: string;
  name: string;
  details: string;
}
interface NamedFields {
  name: string;
  details: string;
}

/** The kinds of records that are a name and details; each is its own router and locale section. */
type Kind = 'icps' | 'productGroupings';

/** Each kind's form schema (its messages carry the section's validation keys). */
const SCHEMAS: Record<Kind, typeof icpFields> = { icps: icpFields, productGroupings: productGroupingFields };

/** List + add/edit/delete of a client's named records; `clientId` targets that client (superuser). */
function NamedRecordsPanel({ kind, clientId }: { kind: Kind; clientId?: string }) {
  const { t } = useConfigTranslation();
  const k = (key: string) => `${kind}.${key}`;
  // both routers serve the same procedures with the same shapes
  const scope = clientScope(clientId);
  const api: typeof trpc.icps = trpc[kind];
  const list = useQuery(api.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const crud = useRecordApi(api, scope, list);

  return (
    <RecordPanel<NamedRecord, NamedFields>
      section={kind}
      {...crud}
      names={(r) => ({ name: r.name })}
      renderForm={({ key, ...props }) => <NamedRecordForm key={key} kind={kind} {...props} />}
      renderList={(rows, actions) => (
        <RecordTable
          section={kind}
          rows={rows}
          actions={actions}
          summary={{ head: t(k('details')), text: (r) => r.details, preLine: true }}
          nameWidth="30%"
          actionsWidth={96}
        />
      )}
    />
  );
}

/** The ICP editor (client detail tab, admin); `clientId` targets that client (superuser). */
export const IcpsPanel = ({ clientId }: { clientId?: string }) => <NamedRecordsPanel kind="icps" clientId={clientId} />;

/** The product groupings editor (tab "Products"); `clientId` targets that client (superuser). */
export const ProductGroupingsPanel = ({ clientId }: { clientId?: string }) => (
  <NamedRecordsPanel kind="productGroupings" clientId={clientId} />
);

function NamedRecordForm({ kind, record, ...rest }: RecordFormProps<NamedRecord, NamedFields> & { kind: Kind }) {
  const { t } = useConfigTranslation();
  const k = (key: string) => `${kind}.${key}`;
  return (
    <RecordFormModal
      title={t(k(record ? 'editTitle' : 'createTitle'))}
      schema={SCHEMAS[kind]}
      initialValues={{ name: record?.name ?? '', details: record?.details ?? '' }}
      {...rest}
    >
      {(field) => (
        <>
          <TextInput label={t(k('name'))} withAsterisk data-autofocus {...field('name')} />
          <Textarea
            label={t(k('details'))}
            description={t(k('detailsHelp'))}
            autosize
            minRows={6}
            maxRows={16}
            {...field('details')}
          />
        </>
      )}
    </RecordFormModal>
  );
}
