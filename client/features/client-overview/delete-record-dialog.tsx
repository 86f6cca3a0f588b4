import { useMutation, useQueryClient, type QueryKey, type UseMutationOptions } from '@tanstack/react-query';
import { DeleteNamedDialog, type DeleteNamedProps } from '../../components/confirm-delete-dialog';

type In = { clientId?: string };
type RecordIn = In & { id: string };

/** The procedures of a record's router that its deletion goes through. */
interface DeleteApi<D, E> {
  list: { queryKey: (input: In) => QueryKey };
  get: { queryKey: (input: RecordIn) => QueryKey };
  delete: { mutationOptions: () => UseMutationOptions<D, E, RecordIn> };
}

interface Props<T extends { id: string; name: string }, D, E> extends Omit<DeleteNamedProps<T>, 'pending' | 'remove'> {
  api: DeleteApi<D, E>;
  /** The client a superuser edits; without it, the caller's own tenant. */
  clientId?: string;
  /** The record's further queries, beside `get`, that are gone with it. */
  alsoRemoved?: (input: RecordIn) => QueryKey[];
}

/**
 * DeleteNamedDialog for a record of `api`'s router: deletes it in the client's scope, drops the
 * record's own queries (they would fail now) and refreshes the list.
 */
export function DeleteRecordDialog<T extends { id: string; name: string }, D, E>({
  api,
  clientId,
  alsoRemoved,
  ...dialog
}: Props<T, D, E>) {
  const queryClient = useQueryClient();
  const scope = clientId ? { clientId } : {};
  const remove = useMutation(api.delete.mutationOptions());
  return (
    <DeleteNamedDialog
      {...dialog}
      pending={remove.isPending}
      remove={async ({ id }) => {
        const input = { ...scope, id };
        await remove.mutateAsync(input);
        for (const queryKey of [api.get.queryKey(input), ...(alsoRemoved?.(input) ?? [])])
          queryClient.removeQueries({ queryKey });
        await queryClient.invalidateQueries({ queryKey: api.list.queryKey(scope) });
      }}
    />
  );
}
