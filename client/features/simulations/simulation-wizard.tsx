import { useState } from 'react';
import { Alert, Button, Group, Loader, Stepper, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMediaQuery } from '@mantine/hooks';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import {
  scenarioInput,
  simulationDetailsInput,
  simulationParticipantsInput,
  type SimulationDetail,
} from '../../../server/contracts/simulations';
import { errorInfo, translateMessageKey, serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { zodResolver } from '../../lib/zod-resolver';
import { DetailsStep } from './details-step';
import { ParticipantsStep } from './participants-step';
import { ReviewStep } from './review-step';
import { ScenarioStep } from './scenario-step';
import {
  DETAIL_FIELDS,
  emptySimulation,
  formValuesOf,
  PARTICIPANT_FIELDS,
  scenarioStateOf,
  toInput,
  type ScenarioState,
  type SimulationFormValues,
} from './simulation-form';
import { notifyError, notifySuccess } from '../../lib/notify';
import { WizardModal } from '../../components/wizard-modal';

interface Props {
  onClose: () => void;
  clientId?: string;
  /** The simulation being edited; absent when creating. */
  editing?: SimulationDetail | null;
}

const LAST_STEP = 3;
const STEP_KEYS = ['details', 'participants', 'scenario', 'review'] as const;

/** The 4-step simulation wizard (Simulation Details → Participants → Scenario → Review), for creating and editing. */
export function SimulationWizard({ onClose, clientId, editing }: Props) {
  const { t } = useTranslation('simulations');
  const queryClient = useQueryClient();
  const mobile = useMediaQuery('(max-width: 48em)');
  const scope = clientId ? { clientId } : {};
  const options = useQuery(trpc.simulations.options.queryOptions(scope));
  const [step, setStep] = useState(0);
  const [saveError, setSaveError] = useState<string | null>(null);
  const [scenarioError, setScenarioError] = useState<string | null>(null);
  const form = useForm<SimulationFormValues>({ initialValues: editing ? formValuesOf(editing) : emptySimulation() });
  const [scenario, setScenario] = useState<ScenarioState>(() =>
    editing ? scenarioStateOf(editing) : { scenario: null, origin: null, generationId: null, lastGeneration: null },
  );
  const create = useMutation(trpc.simulations.create.mutationOptions());
  const update = useMutation(trpc.simulations.update.mutationOptions());
  const saving = create.isPending || update.isPending;

  const validate = (
    fields: readonly string[],
    schema: typeof simulationDetailsInput | typeof simulationParticipantsInput,
  ) => {
    const errors = zodResolver(schema)(toInput(form.values, scenario));
    const others = Object.fromEntries(Object.entries(form.errors).filter(([k]) => !fields.includes(k)));
    form.setErrors({ ...others, ...errors });
    return Object.keys(errors).length === 0;
  };
  const validateDetails = () => validate(DETAIL_FIELDS, simulationDetailsInput);
  const validateParticipants = () => validate(PARTICIPANT_FIELDS, simulationParticipantsInput);
  const validateScenario = () => {
    if (!scenario.scenario) {
      setScenarioError(null);
      return true;
    }
    const r = scenarioInput.safeParse(scenario.scenario);
    setScenarioError(r.success ? null : r.error.issues[0].message);
    return r.success;
  };

  const next = () => {
    if (step === 0 && !validateDetails()) return;
    if (step === 1 && !validateParticipants()) return;
    if (step === 2 && !validateScenario()) return;
    setSaveError(null);
    setStep((s) => Math.min(LAST_STEP, s + 1));
  };

  const save = async () => {
    if (!validateDetails()) return setStep(0);
    if (!validateParticipants()) return setStep(1);
    if (!validateScenario()) return setStep(2);
    setSaveError(null);
    const input = { ...scope, ...toInput(form.values, scenario) };
    try {
      if (editing) {
        const saved = await update.mutateAsync({ ...input, id: editing.id });
        queryClient.setQueryData(trpc.simulations.get.queryKey({ ...scope, id: saved.id }), saved);
        void queryClient.invalidateQueries({
          queryKey: trpc.simulations.generations.queryKey({ ...scope, simulationId: saved.id }),
        });
        notifySuccess(t('notifications.updated', { name: saved.name }));
      } else {
        const saved = await create.mutateAsync(input);
        notifySuccess(t('notifications.created', { name: saved.name }));
      }
      void queryClient.invalidateQueries({ queryKey: trpc.simulations.list.queryKey(scope) });
      onClose();
    } catch (e) {
      const message = `${t(editing ? 'errors.updateFailed' : 'errors.createFailed')}: ${serverReason(t, e)}`;
      setSaveError(message);
      notifyError(message);
      const { fieldErrors, details } = errorInfo(e);
      const fields = [
        ...Object.keys(fieldErrors ?? {}),
        ...(typeof details?.field === 'string' ? [details.field] : []),
      ];
      if (fields.some((f) => (DETAIL_FIELDS as readonly string[]).includes(f))) setStep(0);
      else if (fields.some((f) => (PARTICIPANT_FIELDS as readonly string[]).includes(f))) setStep(1);
      else if (fields.some((f) => f.startsWith('scenario'))) setStep(2);
    }
  };

  return (
    <WizardModal
      ns="simulations"
      editing={!!editing}
      step={step}
      lastStep={LAST_STEP}
      saving={saving}
      onClose={onClose}
      setStep={setStep}
      onNext={next}
      onSave={save}
      closeOnClickOutside={false}
    >
      {options.isError && (
        <Alert color="red" role="alert">
          <Group justify="space-between">
            <Text size="sm">{t('errors.optionsFailed')}</Text>
            <Button size="xs" variant="white" color="red" onClick={() => void options.refetch()}>
              {t('list.retry')}
            </Button>
          </Group>
        </Alert>
      )}
      {/* one row at every width: labels beside the numbers on wide screens, numbers alone on
            narrow ones; the current step's name and purpose are said once, above the form */}
      <Text size="sm" c="dimmed" data-testid="wizard-step-caption">
        {t('wizard.stepOf', {
          n: step + 1,
          total: LAST_STEP + 1,
          name: t(`wizard.steps.${STEP_KEYS[step]}`),
          description: t(`wizard.steps.${STEP_KEYS[step]}Description`),
        })}
      </Text>
      <Stepper active={step} onStepClick={setStep} size="sm" wrap={false} data-testid="simulation-stepper">
        <Stepper.Step label={mobile ? undefined : t('wizard.steps.details')} aria-label={t('wizard.steps.details')}>
          <DetailsStep form={form} />
        </Stepper.Step>
        <Stepper.Step
          label={mobile ? undefined : t('wizard.steps.participants')}
          aria-label={t('wizard.steps.participants')}
        >
          {options.data ? (
            <ParticipantsStep form={form} options={options.data} />
          ) : (
            <Group justify="center" p="xl">
              {options.isPending && <Loader aria-label={t('wizard.loadingOptions')} />}
            </Group>
          )}
        </Stepper.Step>
        <Stepper.Step label={mobile ? undefined : t('wizard.steps.scenario')} aria-label={t('wizard.steps.scenario')}>
          {scenarioError && (
            <Alert color="red" role="alert" mt="md">
              {translateMessageKey(t, scenarioError)}
            </Alert>
          )}
          <ScenarioStep
            values={form.values}
            options={options.data}
            state={scenario}
            onChange={setScenario}
            simulationId={editing?.id ?? null}
            clientId={clientId}
          />
        </Stepper.Step>
        <Stepper.Step label={mobile ? undefined : t('wizard.steps.review')} aria-label={t('wizard.steps.review')}>
          {saveError && (
            <Alert color="red" role="alert" mt="md">
              {saveError}
            </Alert>
          )}
          <ReviewStep values={form.values} state={scenario} options={options.data} />
        </Stepper.Step>
      </Stepper>
    </WizardModal>
  );
}
