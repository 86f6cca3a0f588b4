import { useState } from 'react';
import { Alert, Button, Group, Stack, Stepper, Text, TextInput, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  LIMITS,
  MAX_CRITERIA,
  SCORECARD_ICONS,
  scorecardCriteriaInput,
  scorecardDetailsInput,
  type ScorecardDetail,
} from '../../../server/contracts/scorecards';
import { errorInfo, fieldErrorText, translateMessageKey, serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { CriterionCard } from './criterion-card';
import { IconSelect } from '../../components/named-icon';
import { ScorecardReview } from './scorecard-review';
import { emptyCriterion, emptyScorecard, formValuesOf, toInput, type ScorecardFormValues } from './scorecard-form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { WizardModal } from '../../components/wizard-modal';
import { fieldsWithErrors } from '../../lib/form-field';
import { ErrorAlert } from '../../components/status-alerts';

const DETAIL_FIELDS = ['name', 'icon', 'shortDescription', 'longDescription'] as const;
const REQUIRED_KEY = 'scorecards.validation.criterionFieldsRequired';

interface Props {
  onClose: () => void;
  clientId?: string;
  /** The scorecard being edited (its current version); absent when creating. */
  editing?: ScorecardDetail | null;
}

/** The 3-step scorecard wizard (General Details → Criteria → Review) for creating and editing. */
export function ScorecardWizard({ onClose, clientId, editing }: Props) {
  const { t } = useTranslation('scorecards');
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');
  const scope = clientId ? { clientId } : {};
  const [step, setStep] = useState(0);
  const [criteriaMessage, setCriteriaMessage] = useState<string | null>(null);
  const [saveError, setSaveError] = useState<string | null>(null);
  const form = useForm<ScorecardFormValues>({ initialValues: editing ? formValuesOf(editing) : emptyScorecard() });
  const willVersion = !!editing?.usedAt;

  const invalidate = (ids: string[]) => {
    void queryClient.invalidateQueries({ queryKey: trpc.scorecards.list.queryKey(scope) });
    for (const id of ids) {
      void queryClient.invalidateQueries({ queryKey: trpc.scorecards.get.queryKey({ ...scope, id }) });
      void queryClient.invalidateQueries({ queryKey: trpc.scorecards.versions.queryKey({ ...scope, id }) });
    }
  };
  const create = useMutation(trpc.scorecards.create.mutationOptions());
  const update = useMutation(trpc.scorecards.update.mutationOptions());
  const saving = create.isPending || update.isPending;

  const validateDetails = () => {
    const errors = zodResolver(scorecardDetailsInput)(form.values);
    form.setErrors({
      ...Object.fromEntries(
        Object.entries(form.errors).filter(([k]) => !(DETAIL_FIELDS as readonly string[]).includes(k)),
      ),
      ...errors,
    });
    return Object.keys(errors).length === 0;
  };

  const validateCriteria = () => {
    const errors = zodResolver(scorecardCriteriaInput)(form.values);
    const others = Object.fromEntries(Object.entries(form.errors).filter(([k]) => !k.startsWith('criteria')));
    form.setErrors({ ...others, ...errors });
    const messages = Object.values(errors);
    // "fill in all required fields" first: it is what blocks most often
    setCriteriaMessage(messages.includes(REQUIRED_KEY) ? REQUIRED_KEY : (messages[0] ?? null));
    return messages.length === 0;
  };

  const next = () => {
    if (step === 0 && !validateDetails()) return;
    if (step === 1 && !validateCriteria()) return;
    setSaveError(null);
    setStep((s) => Math.min(2, s + 1));
  };

  const addCriterion = () => {
    if (form.values.criteria.length >= MAX_CRITERIA) {
      setCriteriaMessage('scorecards.validation.criteriaMax');
      return;
    }
    setCriteriaMessage(null);
    form.insertListItem('criteria', emptyCriterion());
  };

  const removeCriterion = (index: number) => {
    if (form.values.criteria.length <= 1) {
      setCriteriaMessage('scorecards.validation.criteriaMin');
      return;
    }
    setCriteriaMessage(null);
    form.removeListItem('criteria', index);
  };

  const save = async () => {
    // both steps again: a value may have been changed after going back
    if (!validateDetails()) return setStep(0);
    if (!validateCriteria()) return setStep(1);
    setSaveError(null);
    const input = { ...scope, ...toInput(form.values) };
    try {
      if (editing) {
        const saved = await update.mutateAsync({ ...input, id: editing.id });
        invalidate([editing.id, saved.id]);
        notifySuccess(
          saved.newVersion
            ? t('notifications.newVersion', { name: saved.name, version: saved.version })
            : t('notifications.updated', { name: saved.name }),
        );
      } else {
        const saved = await create.mutateAsync(input);
        invalidate([]);
        notifySuccess(t('notifications.created', { name: saved.name }));
      }
      onClose();
    } catch (e) {
      const message = t(editing ? 'errors.updateFailed' : 'errors.createFailed', { message: serverReason(t, e) });
      setSaveError(message);
      notifyError(message);
      const fields = Object.keys(errorInfo(e).fieldErrors ?? {});
      if (fields.some((f) => (DETAIL_FIELDS as readonly string[]).includes(f))) setStep(0);
      else if (fields.includes('criteria')) setStep(1);
    }
  };

  const detailError = (field: (typeof DETAIL_FIELDS)[number]) => fieldErrorText(t, form.errors[field]);
  const count = form.values.criteria.length;
  // the "fill in all fields" message goes away once every flagged field has been edited
  const showCriteriaMessage =
    criteriaMessage !== null &&
    (criteriaMessage !== REQUIRED_KEY || Object.keys(form.errors).some((k) => k.startsWith('criteria.')));

  const field = fieldsWithErrors(form, detailError);
  /** A step's name, and what it is for beside it on wider screens. */
  const stepText = (step: 'details' | 'criteria' | 'review') => ({
    label: t(`wizard.steps.${step}`),
    description: mobile ? undefined : t(`wizard.steps.${step}Description`),
  });
  return (
    <WizardModal
      ns="scorecards"
      editing={!!editing}
      step={step}
      lastStep={2}
      saving={saving}
      onClose={onClose}
      setStep={setStep}
      onNext={next}
      onSave={save}
    >
      {willVersion && (
        <Alert color="blue" role="status">
          {t('wizard.newVersionNotice', { version: (editing?.version ?? 1) + 1 })}
        </Alert>
      )}
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} allowNextStepsSelect={false} size="sm" wrap>
        <Stepper.Step {...stepText('details')}>
          <Stack mt="md">
            <TextInput
              label={t('wizard.general.name')}
              placeholder={t('wizard.general.namePlaceholder')}
              withAsterisk
              maxLength={LIMITS.name}
              data-autofocus
              {...field('name')}
            />
            <IconSelect
              label={t('wizard.general.icon')}
              names={SCORECARD_ICONS}
              fallback="clipboard-check"
              optionLabel={(name) => t(`icons.${name}`)}
              withAsterisk
              value={form.values.icon}
              onChange={(name) => form.setFieldValue('icon', name)}
              error={detailError('icon')}
            />
            <TextInput
              label={t('wizard.general.shortDescription')}
              description={t('wizard.general.shortDescriptionHint')}
              withAsterisk
              maxLength={LIMITS.shortDescription}
              {...field('shortDescription')}
            />
            <Textarea
              label={t('wizard.general.longDescription')}
              description={t('wizard.general.longDescriptionHint')}
              autosize
              minRows={3}
              maxRows={10}
              maxLength={LIMITS.longDescription}
              {...field('longDescription')}
            />
          </Stack>
        </Stepper.Step>

        <Stepper.Step {...stepText('criteria')}>
          <Stack mt="md">
            <Text size="sm" c="dimmed">
              {t('wizard.criteria.intro')}
            </Text>
            {showCriteriaMessage && <ErrorAlert>{translateMessageKey(t, criteriaMessage)}</ErrorAlert>}
            {form.values.criteria.map((c, index) => (
              <CriterionCard
                key={c.key}
                form={form}
                index={index}
                count={count}
                onRemove={() => removeCriterion(index)}
              />
            ))}
            <Group justify="space-between">
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={addCriterion}
                disabled={count >= MAX_CRITERIA}
              >
                {t('wizard.criteria.add')}
              </Button>
              <Text size="sm" c="dimmed" aria-live="polite">
                {t('wizard.criteria.count', { count, max: MAX_CRITERIA })}
              </Text>
            </Group>
            {count >= MAX_CRITERIA && (
              <Text size="sm" c="orange.8" role="status">
                {t('wizard.criteria.maxReached')}
              </Text>
            )}
          </Stack>
        </Stepper.Step>

        <Stepper.Step {...stepText('review')}>
          <Stack mt="md">
            {saveError && <ErrorAlert>{saveError}</ErrorAlert>}
            <ScorecardReview values={form.values} />
          </Stack>
        </Stepper.Step>
      </Stepper>
    </WizardModal>
  );
}
