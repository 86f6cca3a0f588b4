import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { productGroupingFields } from '../../../server/contracts/product-groupings';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { NamedRecordsView } from '../icps/named-records-view';

/** The product groupings editor (client detail tab "Products"); `clientId` targets that client (superuser). */
export function ProductGroupingsPanel({ clientId }: { clientId?: string }) {
  const queryClient = useQueryClient();
  const scope = clientScope(clientId);
  const list = useQuery(trpc.productGroupings.list.queryOptions(scope.input, { enabled: !scope.missing }));
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: trpc.productGroupings.list.queryKey(scope.input) });
    if (id) void queryClient.invalidateQueries({ queryKey: trpc.productGroupings.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(trpc.productGroupings.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(trpc.productGroupings.update.mutationOptions({ onSuccess: (r) => refresh(r.id) }));
  const remove = useMutation(trpc.productGroupings.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));

  return (
    <NamedRecordsView
      section="productGroupings"
      schema={productGroupingFields}
      clientMissing={scope.missing}
      list={list}
      saving={create.isPending || update.isPending}
      onCreate={(values) => create.mutateAsync({ ...scope.input, ...values })}
      onUpdate={(id, values) => update.mutateAsync({ ...scope.input, ...values, id })}
      onDelete={(id) => remove.mutateAsync({ ...scope.input, id })}
    />
  );
}
