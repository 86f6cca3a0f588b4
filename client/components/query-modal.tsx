import { Alert, Loader } from '@mantine/core';
import { AppModal } from './app-modal';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface Props<T> {
  opened: boolean;
  onClose: () => void;
  title: string;
  /** What the dialog shows, loaded when it opens. */
  query: { isLoading: boolean; isError: boolean; data?: T };
  /** The sentence shown when it fails to load. */
  loadFailed: string;
  /** The dialog's body, given the loaded data. */
  children: (data: T) => ReactNode;
}

/** A wide dialog that shows one record loaded for it: a spinner, then the record or the failure. */
export function QueryModal<T>({ opened, onClose, title, query, loadFailed, children }: Props<T>) {
  const { t } = useTranslation();
  return (
    <AppModal opened={opened} onClose={onClose} size="xl" title={title}>
      {query.isLoading && <Loader aria-label={t('app.loading')} />}
      {query.isError && <Alert color="red">{loadFailed}</Alert>}
      {query.data !== undefined && children(query.data)}
    </AppModal>
  );
}
