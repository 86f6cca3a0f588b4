import { buildProspectProfile, type ProspectProfile } from './profile';

/** The parts of a call row the offline prospect is built from (frozen at call start). */
export interface CallForProspect {
  id: string;
  language: string;
  simulationSnapshot: unknown;
  scorecardSnapshot: unknown;
}

/** Texts of a frozen scorecard the prospect must never voice (criteria and their level descriptions). */
function scorecardTexts(snapshot: unknown): string[] {
  const criteria = (snapshot as { criteria?: unknown } | null)?.criteria;
  if (!Array.isArray(criteria)) return [];
  return criteria.flatMap((c: Record<string, unknown>) =>
    [c?.description, c?.levelZero, c?.levelLow, c?.levelHigh].filter((x): x is string => typeof x === 'string'),
  );
}

/**
 * The offline prospect of one call, from what the call froze at its start: the scenario, the
 * persona, the difficulty and the scorecard's texts. Seeded with the call id, so a call replays
 * the same way and two calls differ. Used by the live call (server/http/ws.ts) and by the demo
 * history (server/demo-history), so both hold the same conversation.
 */
export function prospectProfileForCall(
  call: CallForProspect,
  thinkMs: number,
): { profile: ProspectProfile; personaVoice: string | undefined } {
  const snap = (call.simulationSnapshot ?? {}) as {
    persona?: { name?: string; voice?: string };
    simulation?: { difficulty?: string };
    scenario?: unknown;
  };
  const difficulty =
    (['easy', 'medium', 'hard', 'expert'] as const).find((d) => d === snap.simulation?.difficulty) ?? 'medium';
  const profile = buildProspectProfile({
    scenario: snap.scenario,
    personaName: snap.persona?.name ?? '',
    difficulty,
    language: call.language,
    seed: call.id,
    systemTexts: scorecardTexts(call.scorecardSnapshot),
    thinkMs,
  });
  return { profile, personaVoice: snap.persona?.voice };
}
