import { Divider, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../server/contracts/languages';
import { renderText, tokeniseText, type Scenario } from '../../../server/contracts/scenario/render';
import type { ScenarioVariables } from '../../../server/contracts/scenario/schema';
import { personaNames, speakable } from '../../../server/contracts/speech/first-person';
import { EditableText } from './editable-text';
import { HiddenFacts, NotSpoken, Objections, type ScenarioText } from './scenario-facts';

type StringField = {
  [K in keyof ScenarioVariables]: ScenarioVariables[K] extends string ? K : never;
}[keyof ScenarioVariables];
type ListField = 'pain_points' | 'goals' | 'competitors' | 'success_signals';

/** Fields the prospect says aloud (written in the first person) are marked `voiced`. */
const STRING_FIELDS: [StringField, string][] = [
  ['prospect_name', 'prospectName'],
  ['prospect_role', 'prospectRole'],
  ['company_name', 'companyName'],
  ['company_size', 'companySize'],
  ['industry', 'industry'],
];
const LONG_FIELDS: [StringField, string][] = [
  ['current_situation', 'currentSituation'],
  ['budget', 'budget'],
  ['timeline', 'timeline'],
  ['decision_process', 'decisionProcess'],
];
const LIST_FIELDS: [ListField, string, boolean][] = [
  ['pain_points', 'painPoints', true],
  ['goals', 'goals', true],
  ['competitors', 'competitors', false],
  ['success_signals', 'successSignals', false],
];

interface Props {
  /** Stored shape: names as placeholders (server/contracts/scenario/render.ts). */
  scenario: Scenario;
  language: Language;
  onChange: (next: Scenario) => void;
}

/**
 * The scenario, every text editable by double-click. Texts are shown rendered from the fields, so
 * renaming the company renames it in the summary, the situation and everywhere else; an edited
 * text is stored with the names as placeholders again.
 */
export function ScenarioView({ scenario, language, onChange }: Props) {
  const { t } = useTranslation('simulations');
  const label = (k: string) => t(`wizard.scenario.${k}`);
  const vars = scenario.variables;
  const tx: ScenarioText = {
    show: (text) => (vars ? renderText(text, vars) : text),
    store: (text) => (vars ? tokeniseText(text, vars) : text),
    speakable: (text) =>
      speakable(vars ? renderText(text, vars) : text, {
        language,
        names: vars ? personaNames(vars.prospect_name) : [],
      }) !== null,
  };
  const setNarrative = (key: 'summary' | 'opening_line', value: string) =>
    onChange({ ...scenario, narrative: { ...scenario.narrative, [key]: tx.store(value) } });
  const setVars = (next: ScenarioVariables) => onChange({ ...scenario, variables: next });
  const editable = (field: StringField, key: string, voiced: boolean) => (
    <Stack key={field} gap={2}>
      <Text size="xs" fw={600}>
        {label(key)}
      </Text>
      <EditableText
        label={label(key)}
        value={tx.show(vars![field])}
        // the names themselves are stored as typed; other texts keep referring to them
        onChange={(v) =>
          setVars({ ...vars!, [field]: field === 'company_name' || field === 'prospect_name' ? v : tx.store(v) })
        }
      />
      {voiced && <NotSpoken text={vars![field]} tx={tx} />}
    </Stack>
  );

  return (
    <Stack gap="md">
      <Paper withBorder p="md" component="section" aria-labelledby="scenario-narrative-title">
        <Stack gap="xs">
          <Title order={3} size="h5" id="scenario-narrative-title">
            {label('narrative')}
          </Title>
          {(
            [
              ['summary', 'summary'],
              ['openingLine', 'opening_line'],
            ] as const
          ).map(([key, field]) => (
            <Fragment key={key}>
              <Text size="xs" fw={600}>
                {label(key)}
              </Text>
              <EditableText
                label={label(key)}
                value={tx.show(scenario.narrative[field])}
                onChange={(v) => setNarrative(field, v)}
              />
            </Fragment>
          ))}
        </Stack>
      </Paper>

      {vars && (
        <Paper withBorder p="md" component="section" aria-labelledby="scenario-variables-title">
          <Stack gap="sm">
            <Title order={3} size="h5" id="scenario-variables-title">
              {label('variables')}
            </Title>
            <Text size="xs" c="dimmed">
              {t('wizard.scenario.voicedHint')}
            </Text>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {STRING_FIELDS.map(([field, key]) => editable(field, key, false))}
            </SimpleGrid>
            {LONG_FIELDS.map(([field, key]) => editable(field, key, true))}
            <Divider />
            {LIST_FIELDS.map(([field, key, voiced]) => (
              <Stack key={field} gap={4}>
                <Text size="xs" fw={600}>
                  {label(key)}
                </Text>
                <Stack gap={4} component="ul" m={0} pl="md">
                  {vars[field].map((item, i) => (
                    <li key={i}>
                      <EditableText
                        label={t('wizard.scenario.item', { label: label(key), number: i + 1 })}
                        value={tx.show(item)}
                        onChange={(v) =>
                          setVars({ ...vars, [field]: vars[field].map((x, j) => (j === i ? tx.store(v) : x)) })
                        }
                      />
                      {voiced && <NotSpoken text={item} tx={tx} />}
                    </li>
                  ))}
                </Stack>
              </Stack>
            ))}
            <Objections vars={vars} tx={tx} onChange={setVars} />
            <HiddenFacts vars={vars} tx={tx} language={language} onChange={setVars} />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
