import { Badge, Group, Stack, Text } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import type { ReactNode } from 'react';
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

/** A titled list of the scenario's items, each numbered with a badge in `color` beside its fields. */
function NumberedItems<T>({
  title,
  color,
  items,
  children,
}: {
  title: string;
  color: string;
  items: readonly T[];
  children: (item: T, i: number) => ReactNode;
}) {
  return (
    <Stack gap={4}>
      <Text size="xs" fw={600}>
        {title}
      </Text>
      {items.map((item, i) => (
        <Group key={i} gap="xs" align="flex-start" wrap="nowrap">
          <Badge variant="light" color={color} style={{ flexShrink: 0 }}>
            {i + 1}
          </Badge>
          <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
            {children(item, i)}
          </Stack>
        </Group>
      ))}
    </Stack>
  );
}

/** The choice of one item among fixed values (an objection's moment, a fact's topic), named by `wizard.scenario.<group>.<value>`. */
function ItemSelect<V extends string>({
  label,
  values,
  group,
  value,
  onChange,
}: {
  label: string;
  values: readonly V[];
  group: 'moments' | 'topics';
  value: V;
  onChange: (value: V) => void;
}) {
  const { t } = useTranslation('simulations');
  return (
    <ChoiceSelect
      size="xs"
      maw={320}
      label={label}
      withAsterisk={false}
      values={values}
      optionLabel={(v) => t(`wizard.scenario.${group}.${v}`)}
      value={value}
      onChange={onChange}
    />
  );
}

/** The texts of the scenario's item views: `label(key)`, and `itemLabel(key, i)` for the field of item `i` (numbered from 1). */
function useItemText() {
  const { t } = useTranslation('simulations');
  const label = (k: string) => t(`wizard.scenario.${k}`);
  return { label, itemLabel: (k: string, i: number) => t('wizard.scenario.item', { label: label(k), number: i + 1 }) };
}

/** The variables with one item of the list `key` changed by `patch`. */
const patchItem = <K extends 'objections' | 'hidden_information'>(
  vars: ScenarioVariables,
  key: K,
  i: number,
  patch: Partial<ScenarioVariables[K][number]>,
): ScenarioVariables => ({ ...vars, [key]: vars[key].map((x, j) => (j === i ? { ...x, ...patch } : x)) });

/** The objections: what the prospect says, when it comes up (a note), and the moment the offline prospect raises it at. */
export function Objections({ vars, tx, onChange }: Props) {
  const { label, itemLabel } = useItemText();
  const set = (i: number, patch: Partial<ScenarioVariables['objections'][number]>) =>
    onChange(patchItem(vars, 'objections', i, patch));
  return (
    <NumberedItems title={label('objections')} color="orange" items={vars.objections}>
      {(o, i) => (
        <>
          <EditableText
            label={itemLabel('objection', i)}
            value={tx.show(o.objection)}
            onChange={(v) => set(i, { objection: tx.store(v) })}
          />
          <NotSpoken text={o.objection} tx={tx} />
          <EditableText
            dimmed
            label={itemLabel('surfacesWhen', i)}
            value={tx.show(o.surfaces_when)}
            onChange={(v) => set(i, { surfaces_when: tx.store(v) })}
          />
          <ItemSelect<ObjectionMoment>
            label={itemLabel('moment', i)}
            values={OBJECTION_MOMENTS}
            group="moments"
            value={o.moment}
            onChange={(moment) => set(i, { moment })}
          />
        </>
      )}
    </NumberedItems>
  );
}

/**
 * The hidden facts: the note for the trainer, the prospect's own words (edited together: a new
 * note re-derives them when it can be said in the first person), when it is revealed (a note) and
 * the topic an open question must be about.
 */
export function HiddenFacts({ vars, tx, language, onChange }: Props & { language: Language }) {
  const { label, itemLabel } = useItemText();
  const set = (i: number, patch: Partial<ScenarioVariables['hidden_information'][number]>) =>
    onChange(patchItem(vars, 'hidden_information', i, patch));
  return (
    <NumberedItems title={label('hiddenInformation')} color="grape" items={vars.hidden_information}>
      {(h, i) => (
        <>
          <EditableText
            label={itemLabel('information', i)}
            value={tx.show(h.information)}
            onChange={(v) =>
              set(i, { information: tx.store(v), said: tx.store(deriveSaid(v, language, vars)) || h.said })
            }
          />
          <Text size="xs" c="dimmed">
            {label('said')}
          </Text>
          <EditableText
            label={itemLabel('said', i)}
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
            label={itemLabel('revealWhen', i)}
            value={tx.show(h.reveal_when)}
            onChange={(v) => set(i, { reveal_when: tx.store(v) })}
          />
          <ItemSelect<ScenarioTopic>
            label={itemLabel('topic', i)}
            values={SCENARIO_TOPICS}
            group="topics"
            value={h.topic}
            onChange={(topic) => set(i, { topic })}
          />
        </>
      )}
    </NumberedItems>
  );
}
