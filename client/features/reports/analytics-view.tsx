import { Group, Progress, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { clock, percent, readAnalytics } from '../../../server/contracts/report-format';
import { useFormat } from '../../lib/format';
import { TableHead } from '../../components/data-table';

function Stat({ label, value, children }: { label: string; value?: string; children?: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      {value !== undefined && <Text fw={600}>{value}</Text>}
      {children}
    </Stack>
  );
}

/** Talk/listen ratio, longest monologue, questions, WPM, filler words, interruptions, response latency. */
export function AnalyticsView({ analytics }: { analytics: unknown }) {
  const { t } = useTranslation('reports');
  const f = useFormat();
  const a = readAnalytics(analytics);
  if (!a) return <Text c="dimmed">{t('analytics.empty')}</Text>;
  const na = t('analytics.notAvailable');
  const rep = a.talk ? percent(a.talk.repShare) : null;
  return (
    <Stack gap="lg" data-testid="analytics">
      {a.talk && rep !== null && (
        <Stat label={t('analytics.talkListen')}>
          <Progress.Root
            size="xl"
            aria-label={`${t('analytics.talkShareRep', { pct: rep })}, ${t('analytics.talkShareProspect', { pct: 100 - rep })}`}
          >
            <Progress.Section value={rep} color="blue">
              <Progress.Label>{rep}%</Progress.Label>
            </Progress.Section>
            <Progress.Section value={100 - rep} color="gray.4">
              <Progress.Label c="dark">{100 - rep}%</Progress.Label>
            </Progress.Section>
          </Progress.Root>
          <Group justify="space-between">
            <Text size="sm">{t('analytics.talkShareRep', { pct: rep })}</Text>
            <Text size="sm">{t('analytics.talkShareProspect', { pct: 100 - rep })}</Text>
          </Group>
          {a.talk.source === 'words' && (
            <Text size="xs" c="dimmed">
              {t('analytics.talkSourceWords')}
            </Text>
          )}
        </Stat>
      )}
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="lg">
        {a.longestMonologue && (
          <Stat
            label={t('analytics.longestMonologue')}
            value={
              a.longestMonologue.ms > 0
                ? t('analytics.monologueValue', { time: clock(a.longestMonologue.ms), words: a.longestMonologue.words })
                : t('analytics.monologueWords', { words: a.longestMonologue.words })
            }
          />
        )}
        {a.questions && <Stat label={t('analytics.questions')} value={t('analytics.questionsValue', a.questions)} />}
        <Stat label={t('analytics.wpm')} value={a.wordsPerMinute != null ? String(a.wordsPerMinute) : na} />
        {a.interruptions && (
          <Stat
            label={t('analytics.interruptions')}
            value={t('analytics.interruptionsValue', {
              bargeIns: a.interruptions.repBargeIns,
              overlaps: a.interruptions.overlaps,
            })}
          />
        )}
        {a.latency && (
          <Stat
            label={t('analytics.latency')}
            value={
              a.latency.avgMs != null
                ? t('analytics.latencyValue', {
                    avg: f.seconds(a.latency.avgMs),
                    max: a.latency.maxMs != null ? f.seconds(a.latency.maxMs) : na,
                  })
                : na
            }
          />
        )}
      </SimpleGrid>
      {a.fillers && (
        <Stat
          label={t('analytics.fillers')}
          value={t('analytics.fillersValue', { total: a.fillers.total, per: a.fillers.perHundredWords })}
        >
          {a.fillers.counts.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('analytics.noFillers')}
            </Text>
          ) : (
            <Table maw={360} withTableBorder aria-label={t('analytics.fillers')}>
              <TableHead columns={[t('analytics.fillerWord'), t('analytics.fillerCount')]} />
              <Table.Tbody>
                {a.fillers.counts.map(([word, n]) => (
                  <Table.Tr key={word}>
                    <Table.Td>{word}</Table.Td>
                    <Table.Td>{n}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Stat>
      )}
    </Stack>
  );
}
