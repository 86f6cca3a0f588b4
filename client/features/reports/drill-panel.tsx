import { Anchor, Badge, Button, Group, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconTarget } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'wouter';
import type { ReportView } from '../../../server/contracts/reports';
import { notifyFailure, notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';

type Drill = NonNullable<ReportView['drill']>;
type LevelQuote = Drill['progress'][number]['before'];

type Translate = (k: string, v?: Record<string, unknown>) => string;

const levelText = (t: Translate, x: LevelQuote) => (x && x.level !== null ? String(x.level) : t('drill.notAssessed'));

/** The quote behind a level; "not assessed" when there is no level, and nothing for a level above 0 without one. */
const quoteText = (t: Translate, x: LevelQuote) => {
  if (x?.quote) return `“${x.quote}”`;
  if (!x || x.level === null) return t('drill.notAssessed');
  return x.level === 0 ? t('drill.noQuote') : null;
};

/** "Last time: 0 → now: 2" for each criterion a drill trains, with the quote behind each level. */
function DrillProgress({ drill }: { drill: Drill }) {
  const { t } = useTranslation('reports');
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="report-drill">
      <Group gap="xs" mb="sm">
        <IconTarget size={20} aria-hidden />
        <Title order={2} size="h4" id="report-drill">
          {t('drill.progressTitle')}
        </Title>
      </Group>
      <Stack gap="sm">
        <Text size="sm">
          {t('drill.trains', { criterion: drill.moment.criterionName })}{' '}
          <Text span fs="italic">
            “{drill.moment.quote}”
          </Text>{' '}
          {drill.sourceCallId && (
            <Anchor component={Link} href={`/reports/${drill.sourceCallId}`} size="sm">
              {t('drill.openSource')}
            </Anchor>
          )}
        </Text>
        <List spacing="sm" data-testid="drill-progress" listStyleType="none" withPadding={false}>
          {drill.progress.map((p) => (
            <List.Item key={p.criterionId}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {p.name}
              </Text>
              <Text size="sm" data-testid="drill-progress-line">
                {t('drill.progressLine', { before: levelText(t, p.before), now: levelText(t, p.now) })}
              </Text>
              {(
                [
                  ['drill.thenQuote', quoteText(t, p.before)],
                  ['drill.nowQuote', quoteText(t, p.now)],
                ] as const
              ).map(
                ([key, quote]) =>
                  quote && (
                    <Text key={key} size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                      {t(key, { quote })}
                    </Text>
                  ),
              )}
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  );
}

/**
 * "Practise this": builds a drill from the call (its weakest criteria, against the same customer),
 * then offers to start it; lists the drills already built from the call.
 */
function PractiseThis({ data, clientId }: { data: ReportView; clientId?: string }) {
  const { t } = useTranslation('reports');
  const queryClient = useQueryClient();
  const scope = clientId ? { clientId } : {};
  const create = useMutation(
    trpc.drills.create.mutationOptions({
      onSuccess: (r) => {
        notifySuccess(t('drill.built', { name: r.name }));
        void queryClient.invalidateQueries({
          queryKey: trpc.reports.get.queryKey({ ...scope, callId: data.call.callId }),
        });
      },
      onError: (e) => notifyFailure(t, t('drill.failed'), e),
    }),
  );
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md" component="section" aria-labelledby="report-practise">
      <Title order={2} size="h4" id="report-practise" mb="xs">
        {t('drill.title')}
      </Title>
      <Stack gap="sm">
        {data.canPractise && (
          <>
            <Text size="sm" c="dimmed">
              {t('drill.hint')}
            </Text>
            <Group>
              <Button
                leftSection={<IconTarget size={16} aria-hidden />}
                loading={create.isPending}
                onClick={() => create.mutate({ ...scope, callId: data.call.callId })}
              >
                {t('drill.practise')}
              </Button>
              {create.isPending && (
                <Text size="sm" c="dimmed" role="status">
                  {t('drill.building')}
                </Text>
              )}
            </Group>
          </>
        )}
        {data.drills.length > 0 && (
          <List spacing={4} size="sm" aria-label={t('drill.existing')} data-testid="drills-from-call">
            {data.drills.map((d) => (
              <List.Item key={d.simulationId}>
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light" size="sm">
                    {t('drill.badge')}
                  </Badge>
                  <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {d.name}
                  </Text>
                  <Button component={Link} href={`/exercise/${d.simulationId}`} size="xs" variant="light">
                    {t('drill.start')}
                  </Button>
                </Group>
              </List.Item>
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

/** The drill sections of a report: a drill attempt's progress, and "Practise this" from any scored call. */
export function DrillPanel({ data, clientId }: { data: ReportView; clientId?: string }) {
  if (data.audience === 'guest') return null;
  return (
    <>
      {data.drill && <DrillProgress drill={data.drill} />}
      {(data.canPractise || data.drills.length > 0) && <PractiseThis data={data} clientId={clientId} />}
    </>
  );
}
