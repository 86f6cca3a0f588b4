import { Badge, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { renderText } from '../../../server/contracts/scenario/render';
import type { SimulationOptions } from '../../../server/contracts/simulations';
import type { ScenarioState, SimulationFormValues } from './simulation-form';
import { SimulationIcon } from './simulation-icon';

function Field({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed" component="dt">
        {label}
      </Text>
      <Text size="sm" component="dd" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </div>
  );
}

/** One part of the review: its heading and its facts, two columns on a wide screen. */
function ReviewSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id}>
      <Title order={3} size="h5" id={id} mb="xs">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} component="dl" m={0} spacing="xs">
        {children}
      </SimpleGrid>
    </Paper>
  );
}

/** Step 4: everything the user chose, read-only, before saving. */
export function ReviewStep({
  values,
  state,
  options,
}: {
  values: SimulationFormValues;
  state: ScenarioState;
  options: SimulationOptions | undefined;
}) {
  const { t } = useTranslation('simulations');
  const none = t('wizard.review.none');
  const nameOf = (list: { id: string; name: string }[] | undefined, id: string | null) =>
    id ? (list?.find((x) => x.id === id)?.name ?? none) : none;
  const instructionsLabel = values.callInstructionsId
    ? (options?.callInstructions.find((x) => x.id === values.callInstructionsId)?.label ?? none)
    : none;
  return (
    <Stack mt="md">
      <Text size="sm" c="dimmed">
        {t('wizard.review.intro')}
      </Text>
      <ReviewSection id="review-details" title={t('wizard.review.details')}>
        <Field label={t('wizard.details.name')} value={values.name} />
        <Field label={t('wizard.details.difficulty')} value={t(`difficulty.${values.difficulty}`)} />
        <Field
          label={t('wizard.details.timeLimit')}
          value={values.timeLimitMinutes === '' ? none : String(values.timeLimitMinutes)}
        />
        <Field label={t('wizard.details.language')} value={t(`languages.${values.language}`)} />
        <Field label={t('wizard.details.useCase')} value={values.useCase || none} />
        <div>
          <Text size="xs" c="dimmed" component="dt">
            {t('wizard.details.icon')}
          </Text>
          <Text size="sm" component="dd" m={0}>
            <SimulationIcon name={values.icon} size={16} /> {t(`icons.${values.icon}`)}
          </Text>
        </div>
        <Field
          label={t('wizard.details.assessment')}
          value={values.availableAsAssessment ? t('wizard.review.assessmentYes') : t('wizard.review.assessmentNo')}
        />
        <Field label={t('wizard.details.instructions')} value={values.instructions || none} />
      </ReviewSection>
      <ReviewSection id="review-participants" title={t('wizard.review.participants')}>
        <Field label={t('wizard.participants.persona')} value={nameOf(options?.personas, values.personaId)} />
        <Field label={t('wizard.participants.learnerRole')} value={t(`learnerRoles.${values.learnerRole}`)} />
        <Field label={t('wizard.participants.learnerTeam')} value={t(`learnerTeams.${values.learnerTeam}`)} />
        <Field label={t('wizard.participants.icp')} value={nameOf(options?.icps, values.icpId)} />
        <Field
          label={t('wizard.participants.product')}
          value={nameOf(options?.productGroupings, values.productGroupingId)}
        />
        <Field label={t('wizard.participants.callInstructions')} value={instructionsLabel} />
        <Field label={t('wizard.participants.scorecard')} value={nameOf(options?.scorecards, values.scorecardId)} />
        <Field label={t('wizard.participants.criteriaQuantity')} value={String(values.criteriaQuantity)} />
        {(
          [
            ['simulationPrompt', options?.simulationPrompts, values.simulationPromptId],
            ['reportPrompt', options?.evaluationPrompts, values.reportPromptId],
          ] as const
        ).map(([key, prompts, id]) => (
          <Field
            key={key}
            label={t(`wizard.participants.${key}`)}
            value={id ? nameOf(prompts, id) : t('wizard.participants.systemDefault')}
          />
        ))}
      </ReviewSection>
      <Paper withBorder p="md" component="section" aria-labelledby="review-scenario">
        <Title order={3} size="h5" id="review-scenario" mb="xs">
          {t('wizard.review.scenario')}
        </Title>
        {state.scenario ? (
          <Stack gap="xs">
            {state.origin === 'offline' && (
              <Badge color="gray" variant="light" tt="none">
                {t('wizard.scenario.offlineLabel')}
              </Badge>
            )}
            {state.origin === 'manual' && (
              <Badge color="blue" variant="light" tt="none">
                {t('wizard.scenario.manualLabel')}
              </Badge>
            )}
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {(state.scenario.variables
                ? renderText(state.scenario.narrative.summary, state.scenario.variables)
                : state.scenario.narrative.summary) || t('errors.noScenario')}
            </Text>
          </Stack>
        ) : (
          <Text size="sm" c="dimmed">
            {t('wizard.review.noScenario')}
          </Text>
        )}
      </Paper>
    </Stack>
  );
}
