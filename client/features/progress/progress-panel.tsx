import { Accordion, Alert, Anchor, Badge, Group, List, Select, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useSearchParams } from 'wouter';
import type { ProgressView } from '../../../server/contracts/progress';
import { NameText } from '../../components/name-text';
import { errorMessage } from '../../lib/errors';
import { useFormat } from '../../lib/format';
import { trpc } from '../../lib/trpc';
import { LEVEL_COLORS } from '../reports/level-colors';

type Criterion = ProgressView['criteria'][number];

const levelColor = (level: number | null) => (level === null ? 'gray' : LEVEL_COLORS[level]);

/** One criterion: the levels across calls as a row of badges, then each call with its quote. */
function CriterionItem({ c }: { c: Criterion }) {
  const { t } = useTranslation('dashboard');
  const f = useFormat();
  const level = (l: number | null) => (l === null ? t('progress.notAssessed') : String(l));
  return (
    <Accordion.Item value={c.name} data-testid="progress-criterion">
      <Accordion.Control>
        <Stack gap={4}>
          <NameText fw={600}>{c.name}</NameText>
          <Group
            gap={4}
            wrap="wrap"
            aria-label={t('progress.sequence', { levels: c.points.map((p) => level(p.level)).join(' → ') })}
          >
            {c.points.map((p, i) => (
              <Badge key={`${p.callId}-${i}`} color={levelColor(p.level)} variant="light" size="sm" aria-hidden>
                {level(p.level)}
              </Badge>
            ))}
          </Group>
        </Stack>
      </Accordion.Control>
      <Accordion.Panel>
        <List spacing="sm" listStyleType="none" withPadding={false}>
          {[...c.points].reverse().map((p, i) => (
            <List.Item key={`${p.callId}-${i}`}>
              <Group gap="xs" wrap="wrap">
                <Badge color={levelColor(p.level)} variant="light" size="sm">
                  {t('progress.level', { level: level(p.level) })}
                </Badge>
                <Badge variant="outline" color="gray" size="sm">
                  {t(`progress.kinds.${p.kind}`)}
                </Badge>
                <Text size="sm" c="dimmed">
                  {f.dateTime(p.at)}
                </Text>
                <Anchor component={Link} href={`/reports/${p.callId}`} size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {p.title || t('progress.openReport')}
                </Anchor>
              </Group>
              <Text
                size="sm"
                fs={p.quote ? 'italic' : undefined}
                c={p.quote ? undefined : 'dimmed'}
                style={{ overflowWrap: 'anywhere' }}
              >
                {p.quote ? `“${p.quote}”` : t('progress.noQuote')}
              </Text>
            </List.Item>
          ))}
        </List>
      </Accordion.Panel>
    </Accordion.Item>
  );
}

/**
 * /progress: a learner's levels on each criterion across their calls of any kind, weakest now
 * first, each level with the quote behind it. A manager picks a member of their team (?user=); a
 * criterion may be opened from the dashboard's skill map (?criterion=).
 */
export function ProgressPanel() {
  const { t } = useTranslation('dashboard');
  const [search] = useSearchParams();
  const [, navigate] = useLocation();
  const userId = search.get('user') ?? undefined;
  const opened = search.get('criterion');
  const q = useQuery(trpc.progress.get.queryOptions(userId ? { userId } : {}));
  if (q.isPending) return <Skeleton h={240} />;
  if (q.isError)
    return (
      <Alert color="red" title={t('progress.failed')}>
        {errorMessage(t, q.error)}
      </Alert>
    );
  const p = q.data;
  return (
    <Stack gap="md">
      {p.people.length > 1 && (
        <Select
          label={t('progress.person')}
          data={p.people.map((x) => ({ value: x.id, label: x.name }))}
          value={p.user.id}
          searchable
          allowDeselect={false}
          maw={360}
          onChange={(v) => v && navigate(`/progress?user=${encodeURIComponent(v)}`)}
        />
      )}
      <Text c="dimmed" size="sm">
        {t('progress.explain', { name: p.user.name })}
      </Text>
      {p.criteria.length === 0 ? (
        <Text c="dimmed">{t('progress.empty')}</Text>
      ) : (
        <Accordion
          multiple
          variant="separated"
          defaultValue={opened ? [opened] : []}
          key={`${p.user.id}:${opened ?? ''}`}
        >
          {p.criteria.map((c) => (
            <CriterionItem key={c.name} c={c} />
          ))}
        </Accordion>
      )}
    </Stack>
  );
}
