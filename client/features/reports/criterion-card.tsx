import { Badge, Button, Group, Paper, Stack, Text, Title, Tooltip, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CriterionReport } from '../../../server/routers/reports/schema';
import { clock } from '../../../server/services/reports/format';

export const LEVEL_COLORS = ['red', 'yellow', 'green'] as const;

interface Props {
  criterion: CriterionReport;
  canReview: boolean;
  onReview: () => void;
  onJump: (startMs: number, turnSeq: number) => void;
}

/** One criterion: its level with the frozen scorecard's description, rationale, and evidence quotes that jump the recording. */
export function CriterionCard({ criterion: c, canReview, onReview, onJump }: Props) {
  const { t } = useTranslation('reports');
  const headingId = `criterion-${c.criterionId}`;
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId} data-testid="criterion">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Group gap="xs" wrap="wrap">
            <Badge size="lg" color={LEVEL_COLORS[c.level]} variant="light" aria-label={t('criteria.levelAria', { level: c.level })}>
              {t('criteria.levelBadge', { level: c.level })}
            </Badge>
            <Title order={3} size="h5" id={headingId}>
              {c.name}
            </Title>
            {c.unverified && (
              <Tooltip label={t('criteria.unverifiedHelp')} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
                <Badge color="orange" variant="outline" leftSection={<IconAlertTriangle size={12} aria-hidden />} tabIndex={0} data-testid="unverified">
                  {t('criteria.unverified')}
                </Badge>
              </Tooltip>
            )}
          </Group>
          {canReview && (
            <Button size="xs" variant="light" leftSection={<IconPencil size={14} aria-hidden />} onClick={onReview} aria-label={t('review.buttonAria', { criterion: c.name })}>
              {t('review.button')}
            </Button>
          )}
        </Group>
        {c.levelDescriptions[c.level] && (
          <Text size="sm">
            <Text span fw={600}>
              {t('criteria.levelDescription', { level: c.level })}:
            </Text>{' '}
            {c.levelDescriptions[c.level]}
          </Text>
        )}
        {c.originalLevel !== c.level && (
          <Text size="sm" c="dimmed" data-testid="original-level">
            {t('criteria.original', { level: c.originalLevel })}
          </Text>
        )}
        {c.unverified && (
          <Text size="xs" c="orange.9">
            {t('criteria.unverifiedHelp')}
          </Text>
        )}
        {c.rationale && (
          <Text size="sm">
            <Text span fw={600}>
              {t('criteria.rationale')}:
            </Text>{' '}
            {c.rationale}
          </Text>
        )}
        <Text size="sm" fw={600}>
          {t('criteria.evidence')}
        </Text>
        {c.evidence.length === 0 && (
          <Text size="sm" c="dimmed">
            {t('criteria.noEvidence')}
          </Text>
        )}
        {c.evidence.map((q, i) => (
          <UnstyledButton
            key={`${q.turnSeq}-${i}`}
            onClick={() => onJump(q.startMs, q.turnSeq)}
            aria-label={t('criteria.jumpTo', { time: clock(q.startMs), quote: q.quote })}
            data-testid="evidence-quote"
            style={{ borderLeft: '3px solid var(--mantine-color-blue-4)', borderRadius: 4, padding: '4px 10px', background: 'var(--mantine-color-gray-0)' }}
          >
            <Group gap={6} wrap="nowrap" align="flex-start">
              <IconPlayerPlay size={14} aria-hidden style={{ marginTop: 3, flexShrink: 0 }} />
              <Text size="xs" c="dimmed" ff="monospace" style={{ flexShrink: 0 }}>
                {clock(q.startMs)}
              </Text>
              <Text size="sm" fs="italic">
                “{q.quote}”
              </Text>
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
    </Paper>
  );
}
