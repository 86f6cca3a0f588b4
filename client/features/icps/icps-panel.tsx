import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { icpFields } from '../../../server/contracts/icps';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { NamedRecordsView } from './named-records-view';

/** The ICP editor (client detail tab, and wherever scenarios are configured); `clientId` targets that client (superuser). */
export function IcpsPanel({ clientId }: { clientId?: string }) {
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.icps.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.icps.list.queryKey(scope.input) });
    if (id) void queryClient.invalidateQueries({ queryKey: trpc.icps.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(trpc.icps.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(trpc.icps.update.mutationOptions({ onSuccess: (r) => refresh(r.id) }));
  const remove = useMutation(trpc.icps.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));

  return (
    <NamedRecordsView
      section="icps"
      schema={icpFields}
      clientMissing={scope.missing}
      list={list}
      saving={create.isPending || update.isPending}
      onCreate={(values) => create.mutateAsync({ ...scope.input, ...values })}
      onUpdate={(id, values) => update.mutateAsync({ ...scope.input, ...values, id })}
      onDelete={(id) => remove.mutateAsync({ ...scope.input, id })}
    />
  );
}
