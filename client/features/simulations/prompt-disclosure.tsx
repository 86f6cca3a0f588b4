import { useState } from 'react';
import { Button, Code, Collapse, Loader, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { GeneratedScenario, GenerationRow } from '../../../server/contracts/simulations';
import { trpc } from '../../lib/trpc';
import { ErrorAlert } from '../../components/status-alerts';

interface SentPrompt {
  title: string;
  system: string | null;
  user: string;
  provider: 'openai' | 'offline';
  model: string;
  usage: GenerationRow['usage'];
}

function PromptBlock({ p }: { p: SentPrompt }) {
  const { t } = useTranslation('simulations');
  return (
    <Stack gap={4}>
      <Title order={4} size="h6">
        {p.title}
      </Title>
      <Text size="xs" c="dimmed">
        {p.provider === 'offline'
          ? t('wizard.scenario.promptOffline')
          : t('wizard.scenario.promptModel', { model: p.model, provider: p.provider })}
        {p.usage
          ? ` · ${t('wizard.scenario.promptUsage', { input: p.usage.inputTokens, output: p.usage.outputTokens })}`
          : ''}
      </Text>
      {p.system && <PromptPart title={t('wizard.scenario.promptSystem')} text={p.system} maxHeight={240} />}
      <PromptPart title={t('wizard.scenario.promptUser')} text={p.user} maxHeight={320} />
    </Stack>
  );
}

/** The saved simulation's batch: the narrative row `generationId` and the variables row stored with it. */
function batchOf(rows: GenerationRow[], generationId: string): GenerationRow[] {
  const narrative = rows.find((r) => r.id === generationId);
  if (!narrative) return [];
  const variables = rows.find((r) => r.task === 'scenario_variables' && r.createdAt === narrative.createdAt);
  return variables ? [variables, narrative] : [narrative];
}

interface Props {
  lastGeneration: GeneratedScenario | null;
  simulationId: string | null;
  generationId: string | null;
  clientId?: string;
}

/** "View prompt sent": exactly what was sent for the scenario shown (from the stored ai_generations). */
export function PromptDisclosure({ lastGeneration, simulationId, generationId, clientId }: Props) {
  const { t } = useTranslation('simulations');
  const [open, setOpen] = useState(false);
  const scope = clientId ? { clientId } : {};
  const fromServer = !lastGeneration && !!simulationId && !!generationId;
  const generations = useQuery({
    ...trpc.simulations.generations.queryOptions({ ...scope, simulationId: simulationId ?? '' }),
    enabled: open && fromServer,
  });

  let prompts: SentPrompt[] = [];
  if (lastGeneration) {
    const base = { provider: lastGeneration.provider, model: lastGeneration.model, usage: null };
    prompts = [
      { ...base, title: t('wizard.scenario.promptVariables'), ...lastGeneration.prompts.variables },
      { ...base, title: t('wizard.scenario.promptNarrative'), ...lastGeneration.prompts.narrative },
    ];
  } else if (fromServer && generations.data) {
    prompts = batchOf(generations.data, generationId!).map((r) => ({
      title:
        r.task === 'scenario_variables' ? t('wizard.scenario.promptVariables') : t('wizard.scenario.promptNarrative'),
      system: r.promptSystem,
      user: r.promptUser,
      provider: r.provider,
      model: r.model,
      usage: r.usage,
    }));
  }
  if (!lastGeneration && !fromServer) return null;

  return (
    <Stack gap="xs">
      <Button
        variant="subtle"
        size="xs"
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        style={{ alignSelf: 'flex-start' }}
      >
        {open ? t('wizard.scenario.hidePrompt') : t('wizard.scenario.viewPrompt')}
      </Button>
      <Collapse expanded={open}>
        <Stack gap="md">
          {fromServer && generations.isPending && <Loader size="sm" aria-label={t('wizard.scenario.viewPrompt')} />}
          {fromServer && generations.isError && <ErrorAlert>{t('errors.generationsFailed')}</ErrorAlert>}
          {fromServer && generations.data && prompts.length === 0 && (
            <Text size="sm">{t('wizard.scenario.promptUnavailable')}</Text>
          )}
          {prompts.map((p) => (
            <PromptBlock key={p.title} p={p} />
          ))}
        </Stack>
      </Collapse>
    </Stack>
  );
}

/** One message of a prompt, under its title, scrolling past `maxHeight`. */
function PromptPart({ title, text, maxHeight }: { title: string; text: string; maxHeight: number }) {
  return (
    <>
      <Text size="xs" fw={600}>
        {title}
      </Text>
      <Code block style={{ whiteSpace: 'pre-wrap', maxHeight, overflow: 'auto' }}>
        {text}
      </Code>
    </>
  );
}
