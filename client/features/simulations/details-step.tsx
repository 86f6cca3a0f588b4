import { Checkbox, NumberInput, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import type { UseFormReturnType } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { DIFFICULTIES, LANGUAGES, LIMITS, SIMULATION_ICONS } from '../../../server/contracts/simulations';
import { fieldErrorText } from '../../lib/errors';
import type { SimulationFormValues } from './simulation-form';
import { IconSelect } from '../../components/named-icon';
import { fieldsWithErrors } from '../../lib/form-field';

/** Step 1: Simulation Details. */
export function DetailsStep({ form }: { form: UseFormReturnType<SimulationFormValues> }) {
  const { t } = useTranslation('simulations');
  const err = (f: keyof SimulationFormValues) => fieldErrorText(t, form.errors[f]);
  const field = fieldsWithErrors(form, err);
  return (
    <Stack mt="md">
      <TextInput
        label={t('wizard.details.name')}
        placeholder={t('wizard.details.namePlaceholder')}
        withAsterisk
        maxLength={LIMITS.name}
        data-autofocus
        {...field('name')}
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <ChoiceSelect
          label={t('wizard.details.difficulty')}
          description={t('wizard.details.difficultyHint')}
          values={DIFFICULTIES}
          optionLabel={(d) => t(`difficulty.${d}`)}
          {...field('difficulty')}
        />
        <NumberInput
          label={t('wizard.details.timeLimit')}
          description={t('wizard.details.timeLimitHint')}
          withAsterisk
          min={0.1}
          max={LIMITS.timeLimitMax}
          step={0.5}
          decimalScale={1}
          allowNegative={false}
          value={form.values.timeLimitMinutes}
          onChange={(v) =>
            form.setFieldValue('timeLimitMinutes', typeof v === 'number' ? v : v === '' ? '' : Number(v))
          }
          error={err('timeLimitMinutes')}
        />
        <ChoiceSelect
          label={t('wizard.details.language')}
          description={t('wizard.details.languageHint')}
          values={LANGUAGES}
          optionLabel={(l) => t(`languages.${l}`)}
          {...field('language')}
        />
        <TextInput
          label={t('wizard.details.useCase')}
          placeholder={t('wizard.details.useCasePlaceholder')}
          maxLength={LIMITS.useCase}
          {...field('useCase')}
        />
        <IconSelect
          label={t('wizard.details.icon')}
          names={SIMULATION_ICONS}
          fallback="phone"
          optionLabel={(name) => t(`icons.${name}`)}
          value={form.values.icon}
          onChange={(name) => form.setFieldValue('icon', name)}
          error={err('icon')}
        />
        <Checkbox
          mt={{ base: 0, sm: 'xl' }}
          label={t('wizard.details.assessment')}
          description={t('wizard.details.assessmentHint')}
          {...form.getInputProps('availableAsAssessment', { type: 'checkbox' })}
        />
      </SimpleGrid>
      <Textarea
        label={t('wizard.details.instructions')}
        description={t('wizard.details.instructionsHint')}
        autosize
        minRows={3}
        maxRows={10}
        maxLength={LIMITS.instructions}
        {...field('instructions')}
      />
    </Stack>
  );
}
