import { LEVEL_COLORS } from './level-colors';
import { Alert, Badge, Button, Group, List, Paper, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconAlertTriangle, IconPencil, IconPlayerPlay, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CriterionReport } from '../../../server/contracts/reports';
import { clock, quoteCounts } from '../../../server/contracts/report-format';
import { HelpTip } from '../../components/help-tip';

interface Props {
  criterion: CriterionReport;
  /** The report came from the model: quotes were proposed and checked. */
  checked: boolean;
  canReview: boolean;
  onReview: () => void;
  onJump: (startMs: number, turnSeq: number) => void;
}

/**
 * One criterion: its level with the frozen scorecard's description, why the level is what it is
 * (no evidence, not assessable offline), the rationale, the verified quotes that jump the
 * recording, and the quotes the check refused with the reason.
 */
export function CriterionCard({ criterion: c, checked, canReview, onReview, onJump }: Props) {
  const { t } = useTranslation('reports');
  const headingId = `criterion-${c.criterionId}`;
  const counts = quoteCounts(c);
  const unbacked = c.note === 'no_evidence' || c.note === 'reask_failed';
  return (
    <Paper withBorder p="md" radius="md" component="article" aria-labelledby={headingId} data-testid="criterion">
      <Stack gap="xs">
        <Group justify="space-between" wrap="wrap" align="flex-start" gap="xs">
          <Group gap="xs" wrap="wrap">
            {c.level === null ? (
              <Badge size="lg" color="gray" variant="light" data-testid="not-assessable">
                {t('criteria.notAssessable')}
              </Badge>
            ) : (
              <Badge
                size="lg"
                color={LEVEL_COLORS[c.level]}
                variant="light"
                aria-label={t('criteria.levelAria', { level: c.level })}
              >
                {t('criteria.levelBadge', { level: c.level })}
              </Badge>
            )}
            <Title order={3} size="h5" id={headingId}>
              {c.name}
            </Title>
            {c.unverified && (
              <HelpTip label={t('criteria.unverifiedHelp')} w={280}>
                <Badge
                  color="orange"
                  variant="outline"
                  leftSection={<IconAlertTriangle size={12} aria-hidden />}
                  tabIndex={0}
                  data-testid="unverified"
                >
                  {t('criteria.unverified')}
                </Badge>
              </HelpTip>
            )}
          </Group>
          {canReview && (
            <Button
              size="xs"
              variant="light"
              leftSection={<IconPencil size={14} aria-hidden />}
              onClick={onReview}
              aria-label={t('review.buttonAria', { criterion: c.name })}
            >
              {t('review.button')}
            </Button>
          )}
        </Group>
        {c.level === null && (
          <Text size="sm" c="dimmed">
            {t('criteria.notAssessableHelp')}
          </Text>
        )}
        {c.level !== null && c.levelDescriptions[c.level] && (
          <Text size="sm">
            <Text span fw={600}>
              {t('criteria.levelDescription', { level: c.level })}:
            </Text>{' '}
            {c.levelDescriptions[c.level]}
          </Text>
        )}
        {c.originalLevel !== c.level && (
          <Text size="sm" c="dimmed" data-testid="original-level">
            {c.originalLevel === null ? t('criteria.originalNone') : t('criteria.original', { level: c.originalLevel })}
          </Text>
        )}
        {unbacked && (
          <Alert
            color="orange"
            variant="light"
            p="xs"
            icon={<IconAlertTriangle size={16} aria-hidden />}
            data-testid="no-evidence"
          >
            <Text size="sm">
              {t(c.note === 'reask_failed' ? 'criteria.reaskFailed' : 'criteria.noEvidenceLevel', {
                level: c.proposedLevel ?? 0,
              })}
            </Text>
          </Alert>
        )}
        {c.note === 'not_assessed' && (
          <Text size="sm" c="orange.9">
            {t('criteria.notAssessed')}
          </Text>
        )}
        {c.unverified && (
          <Text size="xs" c="orange.9">
            {t('criteria.unverifiedHelp')}
          </Text>
        )}
        {c.agreement && c.agreement.samples > 1 && (
          <Text size="xs" c="dimmed" data-testid="agreement">
            {t('criteria.agreement', { agreeing: c.agreement.agreeing, samples: c.agreement.samples })}
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
        <Group gap="xs">
          <Text size="sm" fw={600}>
            {t('criteria.evidence')}
          </Text>
          {checked && counts.proposed > 0 && (
            <Badge
              size="sm"
              variant="outline"
              color={counts.verified === counts.proposed ? 'green' : 'orange'}
              data-testid="quote-count"
            >
              {t('criteria.quotesVerified', { verified: counts.verified, proposed: counts.proposed })}
            </Badge>
          )}
        </Group>
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
            style={{
              borderLeft: '3px solid var(--mantine-color-blue-4)',
              borderRadius: 4,
              padding: '4px 10px',
              background: 'var(--mantine-color-gray-0)',
            }}
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
        {c.rejected.length > 0 && (
          <Stack gap={4} data-testid="rejected-quotes">
            <Text size="sm" fw={600} c="red.8">
              {t('criteria.rejectedTitle', { count: c.rejected.length })}
            </Text>
            <List size="sm" spacing={4} icon={<IconX size={14} color="var(--mantine-color-red-6)" aria-hidden />}>
              {c.rejected.map((r, i) => (
                <List.Item key={i} data-testid="rejected-quote">
                  <Text span size="sm" td="line-through" c="dimmed">
                    “{r.quote}”
                  </Text>{' '}
                  <Text span size="xs" c="red.8">
                    {r.turnSeq !== null ? `${t('criteria.rejectedTurn', { turn: r.turnSeq })} · ` : ''}
                    {t(`criteria.rejectedReasons.${r.reason}`)}
                  </Text>
                </List.Item>
              ))}
            </List>
          </Stack>
        )}
      </Stack>
    </Paper>
  );
}
