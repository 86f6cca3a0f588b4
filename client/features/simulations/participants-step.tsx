import {
  Alert,
  Badge,
  Box,
  Button,
  Collapse,
  Group,
  NumberInput,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { BareList } from '../../components/bare-list';
import { ChoiceSelect } from '../../components/choice-select';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import {
  CALL_PROVIDERS,
  LEARNER_ROLES,
  LEARNER_TEAMS,
  LIMITS,
  type SimulationOptions,
} from '../../../server/contracts/simulations';
import { fieldErrorText } from '../../lib/errors';
import type { SimulationFormValues } from './simulation-form';
import { fieldsWithErrors } from '../../lib/form-field';
import { nameOptions } from '../../lib/name-options';
import { promptName } from '../prompts/prompt-name';

interface Props {
  form: UseFormReturnType<SimulationFormValues>;
  options: SimulationOptions;
}

/** Step 2: Participants (prospect, learner, context, scoring, prompts). */
export function ParticipantsStep({ form, options }: Props) {
  const { t } = useTranslation('simulations');
  const err = (f: keyof SimulationFormValues) => fieldErrorText(t, form.errors[f]);
  const none = t('wizard.participants.optionalPlaceholder');
  const card = options.scorecards.find((c) => c.id === form.values.scorecardId);
  // how the prospect is instructed and voiced: settings most managers never change, kept behind a toggle
  const advancedFields = ['callProvider', 'assistantId', 'simulationPromptId', 'reportPromptId'] as const;
  const advancedError = advancedFields.some((f) => form.errors[f]);
  const [advancedOpen, setAdvancedOpen] = useState(false);
  const showAdvanced = advancedOpen || advancedError;
  const promptData = (list: SimulationOptions['simulationPrompts']) =>
    list.map((p) => ({
      value: p.id,
      label: p.isSystem ? `${promptName(t, p)} (${t('wizard.participants.systemTag')})` : p.name,
    }));
  const optionalSelect = (
    field: 'icpId' | 'productGroupingId' | 'callInstructionsId' | 'simulationPromptId' | 'reportPromptId',
    label: string,
    data: { value: string; label: string }[],
    placeholder = none,
  ) => (
    <Select
      label={label}
      placeholder={placeholder}
      clearable
      searchable
      data={data}
      value={form.values[field]}
      onChange={(v) => form.setFieldValue(field, v)}
      error={err(field)}
      comboboxProps={{ withinPortal: true }}
    />
  );

  const field = fieldsWithErrors(form, err);
  /** A required choice of one of the client's records, found by typing its name. */
  const recordSelect = (name: 'persona' | 'scorecard', records: { id: string; name: string }[]) => (
    <Select
      label={t(`wizard.participants.${name}`)}
      placeholder={t(`wizard.participants.${name}Placeholder`)}
      withAsterisk
      searchable
      data={nameOptions(records)}
      {...field(`${name}Id`)}
    />
  );
  return (
    <Stack mt="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {recordSelect('persona', options.personas)}
        <ChoiceSelect
          label={t('wizard.participants.learnerRole')}
          values={LEARNER_ROLES}
          optionLabel={(r) => t(`learnerRoles.${r}`)}
          {...field('learnerRole')}
        />
        <ChoiceSelect
          label={t('wizard.participants.learnerTeam')}
          values={LEARNER_TEAMS}
          optionLabel={(r) => t(`learnerTeams.${r}`)}
          {...field('learnerTeam')}
        />
        {optionalSelect('icpId', t('wizard.participants.icp'), nameOptions(options.icps))}
        {optionalSelect('productGroupingId', t('wizard.participants.product'), nameOptions(options.productGroupings))}
        {optionalSelect(
          'callInstructionsId',
          t('wizard.participants.callInstructions'),
          options.callInstructions.map((x) => ({ value: x.id, label: x.label })),
        )}
      </SimpleGrid>

      {recordSelect('scorecard', options.scorecards)}
      {card && (
        <Paper withBorder p="sm" component="section" aria-label={t('wizard.participants.criteria')}>
          <Text size="sm" fw={600} mb={6}>
            {t('wizard.participants.criteria')}
          </Text>
          <BareList gap={4}>
            {card.criteria.map((c) => (
              <Group key={c.id} component="li" justify="space-between" gap="xs" wrap="wrap">
                <Text size="sm">{c.name}</Text>
                <Badge variant="light" color={c.includeInScenario ? 'teal' : 'gray'} tt="none">
                  {c.includeInScenario ? t('wizard.participants.inScenario') : t('wizard.participants.notInScenario')}
                </Badge>
              </Group>
            ))}
          </BareList>
          {!card.criteria.some((c) => c.includeInScenario) && (
            <Alert color="yellow" mt="sm" role="status">
              {t('wizard.participants.noCriterionInScenario')}
            </Alert>
          )}
        </Paper>
      )}

      <NumberInput
        label={t('wizard.participants.criteriaQuantity')}
        description={t('wizard.participants.criteriaQuantityHint')}
        withAsterisk
        min={LIMITS.criteriaMin}
        max={LIMITS.criteriaMax}
        allowDecimal={false}
        allowNegative={false}
        maw={360}
        value={form.values.criteriaQuantity}
        onChange={(v) => form.setFieldValue('criteriaQuantity', typeof v === 'number' ? v : v === '' ? '' : Number(v))}
        error={err('criteriaQuantity')}
      />

      <Box>
        <Button
          variant="subtle"
          size="compact-sm"
          px={0}
          leftSection={
            showAdvanced ? <IconChevronDown size={16} aria-hidden /> : <IconChevronRight size={16} aria-hidden />
          }
          aria-expanded={showAdvanced}
          aria-controls="participants-advanced"
          onClick={() => setAdvancedOpen((o) => !o)}
        >
          {t('wizard.participants.advanced')}
        </Button>
        <Collapse expanded={showAdvanced} id="participants-advanced">
          <Text size="xs" c="dimmed" mt={4} mb="xs">
            {t('wizard.participants.advancedHint')}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <ChoiceSelect
              label={t('wizard.participants.callProvider')}
              withAsterisk={false}
              values={CALL_PROVIDERS}
              optionLabel={(p) => t(`callProviders.${p}`)}
              {...field('callProvider')}
            />
            <TextInput
              label={t('wizard.participants.assistantId')}
              description={t('wizard.participants.assistantIdHint')}
              maxLength={LIMITS.assistantId}
              {...field('assistantId')}
            />
            {optionalSelect(
              'simulationPromptId',
              t('wizard.participants.simulationPrompt'),
              promptData(options.simulationPrompts),
              t('wizard.participants.systemDefault'),
            )}
            {optionalSelect(
              'reportPromptId',
              t('wizard.participants.reportPrompt'),
              promptData(options.evaluationPrompts),
              t('wizard.participants.systemDefault'),
            )}
          </SimpleGrid>
        </Collapse>
      </Box>
    </Stack>
  );
}
