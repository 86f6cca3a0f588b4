import { Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { CriterionValues } from './scorecard-form';
import { ScorecardIcon } from './scorecard-icon';

type CriterionView = Omit<CriterionValues, 'key'> & { key?: string; id?: string };

/** A criterion with its three scored levels, read-only (review step and details drawer). */
export function CriterionView({ criterion, number }: { criterion: CriterionView; number: number }) {
  const { t } = useTranslation('scorecards');
  const levels = [
    ['zero', criterion.levelZero, 'red'],
    ['low', criterion.levelLow, 'yellow'],
    ['high', criterion.levelHigh, 'green'],
  ] as const;
  return (
    <Paper withBorder p="sm" component="li" style={{ listStyle: 'none' }}>
      <Stack gap={6}>
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Text fw={600} component="h4" m={0} size="md">
            {t('details.criterionNumber', { number })}: {criterion.name}
          </Text>
          <Badge variant="light" color={criterion.includeInScenario ? 'teal' : 'gray'}>
            {criterion.includeInScenario ? t('details.inScenario') : t('details.notInScenario')}
          </Badge>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
          {criterion.description}
        </Text>
        <Stack gap={4} component="dl" m={0}>
          {levels.map(([level, text, color]) => (
            <Group key={level} gap="xs" align="flex-start" wrap="nowrap">
              <Badge component="dt" color={color} variant="light" tt="none" miw={84} style={{ flexShrink: 0 }}>
                {t(`levels.${level}`)}
              </Badge>
              <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
                {text}
              </Text>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Paper>
  );
}

export interface ScorecardView {
  name: string;
  icon: string;
  shortDescription: string;
  longDescription: string;
  criteria: CriterionView[];
}

/** The wizard's read-only Review step. */
export function ScorecardReview({ values }: { values: ScorecardView }) {
  const { t } = useTranslation('scorecards');
  const field = (label: string, value: string) => (
    <div>
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text style={{ whiteSpace: 'pre-wrap' }}>{value.trim() || t('wizard.review.none')}</Text>
    </div>
  );
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('wizard.review.intro')}
      </Text>
      <Paper withBorder p="md">
        <Stack gap="sm">
          <Title order={3} size="h5">
            {t('wizard.review.general')}
          </Title>
          <Group gap="xs">
            <ScorecardIcon name={values.icon} size={22} />
            <Text fw={600}>{values.name.trim()}</Text>
          </Group>
          {field(t('wizard.review.icon'), t(`icons.${values.icon}`))}
          {field(t('wizard.review.shortDescription'), values.shortDescription)}
          {field(t('wizard.review.longDescription'), values.longDescription)}
        </Stack>
      </Paper>
      <Title order={3} size="h5">
        {t('wizard.review.criteria', { count: values.criteria.length })}
      </Title>
      <Stack component="ol" gap="sm" p={0} m={0}>
        {values.criteria.map((c, i) => (
          <CriterionView key={c.key ?? c.id ?? i} criterion={c} number={i + 1} />
        ))}
      </Stack>
    </Stack>
  );
}
