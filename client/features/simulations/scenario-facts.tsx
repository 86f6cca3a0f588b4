import { Badge, Group, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../server/contracts/languages';
import { deriveSaid } from '../../../server/contracts/scenario/render';
import {
  OBJECTION_MOMENTS,
  SCENARIO_TOPICS,
  type ObjectionMoment,
  type ScenarioTopic,
  type ScenarioVariables,
} from '../../../server/contracts/scenario/schema';
import { EditableText } from './editable-text';

/** How the view shows, stores and checks a text of this scenario. */
export interface ScenarioText {
  /** The text as shown: placeholders rendered from the current fields. */
  show(text: string): string;
  /** The text as stored: the current names turned back into placeholders. */
  store(text: string): string;
  /** True when the prospect could say it (first person, call language, no notes or labels). */
  speakable(text: string): boolean;
}

/** A note under a text the prospect would not say as written. */
export function NotSpoken({ text, tx }: { text: string; tx: ScenarioText }) {
  const { t } = useTranslation('simulations');
  if (!text.trim() || tx.speakable(text)) return null;
  return (
    <Text size="xs" c="orange.8">
      {t('wizard.scenario.notSpeakable')}
    </Text>
  );
}

interface Props {
  vars: ScenarioVariables;
  tx: ScenarioText;
  onChange: (next: ScenarioVariables) => void;
}

/** The objections: what the prospect says, when it comes up (a note), and the moment the offline prospect raises it at. */
export function Objections({ vars, tx, onChange }: Props) {
  const { t } = useTranslation('simulations');
  const label = (k: string) => t(`wizard.scenario.${k}`);
  const set = (i: number, patch: Partial<ScenarioVariables['objections'][number]>) =>
    onChange({ ...vars, objections: vars.objections.map((x, j) => (j === i ? { ...x, ...patch } : x)) });
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        {label('objections')}
      </Text>
      {vars.objections.map((o, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <Badge variant="light" color="orange" style={{ flexShrink: 0 }}>
            {i + 1}
          </Badge>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <EditableText
              label={t('wizard.scenario.item', { label: label('objection'), number: i + 1 })}
              value={tx.show(o.objection)}
              onChange={(v) => set(i, { objection: tx.store(v) })}
            />
            <NotSpoken text={o.objection} tx={tx} />
            <EditableText
              dimmed
              label={t('wizard.scenario.item', { label: label('surfacesWhen'), number: i + 1 })}
              value={tx.show(o.surfaces_when)}
              onChange={(v) => set(i, { surfaces_when: tx.store(v) })}
            />
            <Select
              size="xs"
              maw={320}
              label={t('wizard.scenario.item', { label: label('moment'), number: i + 1 })}
              data={OBJECTION_MOMENTS.map((m) => ({ value: m, label: t(`wizard.scenario.moments.${m}`) }))}
              value={o.moment}
              allowDeselect={false}
              onChange={(v) => v && set(i, { moment: v as ObjectionMoment })}
            />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/**
 * The hidden facts: the note for the trainer, the prospect's own words (edited together: a new
 * note re-derives them when it can be said in the first person), when it is revealed (a note) and
 * the topic an open question must be about.
 */
export function HiddenFacts({ vars, tx, language, onChange }: Props & { language: Language }) {
  const { t } = useTranslation('simulations');
  const label = (k: string) => t(`wizard.scenario.${k}`);
  const set = (i: number, patch: Partial<ScenarioVariables['hidden_information'][number]>) =>
    onChange({
      ...vars,
      hidden_information: vars.hidden_information.map((x, j) => (j === i ? { ...x, ...patch } : x)),
    });
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        {label('hiddenInformation')}
      </Text>
      {vars.hidden_information.map((h, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <Badge variant="light" color="grape" style={{ flexShrink: 0 }}>
            {i + 1}
          </Badge>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            <EditableText
              label={t('wizard.scenario.item', { label: label('information'), number: i + 1 })}
              value={tx.show(h.information)}
              onChange={(v) =>
                set(i, { information: tx.store(v), said: tx.store(deriveSaid(v, language, vars)) || h.said })
              }
            />
            <Text size="xs" c="dimmed">
              {label('said')}
            </Text>
            <EditableText
              label={t('wizard.scenario.item', { label: label('said'), number: i + 1 })}
              value={tx.show(h.said)}
              onChange={(v) => set(i, { said: tx.store(v) })}
            />
            {h.said.trim() ? (
              <NotSpoken text={h.said} tx={tx} />
            ) : (
              <Text size="xs" c="orange.8">
                {label('saidMissing')}
              </Text>
            )}
            <EditableText
              dimmed
              label={t('wizard.scenario.item', { label: label('revealWhen'), number: i + 1 })}
              value={tx.show(h.reveal_when)}
              onChange={(v) => set(i, { reveal_when: tx.store(v) })}
            />
            <Select
              size="xs"
              maw={320}
              label={t('wizard.scenario.item', { label: label('topic'), number: i + 1 })}
              data={SCENARIO_TOPICS.map((x) => ({ value: x, label: t(`wizard.scenario.topics.${x}`) }))}
              value={h.topic}
              allowDeselect={false}
              onChange={(v) => v && set(i, { topic: v as ScenarioTopic })}
            />
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}
