import { Loader, Text } from '@mantine/core';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from './data-table';
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

interface ListTableProps<T> extends Omit<ComponentProps<typeof DataTable>, 'children' | 'label'> {
  query: Props<T>['query'];
  items: readonly T[] | undefined;
  /** The list's texts: `title` names the table, then `loadFailed` and `empty`. */
  text: (key: 'title' | 'loadFailed' | 'empty') => string;
  /** The loader's name where the list says it itself; "Loading…" otherwise. */
  loadingLabel?: string;
  /** One row. */
  children: (item: T) => ReactNode;
}

/** A list shown as a table, in its four states (see ListStates). */
export function ListTable<T>({ query, items, text, loadingLabel, children, ...table }: ListTableProps<T>) {
  const { t } = useTranslation();
  return (
    <ListStates
      query={query}
      items={items}
      loadingLabel={loadingLabel ?? t('app.loading')}
      loadFailed={text('loadFailed')}
      empty={text('empty')}
    >
      {(rows) => (
        <DataTable label={text('title')} {...table}>
          {rows.map(children)}
        </DataTable>
      )}
    </ListStates>
  );
}
