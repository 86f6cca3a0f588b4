import { Loader, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { LoadFailedAlert } from './status-alerts';

interface Props<T> {
  query: { isLoading: boolean; isError: boolean; refetch: () => unknown };
  /** The loaded rows; undefined until they come. */
  items: readonly T[] | undefined;
  loadingLabel: string;
  /** The failure's sentence; `retryLabel` names its retry button when the panel's namespace does. */
  loadFailed: string;
  retryLabel?: string;
  /** Shown, dimmed, for a loaded empty list. */
  empty: string;
  /** The list itself, given the rows when there are any. */
  children: (items: readonly T[]) => ReactNode;
}

/** A list's four states: loading, failed (with a retry), empty, and its rows. */
export function ListStates<T>({ query, items, loadingLabel, loadFailed, retryLabel, empty, children }: Props<T>) {
  return (
    <>
      {query.isLoading && <Loader aria-label={loadingLabel} />}
      {query.isError && (
        <LoadFailedAlert message={loadFailed} onRetry={() => void query.refetch()} retryLabel={retryLabel} />
      )}
      {items && items.length === 0 && <Text c="dimmed">{empty}</Text>}
      {items && items.length > 0 && children(items)}
    </>
  );
}
