import { Select } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { trpc } from '../../lib/trpc';
import { useMeetingsT } from './use-meetings-t';
import { nameOptions } from '../../lib/name-options';

interface Props {
  simulationId: string | null;
  onSimulation: (id: string | null) => void;
  scorecardId: string | null;
  onScorecard: (id: string | null) => void;
  scorecardError?: string;
}

/**
 * The simulation and scorecard chosen in ScorecardFields: `fields` for the form, and `input()`,
 * what the request takes from them (called once the scorecard is known to be chosen).
 */
export function useScorecardChoice() {
  const [scorecardId, setScorecardId] = useState<string | null>(null);
  const [simulationId, setSimulationId] = useState<string | null>(null);
  return {
    scorecardId,
    fields: { simulationId, onSimulation: setSimulationId, scorecardId, onScorecard: setScorecardId },
    input: () => ({ scorecardId: scorecardId!, ...(simulationId ? { simulationId } : {}) }),
  };
}

/**
 * What a real call is scored with: an optional simulation whose context applies (choosing one
 * pre-selects its scorecard when none is chosen yet) and the scorecard. Shared by the Record Meet
 * form and the transcript upload.
 */
export function ScorecardFields({ simulationId, onSimulation, scorecardId, onScorecard, scorecardError }: Props) {
  const { t } = useMeetingsT();
  const options = useQuery(trpc.meetings.options.queryOptions());
  return (
    <>
      <Select
        label={t('upload.simulation')}
        description={t('upload.simulationHelp')}
        placeholder={t('upload.simulationNone')}
        data={nameOptions(options.data?.simulations)}
        value={simulationId}
        onChange={(id) => {
          onSimulation(id);
          const card = options.data?.simulations.find((s) => s.id === id)?.scorecardId;
          if (card && !scorecardId) onScorecard(card);
        }}
        clearable
        searchable
        maw={520}
      />
      <Select
        label={t('upload.scorecard')}
        placeholder={t('upload.scorecardPlaceholder')}
        data={nameOptions(options.data?.scorecards)}
        value={scorecardId}
        onChange={onScorecard}
        error={scorecardError ?? (options.isError ? t('upload.optionsFailed') : undefined)}
        required
        searchable
        maw={520}
      />
    </>
  );
}
