import { Badge, Divider, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ScenarioValues, ScenarioVariablesValues } from '../../../server/routers/simulations/schema';
import { EditableText } from './editable-text';

type StringField = { [K in keyof ScenarioVariablesValues]: ScenarioVariablesValues[K] extends string ? K : never }[keyof ScenarioVariablesValues];
type ListField = 'pain_points' | 'goals' | 'competitors' | 'success_signals';

const STRING_FIELDS: [StringField, string][] = [
  ['prospect_name', 'prospectName'],
  ['prospect_role', 'prospectRole'],
  ['company_name', 'companyName'],
  ['company_size', 'companySize'],
  ['industry', 'industry'],
  ['budget', 'budget'],
  ['timeline', 'timeline'],
];
const LONG_FIELDS: [StringField, string][] = [
  ['current_situation', 'currentSituation'],
  ['decision_process', 'decisionProcess'],
];
const LIST_FIELDS: [ListField, string][] = [
  ['pain_points', 'painPoints'],
  ['goals', 'goals'],
  ['competitors', 'competitors'],
  ['success_signals', 'successSignals'],
];

interface Props {
  scenario: ScenarioValues;
  onChange: (next: ScenarioValues) => void;
}

/** The generated scenario, every text editable by double-click. */
export function ScenarioView({ scenario, onChange }: Props) {
  const { t } = useTranslation('simulations');
  const label = (k: string) => t(`wizard.scenario.${k}`);
  const setNarrative = (key: 'summary' | 'opening_line', value: string) => onChange({ ...scenario, narrative: { ...scenario.narrative, [key]: value } });
  const vars = scenario.variables;
  const setVars = (next: ScenarioVariablesValues) => onChange({ ...scenario, variables: next });

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="scenario-narrative-title">
        <Stack gap="xs">
          <Title order={3} size="h5" id="scenario-narrative-title">
            {label('narrative')}
          </Title>
          <Text size="xs" fw={600}>
            {label('summary')}
          </Text>
          <EditableText label={label('summary')} value={scenario.narrative.summary} onChange={(v) => setNarrative('summary', v)} />
          <Text size="xs" fw={600}>
            {label('openingLine')}
          </Text>
          <EditableText label={label('openingLine')} value={scenario.narrative.opening_line} onChange={(v) => setNarrative('opening_line', v)} />
        </Stack>
      </Paper>

      {vars && (
        <Paper withBorder p="md" component="section" aria-labelledby="scenario-variables-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="scenario-variables-title">
              {label('variables')}
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {STRING_FIELDS.map(([field, key]) => (
                <Stack key={field} gap={2}>
                  <Text size="xs" fw={600}>
                    {label(key)}
                  </Text>
                  <EditableText label={label(key)} value={vars[field]} onChange={(v) => setVars({ ...vars, [field]: v })} />
                </Stack>
              ))}
            </SimpleGrid>
            {LONG_FIELDS.map(([field, key]) => (
              <Stack key={field} gap={2}>
                <Text size="xs" fw={600}>
                  {label(key)}
                </Text>
                <EditableText label={label(key)} value={vars[field]} onChange={(v) => setVars({ ...vars, [field]: v })} />
              </Stack>
            ))}
            <Divider />
            {LIST_FIELDS.map(([field, key]) => (
              <Stack key={field} gap={4}>
                <Text size="xs" fw={600}>
                  {label(key)}
                </Text>
                <Stack gap={4} component="ul" m={0} pl="md">
                  {vars[field].map((item, i) => (
                    <li key={i}>
                      <EditableText
                        label={t('wizard.scenario.item', { label: label(key), number: i + 1 })}
                        value={item}
                        onChange={(v) => setVars({ ...vars, [field]: vars[field].map((x, j) => (j === i ? v : x)) })}
                      />
                    </li>
                  ))}
                </Stack>
              </Stack>
            ))}
            <Stack gap={4}>
              <Text size="xs" fw={600}>
                {label('objections')}
              </Text>
              {vars.objections.map((o, i) => (
                <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                  <Badge variant="light" color="orange" style={{ flexShrink: 0 }}>
                    {i + 1}
                  </Badge>
                  <Stack gap={2} style={{ flex: 1 }}>
                    <EditableText
                      label={t('wizard.scenario.item', { label: label('objection'), number: i + 1 })}
                      value={o.objection}
                      onChange={(v) => setVars({ ...vars, objections: vars.objections.map((x, j) => (j === i ? { ...x, objection: v } : x)) })}
                    />
                    <EditableText
                      dimmed
                      label={t('wizard.scenario.item', { label: label('surfacesWhen'), number: i + 1 })}
                      value={o.surfaces_when}
                      onChange={(v) => setVars({ ...vars, objections: vars.objections.map((x, j) => (j === i ? { ...x, surfaces_when: v } : x)) })}
                    />
                  </Stack>
                </Group>
              ))}
            </Stack>
            <Stack gap={4}>
              <Text size="xs" fw={600}>
                {label('hiddenInformation')}
              </Text>
              {vars.hidden_information.map((h, i) => (
                <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
                  <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
                    {i + 1}
                  </Badge>
                  <Stack gap={2} style={{ flex: 1 }}>
                    <EditableText
                      label={t('wizard.scenario.item', { label: label('information'), number: i + 1 })}
                      value={h.information}
                      onChange={(v) => setVars({ ...vars, hidden_information: vars.hidden_information.map((x, j) => (j === i ? { ...x, information: v } : x)) })}
                    />
                    <EditableText
                      dimmed
                      label={t('wizard.scenario.item', { label: label('revealWhen'), number: i + 1 })}
                      value={h.reveal_when}
                      onChange={(v) => setVars({ ...vars, hidden_information: vars.hidden_information.map((x, j) => (j === i ? { ...x, reveal_when: v } : x)) })}
                    />
                  </Stack>
                </Group>
              ))}
            </Stack>
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
