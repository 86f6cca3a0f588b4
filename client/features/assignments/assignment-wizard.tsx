import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Radio,
  ScrollArea,
  Stack,
  Stepper,
  Text,
  TextInput,
} from '@mantine/core';
import { AppModal } from '../../components/app-modal';
import { useMediaQuery } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import type { AssignmentSummary } from '../../../server/contracts/assignments';
import { errorInfo, translateMessageKey } from '../../lib/errors';
import { trpc } from '../../lib/trpc';
import type { ScorePolicy } from './attempts';
import { dateInputToIso, isoToDateInput, todayDateInput, useAssignmentsTranslation } from './shared';

export interface WizardValues {
  name: string;
  simulationIds: string[];
  userIds: string[];
  dueAt: string | null;
  scorePolicy: ScorePolicy;
}

interface Props {
  opened: boolean;
  /** Editing an existing assignment, or null to create one. */
  editing: AssignmentSummary | null;
  onClose: () => void;
  onSubmit: (values: WizardValues) => Promise<void>;
}

/** The 3-step create/edit wizard: select simulations, select sales reps, review. */
export function AssignmentWizard({ opened, editing, onClose, onSubmit }: Props) {
  const { t } = useAssignmentsTranslation();
  return (
    <AppModal
      opened={opened}
      onClose={onClose}
      size="lg"
      title={editing ? t('wizard.editTitle') : t('wizard.createTitle')}
    >
      {opened && <WizardBody key={editing?.id ?? 'new'} editing={editing} onSubmit={onSubmit} onCancel={onClose} />}
    </AppModal>
  );
}

function Picker({
  items,
  selected,
  onChange,
  label,
}: {
  items: { id: string; name: string; hint?: string }[];
  selected: string[];
  onChange: (ids: string[]) => void;
  label: string;
}) {
  const { t } = useAssignmentsTranslation();
  const [q, setQ] = useState('');
  const shown = items.filter(
    (i) =>
      i.name.toLowerCase().includes(q.trim().toLowerCase()) ||
      (i.hint ?? '').toLowerCase().includes(q.trim().toLowerCase()),
  );
  return (
    <Stack gap="xs">
      <TextInput label={t('wizard.search')} value={q} onChange={(e) => setQ(e.currentTarget.value)} />
      <Text size="sm" c="dimmed" aria-live="polite">
        {t('wizard.selectedCount', { count: selected.length })}
      </Text>
      <ScrollArea.Autosize mah={300}>
        <Checkbox.Group value={selected} onChange={onChange} label={label}>
          <Stack gap={6} mt="xs">
            {shown.map((i) => (
              <Checkbox key={i.id} value={i.id} label={i.name} description={i.hint} />
            ))}
          </Stack>
        </Checkbox.Group>
      </ScrollArea.Autosize>
    </Stack>
  );
}

function WizardBody({
  editing,
  onSubmit,
  onCancel,
}: {
  editing: AssignmentSummary | null;
  onSubmit: (v: WizardValues) => Promise<void>;
  onCancel: () => void;
}) {
  const { t } = useAssignmentsTranslation();
  const options = useQuery(trpc.assignments.options.queryOptions({}));
  const [step, setStep] = useState(0);
  const [simulationIds, setSimulationIds] = useState<string[]>(editing?.simulations.map((s) => s.id) ?? []);
  const [userIds, setUserIds] = useState<string[]>(editing?.members.map((m) => m.id) ?? []);
  const [name, setName] = useState(editing?.name ?? '');
  const initialDue = isoToDateInput(editing?.dueAt ?? null);
  const [due, setDue] = useState(initialDue);
  const [scorePolicy, setScorePolicy] = useState<ScorePolicy>(editing?.scorePolicy ?? 'best');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  // numbers alone on a narrow screen keep the steps on one row; the current step is named above
  const narrow = useMediaQuery('(max-width: 36em)');

  const sims = useMemo(
    () =>
      (options.data?.simulations ?? []).map((s) => ({
        id: s.id,
        name: s.name,
        hint: t(`difficulty.${s.difficulty}`, { ns: 'calls', defaultValue: s.difficulty }),
      })),
    [options.data, t],
  );
  const members = useMemo(() => {
    const list = (options.data?.members ?? []).map((m) => ({ id: m.id, name: m.name, hint: m.email }));
    // members already on the assignment stay selectable even when no longer in the team
    for (const m of editing?.members ?? [])
      if (!list.some((l) => l.id === m.id)) list.push({ id: m.id, name: m.name, hint: '' });
    return list;
  }, [options.data, editing]);

  const next = () => {
    if (step === 0 && simulationIds.length === 0)
      return setErrors({ simulationIds: t('validation.simulationsRequired') });
    if (step === 1 && userIds.length === 0) return setErrors({ userIds: t('validation.membersRequired') });
    setErrors({});
    setStep((s) => s + 1);
  };

  const submit = async () => {
    if (!name.trim()) return setErrors({ name: t('validation.nameRequired') });
    // a new date must not lie in the past (an overdue assignment keeps its date when edited)
    if (due && due !== initialDue && due < todayDateInput()) return setErrors({ dueAt: t('validation.duePast') });
    setBusy(true);
    try {
      // an unchanged date is sent as it was (the input holds only the day)
      const dueAt = due === initialDue && editing ? editing.dueAt : dateInputToIso(due);
      await onSubmit({ name: name.trim(), simulationIds, userIds, dueAt, scorePolicy });
    } catch (e) {
      const info = errorInfo(e);
      const fe =
        info.fieldErrors ?? (info.details?.fieldErrors as Record<string, string[] | undefined> | undefined) ?? {};
      setErrors(
        Object.fromEntries(
          Object.entries(fe).flatMap(([k, v]) => (v?.length ? [[k, translateMessageKey(t, v[0])]] : [])),
        ),
      );
    } finally {
      setBusy(false);
    }
  };

  if (options.isLoading) return <Loader aria-label={t('app.loading')} />;
  if (options.isError) return <Alert color="red">{t('wizard.optionsFailed')}</Alert>;
  const simName = (id: string) =>
    sims.find((s) => s.id === id)?.name ?? editing?.simulations.find((s) => s.id === id)?.name ?? id;
  const memberName = (id: string) => members.find((m) => m.id === id)?.name ?? id;

  // the first two steps each pick from a list, their texts named after it: the simulations, then the members
  const pickers = [
    ['Simulations', sims, simulationIds, setSimulationIds, errors.simulationIds, simName],
    ['Members', members, userIds, setUserIds, errors.userIds, memberName],
  ] as const;
  return (
    <Stack>
      {narrow && (
        <Text size="sm" c="dimmed">
          {t('wizard.stepOf', {
            n: step + 1,
            total: 3,
            name: [t('wizard.stepSimulations'), t('wizard.stepMembers'), t('wizard.stepReview')][step],
          })}
        </Text>
      )}
      <Stepper active={step} onStepClick={(s) => s < step && setStep(s)} size="sm" wrap={false}>
        {pickers.map(([list, items, selected, onChange, error]) => (
          <Stepper.Step
            key={list}
            label={narrow ? undefined : t(`wizard.step${list}`)}
            aria-label={t(`wizard.step${list}`)}
          >
            {items.length === 0 ? (
              <Text c="dimmed">{t(`wizard.no${list}`)}</Text>
            ) : (
              <Picker items={items} selected={selected} onChange={onChange} label={t(`wizard.${list.toLowerCase()}`)} />
            )}
            {error && (
              <Text c="red" size="sm" role="alert" mt="xs">
                {error}
              </Text>
            )}
          </Stepper.Step>
        ))}
        <Stepper.Step label={narrow ? undefined : t('wizard.stepReview')} aria-label={t('wizard.stepReview')}>
          <Stack>
            <TextInput
              label={t('wizard.name')}
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={errors.name}
              maxLength={200}
            />
            <TextInput
              type="date"
              label={t('wizard.dueDate')}
              value={due}
              min={todayDateInput()}
              onChange={(e) => setDue(e.currentTarget.value)}
              error={errors.dueAt}
            />
            <Radio.Group
              label={t('wizard.scorePolicy')}
              description={t('wizard.scorePolicyHint')}
              value={scorePolicy}
              onChange={(v) => setScorePolicy(v as ScorePolicy)}
            >
              <Group mt={6} gap="lg">
                <Radio value="best" label={t('wizard.policy.best')} />
                <Radio value="latest" label={t('wizard.policy.latest')} />
              </Group>
            </Radio.Group>
            {pickers.map(([list, , selected, , , nameOf]) => (
              <div key={list}>
                <Text fw={600}>{t(`wizard.${list.toLowerCase()}`)}</Text>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {selected.map(nameOf).join(', ')}
                </Text>
              </div>
            ))}
            {(errors.simulationIds || errors.userIds) && (
              <Text c="red" size="sm" role="alert">
                {errors.simulationIds ?? errors.userIds}
              </Text>
            )}
          </Stack>
        </Stepper.Step>
      </Stepper>
      <Group justify="space-between">
        <Button variant="default" onClick={step === 0 ? onCancel : () => setStep((s) => s - 1)}>
          {step === 0 ? t('cancel') : t('wizard.back')}
        </Button>
        {step < 2 ? (
          <Button onClick={next}>{t('wizard.next')}</Button>
        ) : (
          <Button onClick={() => void submit()} loading={busy}>
            {editing ? t('wizard.save') : t('wizard.send')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
