import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  List,
  Paper,
  Progress,
  Select,
  Stack,
  Table,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import { CopyIconButton } from '../../components/copy-icon-button';
import { IconDownload, IconLink } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDeferredValue, useMemo, useState } from 'react';
import {
  BATCH_CSV_COLUMNS,
  MAGIC_LINK_BATCH_MAX,
  parseEntries,
  type GenerateLinksResult,
} from '../../../server/contracts/campaigns';
import { toCsv } from '../../../server/contracts/csv';
import { translateMessageKey } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { downloadText } from '../users/download';
import { GenerateError, generateLinks } from './generate-api';
import { useCtaT } from './use-cta-t';
import { DataTable } from '../../components/data-table';
import { submitWith } from '../../lib/submit';

const PREVIEW = 10;

/**
 * The generate form: a campaign, one "email, first name" per line (at most 2,000),
 * optionally mailed. The count updates as the list is typed; generating shows its progress; the
 * result previews the first links with copy buttons and downloads the whole batch as CSV.
 */
export function GeneratePanel({
  campaignId,
  onCampaign,
  onNewCampaign,
}: {
  campaignId: string | null;
  onCampaign: (id: string | null) => void;
  onNewCampaign: () => void;
}) {
  const { t } = useCtaT();
  const f = useFormat();
  const queryClient = useQueryClient();
  const campaigns = useQuery(trpc.campaigns.list.queryOptions());
  const [entries, setEntries] = useState('');
  const [send, setSend] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [running, setRunning] = useState(false);
  const [error, setError] = useState<string[] | null>(null);
  const [result, setResult] = useState<GenerateLinksResult | null>(null);
  const deferred = useDeferredValue(entries);
  const parsed = useMemo(() => parseEntries(deferred), [deferred]);
  const tooMany = parsed.lines > MAGIC_LINK_BATCH_MAX;
  const chosen = campaigns.data?.rows.find((c) => c.id === campaignId) ?? null;

  const submit = async () => {
    setError(null);
    if (!campaignId) return setError([t('validation.campaignRequired')]);
    if (!entries.trim()) return setError([t('validation.entriesRequired')]);
    if (tooMany) return setError([t('generate.tooMany', { count: parsed.lines, max: MAGIC_LINK_BATCH_MAX })]);
    if (parsed.entries.length === 0) return setError([t('validation.invalidEmail'), t('validation.noValidEntries')]);
    setRunning(true);
    setResult(null);
    setProgress({ done: 0, total: parsed.entries.length });
    try {
      const r = await generateLinks({ campaignId, entries, send }, (done, total) => setProgress({ done, total }));
      setResult(r);
      setEntries('');
      void queryClient.invalidateQueries({ queryKey: trpc.campaigns.list.queryKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.campaigns.links.pathKey() });
    } catch (e) {
      const g = e instanceof GenerateError ? e : new GenerateError('INTERNAL', String(e));
      const field = g.fieldErrors?.entries?.[0] ?? g.fieldErrors?.campaignId?.[0];
      if (g.code === 'NO_VALID_ENTRIES') setError([t('validation.invalidEmail'), t('validation.noValidEntries')]);
      else if (field)
        setError([translateMessageKey(t, field, { lines: g.details?.entries, max: MAGIC_LINK_BATCH_MAX })]);
      else setError([t('generate.failed'), t(`errors.${g.code}`, { defaultValue: t('errors.INTERNAL') })]);
    } finally {
      setRunning(false);
      setProgress(null);
    }
  };

  if (campaigns.data && campaigns.data.rows.length === 0) {
    return (
      <Alert variant="light" color="blue">
        <Stack gap="xs" align="flex-start">
          <Text size="sm">{t('generate.noCampaigns')}</Text>
          <Button size="xs" onClick={onNewCampaign}>
            {t('campaigns.new')}
          </Button>
        </Stack>
      </Alert>
    );
  }
  return (
    <Stack>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
        <form noValidate onSubmit={submitWith(submit)}>
          <Stack>
            <Select
              label={t('generate.campaign')}
              placeholder={t('generate.campaignPlaceholder')}
              data={(campaigns.data?.rows ?? []).map((c) => ({
                value: c.id,
                label: `${c.name} (${c.slug})`,
                disabled: !c.simulationId,
              }))}
              value={campaignId}
              onChange={onCampaign}
              searchable
              required
              maw={520}
            />
            {chosen && (
              <Text size="sm" c="dimmed">
                {t('generate.campaignFacts', {
                  simulation: chosen.simulationName ?? '—',
                  days: chosen.linkExpirationDays,
                  language: t(`languages.${chosen.language}`),
                })}
              </Text>
            )}
            <Textarea
              label={t('generate.entries')}
              description={t('generate.entriesHelp', { max: MAGIC_LINK_BATCH_MAX })}
              placeholder={'ana@example.com, Ana\nbo@example.com, Bo'}
              value={entries}
              onChange={(e) => setEntries(e.currentTarget.value)}
              autosize
              minRows={6}
              maxRows={16}
              required
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Group gap="md" wrap="wrap" aria-live="polite" data-testid="entry-count">
              <Text size="sm" c={tooMany ? 'red' : undefined} fw={tooMany ? 600 : undefined}>
                {tooMany
                  ? t('generate.tooMany', { count: parsed.lines, max: MAGIC_LINK_BATCH_MAX })
                  : t('generate.count', {
                      count: parsed.entries.length,
                      lines: parsed.lines,
                      max: MAGIC_LINK_BATCH_MAX,
                    })}
              </Text>
              {parsed.invalid.length > 0 && (
                <Text size="sm" c="orange.8">
                  {t('generate.countInvalid', { count: parsed.invalid.length })}
                </Text>
              )}
              {parsed.duplicates.length > 0 && (
                <Text size="sm" c="dimmed">
                  {t('generate.countDuplicates', { count: parsed.duplicates.length })}
                </Text>
              )}
            </Group>
            <Checkbox
              label={t('generate.send')}
              description={t('generate.sendHelp')}
              checked={send}
              onChange={(e) => setSend(e.currentTarget.checked)}
            />
            {error && (
              <Alert color="red" role="alert" data-testid="generate-error">
                {error.map((line, i) => (
                  <Text key={i} size="sm">
                    {line}
                  </Text>
                ))}
              </Alert>
            )}
            {progress && (
              <Stack gap={4}>
                <Progress
                  value={progress.total ? (progress.done / progress.total) * 100 : 0}
                  animated
                  aria-label={t('generate.progressLabel')}
                />
                <Text size="sm" role="status">
                  {t('generate.progress', { done: progress.done, total: progress.total })}
                </Text>
              </Stack>
            )}
            <Group>
              <Button type="submit" loading={running} leftSection={<IconLink size={16} aria-hidden />}>
                {t('generate.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
      {result && <GenerateResult result={result} f={f} />}
    </Stack>
  );
}

function GenerateResult({ result, f }: { result: GenerateLinksResult; f: ReturnType<typeof useFormat> }) {
  const { t } = useCtaT();
  const download = () =>
    downloadText(
      `magic-links-${result.batchId.slice(0, 8)}.csv`,
      toCsv([[...BATCH_CSV_COLUMNS], ...result.links.map((l) => [l.email, l.firstName, l.link, l.expiresAt])]),
    );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" data-testid="generate-result">
      <Stack>
        <Title order={2} size="h3">
          {t('results.title', { count: result.created })}
        </Title>
        <List size="sm" spacing={4}>
          {(
            [
              ['invalid', result.invalidLines, 'lines', 20],
              ['duplicates', result.duplicateLines, null, 0],
              ['alreadyLive', result.alreadyLive, 'emails', 10],
            ] as const
          ).map(
            ([key, items, listed, most]) =>
              items.length > 0 && (
                <List.Item key={key}>
                  {t(`results.${key}`, {
                    count: items.length,
                    ...(listed && { [listed]: items.slice(0, most).join(', ') }),
                  })}
                </List.Item>
              ),
          )}
          {result.sending && <List.Item>{t('results.sending')}</List.Item>}
        </List>
        {result.created > 0 && (
          <>
            <Alert color="yellow" variant="light">
              {t('results.once')}
            </Alert>
            <Group>
              <Button leftSection={<IconDownload size={16} aria-hidden />} onClick={download}>
                {t('results.downloadCsv')}
              </Button>
            </Group>
            <Title order={3} size="h5">
              {t('results.preview', { count: Math.min(PREVIEW, result.links.length) })}
            </Title>
            <DataTable
              minWidth={640}
              label={t('results.preview', { count: Math.min(PREVIEW, result.links.length) })}
              columns={[t('links.columns.email'), t('results.link'), t('links.columns.expires')]}
            >
              {result.links.slice(0, PREVIEW).map((l) => (
                <Table.Tr key={l.id} data-testid="generated-link">
                  <Table.Td maw={220} style={{ overflowWrap: 'anywhere' }}>
                    {l.email}
                  </Table.Td>
                  <Table.Td maw={420}>
                    <Group gap={4} wrap="nowrap" align="flex-start">
                      <Anchor
                        href={l.link}
                        target="_blank"
                        rel="noopener"
                        size="xs"
                        ff="monospace"
                        style={{ overflowWrap: 'anywhere' }}
                      >
                        {l.link}
                      </Anchor>
                      <CopyIconButton
                        value={l.link}
                        tip={(copied) => (copied ? t('results.copied') : t('results.copy'))}
                        label={() => t('results.copyFor', { email: l.email })}
                        variant="subtle"
                        tinted
                      />
                    </Group>
                  </Table.Td>
                  <Table.Td>{f.date(l.expiresAt)}</Table.Td>
                </Table.Tr>
              ))}
            </DataTable>
          </>
        )}
      </Stack>
    </Paper>
  );
}
