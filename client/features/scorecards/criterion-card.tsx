import { ActionIcon, Group, Paper, Stack, Switch, Text, TextInput, Textarea } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconArrowDown, IconArrowUp, IconTrash } from '@tabler/icons-react';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '../../../server/contracts/scorecards';
import { translateMessageKey } from '../../lib/errors';
import type { ScorecardFormValues } from './scorecard-form';

const REQUIRED_KEY = 'scorecards.validation.criterionFieldsRequired';

interface Props {
  form: UseFormReturnType<ScorecardFormValues>;
  index: number;
  count: number;
  onRemove: () => void;
}

/** One criterion of the wizard: name, description, scenario flag and the three level descriptions. */
export function CriterionCard({ form, index, count, onRemove }: Props) {
  const { t } = useTranslation('scorecards');
  const number = index + 1;
  const headingId = useId();
  const path = (field: string) => `criteria.${index}.${field}`;
  // a missing field is announced once for the step ("Please fill in all required fields…"); here it
  // only marks the field invalid, while other problems (too long) are spelled out next to it
  const error = (field: string) => {
    const e = form.errors[path(field)];
    if (typeof e !== 'string' || !e) return undefined;
    return e === REQUIRED_KEY ? true : translateMessageKey(t, e);
  };
  const text = (
    field: 'name' | 'description' | 'levelZero' | 'levelLow' | 'levelHigh',
    label: string,
    hint?: string,
  ) => {
    const common = {
      label,
      description: hint,
      withAsterisk: true,
      ...form.getInputProps(path(field)),
      error: error(field),
    };
    return field === 'name' ? (
      <TextInput {...common} maxLength={LIMITS.criterionName} />
    ) : (
      <Textarea {...common} autosize minRows={2} maxRows={6} maxLength={LIMITS.criterionText} />
    );
  };

  return (
    <Paper withBorder p="md" component="section" aria-labelledby={headingId}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Text fw={600} component="h3" id={headingId} m={0}>
            {t('wizard.criteria.title', { number })}
          </Text>
          <Group gap={4} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={t('wizard.criteria.moveUp', { number })}
              disabled={index === 0}
              onClick={() => form.reorderListItem('criteria', { from: index, to: index - 1 })}
            >
              <IconArrowUp size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={t('wizard.criteria.moveDown', { number })}
              disabled={index === count - 1}
              onClick={() => form.reorderListItem('criteria', { from: index, to: index + 1 })}
            >
              <IconArrowDown size={18} aria-hidden />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={t('wizard.criteria.remove', { number })}
              onClick={onRemove}
            >
              <IconTrash size={18} aria-hidden />
            </ActionIcon>
          </Group>
        </Group>
        {text('name', t('wizard.criteria.name'))}
        {text('description', t('wizard.criteria.description'))}
        <Switch
          label={t('wizard.criteria.includeInScenario')}
          description={t('wizard.criteria.includeInScenarioHint')}
          {...form.getInputProps(path('includeInScenario'), { type: 'checkbox' })}
        />
        {text('levelZero', t('levels.zero'), t('wizard.criteria.levelZeroHint'))}
        {text('levelLow', t('levels.low'), t('wizard.criteria.levelLowHint'))}
        {text('levelHigh', t('levels.high'), t('wizard.criteria.levelHighHint'))}
      </Stack>
    </Paper>
  );
}
