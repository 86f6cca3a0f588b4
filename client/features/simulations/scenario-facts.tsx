import { Badge, Group, Stack, Text } from '@mantine/core';
import { ChoiceSelect } from '../../components/choice-select';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Language } from '../../../server/contracts/languages';
import { deriveSaid } from '../../../server/contracts/scenario/render';
import { OBJECTION_MOMENTS, SCENARIO_TOPICS, type ScenarioVariables } from '../../../server/contracts/scenario/schema';
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

/**
 * The pieces of the scenario's item views: `label(key)`; `itemLabel(key, i)` for the field of item
 * `i` (numbered from 1); `itemText(i, key, text, onStored)` for an editable text of it, shown
 * with the current names and handed back with placeholders (`dimmed` for a note);
 * `itemChoice(i, key, values, group, value, onChange)` for its choice among fixed values (an
 * objection's moment, a fact's topic), each named by `wizard.scenario.<group>.<value>`.
 */
function useItemFields(tx: ScenarioText) {
  const { t } = useTranslation('simulations');
  const label = (k: string) => t(`wizard.scenario.${k}`);
  const itemLabel = (k: string, i: number) => t('wizard.scenario.item', { label: label(k), number: i + 1 });
  const itemText = (i: number, k: string, text: string, onStored: (text: string) => void, dimmed = false) => (
    <EditableText
      dimmed={dimmed}
      label={itemLabel(k, i)}
      value={tx.show(text)}
      onChange={(v) => onStored(tx.store(v))}
    />
  );
  const itemChoice = <V extends string>(
    i: number,
    k: string,
    values: readonly V[],
    group: 'moments' | 'topics',
    value: V,
    onChange: (value: V) => void,
  ) => (
    <ChoiceSelect
      size="xs"
      maw={320}
      label={itemLabel(k, i)}
      withAsterisk={false}
      values={values}
      optionLabel={(v) => t(`wizard.scenario.${group}.${v}`)}
      value={value}
      onChange={onChange}
    />
  );
  return { label, itemLabel, itemText, itemChoice };
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
  const { label, itemText, itemChoice } = useItemFields(tx);
  const set = (i: number, patch: Partial<ScenarioVariables['objections'][number]>) =>
    onChange(patchItem(vars, 'objections', i, patch));
  return (
    <NumberedItems title={label('objections')} color="orange" items={vars.objections}>
      {(o, i) => (
        <>
          {itemText(i, 'objection', o.objection, (objection) => set(i, { objection }))}
          <NotSpoken text={o.objection} tx={tx} />
          {itemText(i, 'surfacesWhen', o.surfaces_when, (surfaces_when) => set(i, { surfaces_when }), true)}
          {itemChoice(i, 'moment', OBJECTION_MOMENTS, 'moments', o.moment, (moment) => set(i, { moment }))}
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
  const { label, itemLabel, itemText, itemChoice } = useItemFields(tx);
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
          {itemText(i, 'said', h.said, (said) => set(i, { said }))}
          {h.said.trim() ? (
            <NotSpoken text={h.said} tx={tx} />
          ) : (
            <Text size="xs" c="orange.8">
              {label('saidMissing')}
            </Text>
          )}
          {itemText(i, 'revealWhen', h.reveal_when, (reveal_when) => set(i, { reveal_when }), true)}
          {itemChoice(i, 'topic', SCENARIO_TOPICS, 'topics', h.topic, (topic) => set(i, { topic }))}
        </>
      )}
    </NumberedItems>
  );
}
