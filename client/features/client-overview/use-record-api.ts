import {
  useMutation,
  useQueryClient,
  type QueryKey,
  type UseMutationOptions,
  type UseQueryResult,
} from '@tanstack/react-query';
import type { ClientScope } from './client-scope';

type In = ClientScope['input'];

/** The procedures of a client's configuration records (personas, ICPs, …), as one router serves them. */
export interface RecordApi<R extends { id: string }, F, E> {
  list: { queryKey: (input: In) => QueryKey };
  get: { queryKey: (input: In & { id: string }) => QueryKey };
  create: { mutationOptions: (opts: { onSuccess: () => void }) => UseMutationOptions<R, E, In & F> };
  update: {
    mutationOptions: (opts: {
      onSuccess: (r: R) => void;
    }) => UseMutationOptions<R, E, In & NoInfer<F> & { id: string }>;
  };
  delete: {
    mutationOptions: (opts: {
      onSuccess: (r: { id: string }) => void;
    }) => UseMutationOptions<{ id: string }, E, In & { id: string }>;
  };
}

/**
 * A record panel's data in `scope`: its `list` (loaded while the scope is known), and create, update and delete that refresh the
 * list (and the record's own query) after they succeed. Spread into RecordPanel.
 */
export function useRecordApi<R extends { id: string }, F, E>(
  api: RecordApi<R, F, E>,
  scope: ClientScope,
  list: UseQueryResult<R[], unknown>,
) {
  const queryClient = useQueryClient();
  const refresh = (id?: string) => {
    void queryClient.invalidateQueries({ queryKey: api.list.queryKey(scope.input) });
    if (id) void queryClient.invalidateQueries({ queryKey: api.get.queryKey({ ...scope.input, id }) });
  };
  const create = useMutation(api.create.mutationOptions({ onSuccess: () => refresh() }));
  const update = useMutation(api.update.mutationOptions({ onSuccess: (r) => refresh(r.id) }));
  const remove = useMutation(api.delete.mutationOptions({ onSuccess: (r) => refresh(r.id) }));
  return {
    clientMissing: scope.missing,
    list,
    saving: create.isPending || update.isPending,
    onCreate: (values: F) => create.mutateAsync({ ...scope.input, ...values }),
    onUpdate: (id: string, values: F) => update.mutateAsync({ ...scope.input, ...values, id }),
    onDelete: (id: string) => remove.mutateAsync({ ...scope.input, id }),
  };
}
