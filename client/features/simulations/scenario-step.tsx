import { useEffect, useState } from 'react';
import { Alert, Badge, Button, Group, Progress, Stack, Text, Textarea } from '@mantine/core';
import { IconAlertTriangle, IconCloudOff, IconSparkles } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Scenario } from '../../../server/contracts/scenario/render';
import { scenarioDraftInput, type SimulationOptions } from '../../../server/contracts/simulations';
import { errorInfo, translateMessageKey, serverReason } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import { PromptDisclosure } from './prompt-disclosure';
import { ScenarioView } from './scenario-view';
import { scenarioFromGeneration, toDraft, type ScenarioState, type SimulationFormValues } from './simulation-form';
import { notifySuccess } from '../../lib/notify';

/** Typical seconds of the first model step; after it the progress text moves to the narrative. */
const VARIABLES_STEP_SECONDS = 6;

interface Props {
  values: SimulationFormValues;
  options: SimulationOptions | undefined;
  state: ScenarioState;
  onChange: (next: ScenarioState) => void;
  simulationId: string | null;
  clientId?: string;
}

/** Why "Generate scenario" is not possible yet (an i18n key), or null. */
function generateBlocker(values: SimulationFormValues, options: SimulationOptions | undefined): string | null {
  const parsed = scenarioDraftInput.safeParse(toDraft(values, null));
  if (!parsed.success) {
    const required = parsed.error.issues.find((i) => i.message === 'simulations.validation.requiredForScenario');
    return required ? required.message : parsed.error.issues[0].message;
  }
  const card = options?.scorecards.find((c) => c.id === values.scorecardId);
  if (card && !card.criteria.some((c) => c.includeInScenario)) return 'simulations.validation.criterionRequired';
  return null;
}

/** Step 3: generate the scenario (model or offline), show progress, edit it by double-click. */
export function ScenarioStep({ values, options, state, onChange, simulationId, clientId }: Props) {
  const { t } = useTranslation('simulations');
  const queryClient = useQueryClient();
  const scope = clientId ? { clientId } : {};
  const generate = useMutation(trpc.simulations.generateScenario.mutationOptions());
  const [phase, setPhase] = useState<'variables' | 'narrative'>('variables');
  const [failure, setFailure] = useState<string | null>(null);
  const blocker = generateBlocker(values, options);

  useEffect(() => {
    if (!generate.isPending) return;
    setPhase('variables');
    const timer = setTimeout(() => setPhase('narrative'), VARIABLES_STEP_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [generate.isPending]);

  const run = async () => {
    if (blocker) return;
    setFailure(null);
    try {
      const g = await generate.mutateAsync({ ...scope, ...toDraft(values, simulationId) });
      onChange({
        scenario: scenarioFromGeneration(g, values.language),
        origin: g.source,
        generationId: g.scenarioGenerationId,
        lastGeneration: g,
      });
      if (g.stored && simulationId) {
        void queryClient.invalidateQueries({ queryKey: trpc.simulations.list.queryKey(scope) });
        void queryClient.invalidateQueries({ queryKey: trpc.simulations.get.queryKey({ ...scope, id: simulationId }) });
        void queryClient.invalidateQueries({
          queryKey: trpc.simulations.generations.queryKey({ ...scope, simulationId }),
        });
      }
      notifySuccess(t('notifications.generated'));
    } catch (e) {
      // the first step succeeded when the narrative failed: say which one
      const info = errorInfo(e);
      const reason = info.appCode === 'AI_GENERATION_FAILED' ? t('errors.aiFailed') : serverReason(t, e);
      setFailure(info.details?.task === 'scenario_narrative' ? `${t('errors.narrativeFailed')}: ${reason}` : reason);
    }
  };

  const proceedManually = () => {
    setFailure(null);
    onChange({
      scenario: state.scenario ?? { variables: null, narrative: { summary: '', opening_line: '' } },
      origin: 'manual',
      generationId: state.generationId,
      lastGeneration: state.lastGeneration,
    });
  };

  const edit = (next: Scenario) => onChange({ ...state, scenario: next, origin: 'manual' });
  const scenario = state.scenario;
  const handWritten = scenario && !scenario.variables && state.origin === 'manual';

  return (
    <Stack mt="md">
      <Text size="sm" c="dimmed">
        {t('wizard.scenario.intro')}
      </Text>

      <Group gap="sm" align="center">
        <Button
          leftSection={<IconSparkles size={16} aria-hidden />}
          onClick={() => void run()}
          disabled={!!blocker || generate.isPending}
          loading={generate.isPending}
        >
          {scenario ? t('wizard.scenario.regenerate') : t('wizard.scenario.generate')}
        </Button>
        {scenario && !generate.isPending && (
          <Text size="xs" c="dimmed">
            {t('wizard.scenario.regenerateNote')}
          </Text>
        )}
      </Group>
      {blocker && (
        <Alert color="yellow" role="status" icon={<IconAlertTriangle size={18} aria-hidden />}>
          {translateMessageKey(t, blocker)}
        </Alert>
      )}

      {generate.isPending && (
        <Stack gap={6} role="status" aria-live="polite">
          <Progress value={100} animated striped aria-label={t('wizard.scenario.generating')} />
          <Text size="sm">
            {phase === 'variables' ? t('wizard.scenario.stepVariables') : t('wizard.scenario.stepNarrative')}
          </Text>
        </Stack>
      )}

      {failure && !generate.isPending && (
        <Alert
          color="red"
          role="alert"
          title={t('wizard.scenario.errorTitle')}
          icon={<IconAlertTriangle size={18} aria-hidden />}
        >
          <Stack gap="xs">
            <Text size="sm">{failure}</Text>
            <Group gap="xs">
              <Button size="xs" color="red" onClick={() => void run()} disabled={!!blocker}>
                {t('wizard.scenario.tryAgain')}
              </Button>
              <Button size="xs" variant="default" onClick={proceedManually}>
                {t('wizard.scenario.proceedManually')}
              </Button>
            </Group>
          </Stack>
        </Alert>
      )}

      {scenario && !generate.isPending && (
        <Stack gap="sm">
          <Group gap="xs">
            {state.origin === 'offline' && (
              <Badge color="gray" variant="light" leftSection={<IconCloudOff size={14} aria-hidden />} tt="none">
                {t('wizard.scenario.offlineLabel')}
              </Badge>
            )}
            {state.origin === 'model' && (
              <Badge color="violet" variant="light" tt="none">
                {t('wizard.scenario.modelLabel', { model: state.lastGeneration?.model ?? '' })}
              </Badge>
            )}
            {state.origin === 'manual' && (
              <Badge color="blue" variant="light" tt="none">
                {t('wizard.scenario.manualLabel')}
              </Badge>
            )}
          </Group>
          {state.lastGeneration?.stored && simulationId && (
            <Text size="xs" c="dimmed">
              {t('wizard.scenario.storedNote')}
            </Text>
          )}
          {handWritten ? (
            <Stack gap="sm">
              <Text size="sm">{t('wizard.scenario.manualIntro')}</Text>
              <Textarea
                label={t('wizard.scenario.summary')}
                withAsterisk
                autosize
                minRows={4}
                value={scenario.narrative.summary}
                onChange={(e) =>
                  edit({ ...scenario, narrative: { ...scenario.narrative, summary: e.currentTarget.value } })
                }
              />
              <Textarea
                label={t('wizard.scenario.openingLine')}
                autosize
                minRows={1}
                value={scenario.narrative.opening_line}
                onChange={(e) =>
                  edit({ ...scenario, narrative: { ...scenario.narrative, opening_line: e.currentTarget.value } })
                }
              />
            </Stack>
          ) : (
            <>
              <Text size="xs" c="dimmed">
                {t('wizard.scenario.editHint')}
              </Text>
              <ScenarioView scenario={scenario} language={values.language} onChange={edit} />
            </>
          )}
          <PromptDisclosure
            lastGeneration={state.lastGeneration}
            simulationId={simulationId}
            generationId={state.generationId}
            clientId={clientId}
          />
        </Stack>
      )}
    </Stack>
  );
}
