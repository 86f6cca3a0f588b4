import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { trpc } from '../../lib/trpc';
import { clientScope } from '../client-overview/client-scope';
import { ErrorAlert } from '../../components/status-alerts';

/** "Test search": the excerpts scenario generation and calls would get for a few words (enabled files only). */
export function KnowledgeSearch({ simulationId, clientId }: { simulationId: string; clientId?: string }) {
  const { t } = useTranslation(['knowledge', 'common'], { nsMode: 'fallback' });
  const scope = clientScope(clientId);
  const [draft, setDraft] = useState('');
  const [query, setQuery] = useState('');
  const search = useQuery(
    trpc.knowledge.search.queryOptions(
      { ...scope.input, simulationId, query },
      { enabled: query.length > 0 && !scope.missing, staleTime: 0 },
    ),
  );

  const submit = (e: FormEvent) => {
    e.preventDefault();
    setQuery(draft.trim());
  };

  return (
    <Stack gap="xs">
      <Title order={3} size="h5">
        {t('search.title')}
      </Title>
      <form onSubmit={submit} role="search" aria-label={t('search.title')}>
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label={t('search.label')}
            placeholder={t('search.placeholder')}
            value={draft}
            onChange={(e) => setDraft(e.currentTarget.value)}
            maxLength={500}
            style={{ flex: 1, minWidth: 200 }}
          />
          <Button
            type="submit"
            variant="default"
            leftSection={<IconSearch size={16} aria-hidden />}
            disabled={!draft.trim()}
            loading={search.isFetching}
          >
            {t('search.submit')}
          </Button>
        </Group>
      </form>
      {search.isError && <ErrorAlert>{t('search.failed')}</ErrorAlert>}
      {search.isSuccess && search.data.length === 0 && <Text c="dimmed">{t('search.noResults')}</Text>}
      {search.isSuccess &&
        search.data.slice(0, 5).map((hit) => (
          <Paper key={`${hit.fileId}-${hit.position}`} withBorder p="sm">
            <Text size="xs" c="dimmed">
              {t('search.fromFile', { name: hit.fileName, position: hit.position + 1 })}
            </Text>
            <Text size="sm" lineClamp={6} style={{ whiteSpace: 'pre-wrap' }}>
              {hit.content}
            </Text>
          </Paper>
        ))}
    </Stack>
  );
}
