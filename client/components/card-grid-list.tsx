import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  type SimpleGridProps,
} from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NameText } from './name-text';

interface Props<T> {
  /** The feature's namespace; it names the texts `list.new`, `list.loading`, `list.retry`, `list.label`, `list.empty{Title,Text,Action}` and `errors.loadFailed`. */
  ns: string;
  query: { isPending: boolean; isError: boolean; isFetching: boolean; refetch: () => unknown };
  items: readonly T[] | undefined;
  /** Opens the form for a new one: the button above the list and the empty state's action. */
  onNew: () => void;
  emptyIcon: ReactNode;
  cols: SimpleGridProps['cols'];
  /** One card, a list item. */
  children: (item: T) => ReactNode;
}

/** A list of cards with its "new" button, and its loading, failed (with a retry) and empty states. */
export function CardGridList<T>({ ns, query, items, onNew, emptyIcon, cols, children }: Props<T>) {
  const { t } = useTranslation(ns);
  return (
    <>
      <Group justify="flex-end">
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew}>
          {t('list.new')}
        </Button>
      </Group>

      {query.isPending && (
        <Group justify="center" p="xl">
          <Loader aria-label={t('list.loading')} />
        </Group>
      )}
      {query.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('errors.loadFailed')}</Text>
            <Button
              size="xs"
              variant="white"
              color="red"
              onClick={() => void query.refetch()}
              loading={query.isFetching}
            >
              {t('list.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {items && items.length === 0 && (
        <EmptyState
          icon={emptyIcon}
          title={t('list.emptyTitle')}
          description={t('list.emptyText')}
          withIndicatorBackground
        >
          <EmptyState.Actions>
            <Button onClick={onNew}>{t('list.emptyAction')}</Button>
          </EmptyState.Actions>
        </EmptyState>
      )}
      {items && items.length > 0 && (
        <SimpleGrid component="ul" cols={cols} spacing="md" p={0} m={0} aria-label={t('list.label')}>
          {items.map((item) => children(item))}
        </SimpleGrid>
      )}
    </>
  );
}

/** One card of a CardGridList: the record's icon and name as its heading, then `children`. */
export function GridCard({ icon, name, children }: { icon: ReactNode; name: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="li" style={{ listStyle: 'none', display: 'flex' }}>
      <Stack gap="xs" style={{ flex: 1 }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          {icon}
          <NameText heading={{ order: 2, size: 'h4' }} lines={3}>
            {name}
          </NameText>
        </Group>
        {children}
      </Stack>
    </Card>
  );
}
