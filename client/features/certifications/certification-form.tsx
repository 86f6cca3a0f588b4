import {
  ActionIcon,
  Button,
  Checkbox,
  Fieldset,
  Group,
  NumberInput,
  Select,
  Stack,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowDown, IconArrowUp, IconPlus, IconTrash } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { certificationValues, type CertificationDetail } from '../../../server/contracts/certifications';
import { FormModal } from '../../components/modal-footer';
import { ErrorAlert } from '../../components/status-alerts';
import { errorInfo, fieldErrorText, serverFieldErrors, serverReason } from '../../lib/errors';
import { notifySuccess } from '../../lib/notify';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { useCertificationsTranslation } from './shared';

const MAX_STEPS = 10;
const MAX_LEVELS = 10;

interface LevelValues {
  key: string;
  criterion: string;
  level: string;
}
interface StepValues {
  key: string;
  simulationId: string | null;
  minScore: number | string;
  minLevels: LevelValues[];
  evidenceRequired: boolean;
}
interface FormValues {
  name: string;
  description: string;
  /** Empty: the certificate does not expire. */
  expiryMonths: number | string;
  /** Empty: no limit. */
  maxAttempts: number | string;
  steps: StepValues[];
}

let nextKey = 0;
const newKey = () => `k${++nextKey}`;
const emptyStep = (): StepValues => ({
  key: newKey(),
  simulationId: null,
  minScore: '',
  minLevels: [],
  evidenceRequired: true,
});
const optionalNumber = (v: number | string) => (v === '' ? null : Number(v));

/** The form's values as the server takes them (checked by the same schema). */
function toValues(v: FormValues) {
  return {
    name: v.name,
    description: v.description,
    expiryMonths: optionalNumber(v.expiryMonths),
    maxAttempts: optionalNumber(v.maxAttempts),
    steps: v.steps.map((s) => ({
      simulationId: s.simulationId ?? '',
      minScore: optionalNumber(s.minScore),
      minLevels: s.minLevels.map((l) => ({ criterion: l.criterion, level: Number(l.level) })),
      evidenceRequired: s.evidenceRequired,
    })),
  };
}

function initialValues(c: CertificationDetail | null): FormValues {
  if (!c) return { name: '', description: '', expiryMonths: '', maxAttempts: '', steps: [emptyStep()] };
  return {
    name: c.name,
    description: c.description,
    expiryMonths: c.expiryMonths ?? '',
    maxAttempts: c.maxAttempts ?? '',
    steps: c.steps.map((s) => ({
      key: newKey(),
      simulationId: s.simulationId,
      minScore: s.minScore ?? '',
      minLevels: s.minLevels.map((l) => ({ key: newKey(), criterion: l.criterion, level: String(l.level) })),
      evidenceRequired: s.evidenceRequired,
    })),
  };
}

const validateSchema = zodResolver(certificationValues);

/**
 * The create/edit form of a certification: name, description, expiry and attempts, then 1–10
 * ordered steps, each a simulation with its pass rule (a minimum score and/or minimum levels on
 * named criteria, evidence required or not). The schema's and the server's messages show next to
 * the fields; a refusal that names no field (already attempted) shows above the buttons.
 */
export function CertificationForm({
  certification,
  onClose,
  onSaved,
}: {
  certification: CertificationDetail | null;
  onClose: () => void;
  onSaved?: (id: string) => void;
}) {
  const { t } = useCertificationsTranslation();
  const fullScreen = useMediaQuery('(max-width: 48em)');
  const queryClient = useQueryClient();
  const simulations = useQuery(trpc.simulations.list.queryOptions({}));
  const create = useMutation(trpc.certifications.create.mutationOptions());
  const update = useMutation(trpc.certifications.update.mutationOptions());
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<FormValues>({
    initialValues: initialValues(certification),
    validate: (values) => validateSchema(toValues(values)),
  });
  const err = (path: string) => fieldErrorText(t, form.errors[path]);
  const options = (simulations.data ?? []).map((s) => ({ value: s.id, label: s.name }));

  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    const parsed = certificationValues.parse(toValues(values));
    try {
      const saved = certification
        ? await update.mutateAsync({ id: certification.id, values: parsed })
        : await create.mutateAsync(parsed);
      await queryClient.invalidateQueries({ queryKey: trpc.certifications.pathKey() });
      notifySuccess(t(certification ? 'form.updated' : 'form.created', { name: parsed.name }));
      onClose();
      onSaved?.(saved.id);
    } catch (e) {
      const fields = serverFieldErrors(e);
      const { details } = errorInfo(e);
      if (fields) form.setErrors(fields);
      else if (typeof details?.field === 'string' && typeof details.messageKey === 'string')
        form.setErrors({ [details.field]: details.messageKey });
      else setFormError(serverReason(t, e));
    }
  });

  const steps = form.values.steps;
  return (
    <FormModal
      onClose={onClose}
      title={t(certification ? 'form.editTitle' : 'form.createTitle')}
      size="xl"
      fullScreen={fullScreen}
      centered={false}
      onSubmit={submit}
      noValidate
      cancelLabel={t('form.cancel')}
      confirmLabel={t(certification ? 'form.save' : 'form.create')}
      loading={create.isPending || update.isPending}
      lockWhileLoading
    >
      <TextInput
        label={t('form.name')}
        withAsterisk
        data-autofocus
        {...form.getInputProps('name')}
        error={err('name')}
      />
      <Textarea
        label={t('form.description')}
        autosize
        minRows={2}
        maxRows={8}
        {...form.getInputProps('description')}
        error={err('description')}
      />
      <Group grow align="flex-start" wrap="wrap" preventGrowOverflow={false}>
        <NumberInput
          label={t('form.expiryMonths')}
          description={t('form.expiryHelp')}
          min={1}
          max={120}
          allowDecimal={false}
          miw={200}
          {...form.getInputProps('expiryMonths')}
          error={err('expiryMonths')}
        />
        <NumberInput
          label={t('form.maxAttempts')}
          description={t('form.maxAttemptsHelp')}
          min={1}
          max={100}
          allowDecimal={false}
          miw={200}
          {...form.getInputProps('maxAttempts')}
          error={err('maxAttempts')}
        />
      </Group>
      <Stack gap="sm" component="section" aria-label={t('form.steps')}>
        <Text fw={600}>{t('form.steps')}</Text>
        <Text size="sm" c="dimmed">
          {t('form.stepsHelp')}
        </Text>
        {steps.map((step, i) => (
          <Fieldset key={step.key} legend={t('form.step', { number: i + 1 })} data-testid="step-fields">
            <Stack gap="sm">
              <Group justify="flex-end" gap={4}>
                <ActionIcon
                  variant="subtle"
                  disabled={i === 0}
                  aria-label={t('form.moveUp', { number: i + 1 })}
                  onClick={() => form.reorderListItem('steps', { from: i, to: i - 1 })}
                >
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  disabled={i === steps.length - 1}
                  aria-label={t('form.moveDown', { number: i + 1 })}
                  onClick={() => form.reorderListItem('steps', { from: i, to: i + 1 })}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={steps.length === 1}
                  aria-label={t('form.removeStep', { number: i + 1 })}
                  onClick={() => form.removeListItem('steps', i)}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
              <Select
                label={t('form.simulation')}
                placeholder={simulations.isPending ? t('form.loadingSimulations') : t('form.pickSimulation')}
                withAsterisk
                searchable
                data={options}
                nothingFoundMessage={t('form.noSimulation')}
                {...form.getInputProps(`steps.${i}.simulationId`)}
                error={err(`steps.${i}.simulationId`)}
              />
              <NumberInput
                label={t('form.minScore')}
                description={t('form.minScoreHelp')}
                min={0}
                max={100}
                w={220}
                maw="100%"
                {...form.getInputProps(`steps.${i}.minScore`)}
                error={err(`steps.${i}.minScore`)}
              />
              <Stack gap="xs">
                <Text size="sm" fw={500}>
                  {t('form.minLevels')}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('form.minLevelsHelp')}
                </Text>
                {step.minLevels.map((level, j) => (
                  <Group key={level.key} align="flex-start" gap="xs" wrap="wrap">
                    <TextInput
                      label={t('form.criterion')}
                      style={{ flex: '1 1 200px' }}
                      {...form.getInputProps(`steps.${i}.minLevels.${j}.criterion`)}
                      error={err(`steps.${i}.minLevels.${j}.criterion`)}
                    />
                    <Select
                      label={t('form.level')}
                      w={140}
                      allowDeselect={false}
                      data={['1', '2'].map((v) => ({ value: v, label: t('form.levelOption', { level: v }) }))}
                      {...form.getInputProps(`steps.${i}.minLevels.${j}.level`)}
                      error={err(`steps.${i}.minLevels.${j}.level`)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={28}
                      aria-label={t('form.removeLevel', { number: j + 1 })}
                      onClick={() => form.removeListItem(`steps.${i}.minLevels`, j)}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  </Group>
                ))}
                {err(`steps.${i}.minLevels`) && (
                  <Text size="xs" c="red">
                    {err(`steps.${i}.minLevels`)}
                  </Text>
                )}
                <Group>
                  <Button
                    size="xs"
                    variant="light"
                    leftSection={<IconPlus size={14} aria-hidden />}
                    disabled={step.minLevels.length >= MAX_LEVELS}
                    onClick={() =>
                      form.insertListItem(`steps.${i}.minLevels`, { key: newKey(), criterion: '', level: '1' })
                    }
                  >
                    {t('form.addLevel')}
                  </Button>
                </Group>
              </Stack>
              <Checkbox
                label={t('form.evidenceRequired')}
                description={t('form.evidenceHelp')}
                {...form.getInputProps(`steps.${i}.evidenceRequired`, { type: 'checkbox' })}
              />
            </Stack>
          </Fieldset>
        ))}
        {err('steps') && (
          <Text size="sm" c="red" role="alert">
            {err('steps')}
          </Text>
        )}
        <Group>
          <Button
            variant="light"
            leftSection={<IconPlus size={16} aria-hidden />}
            disabled={steps.length >= MAX_STEPS}
            onClick={() => form.insertListItem('steps', emptyStep())}
          >
            {t('form.addStep')}
          </Button>
        </Group>
      </Stack>
      {formError && <ErrorAlert>{formError}</ErrorAlert>}
    </FormModal>
  );
}
