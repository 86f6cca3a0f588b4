/**
 * Reading the snapshots frozen on the call at its start (jsonb, typed loosely in the schema): the
 * scorecard version's criteria with their level descriptions, and the simulation and persona.
 */

export interface SnapshotCriterion {
  id: string;
  name: string;
  description: string;
  levelDescriptions: [string, string, string];
}

const str = (v: unknown): string => (typeof v === 'string' ? v : '');
const obj = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

export function snapshotCriteria(scorecardSnapshot: unknown): SnapshotCriterion[] {
  const list = obj(scorecardSnapshot).criteria;
  if (!Array.isArray(list)) return [];
  return list.map((raw) => {
    const c = obj(raw);
    return {
      id: str(c.id),
      name: str(c.name),
      description: str(c.description),
      levelDescriptions: [str(c.levelZero), str(c.levelLow), str(c.levelHigh)],
    };
  });
}

export function snapshotSimulation(simulationSnapshot: unknown): {
  name: string;
  difficulty: string | null;
  personaName: string | null;
} {
  const s = obj(simulationSnapshot);
  const sim = obj(s.simulation);
  const persona = obj(s.persona);
  return {
    name: str(sim.name),
    difficulty: str(sim.difficulty) || null,
    personaName: str(persona.name) || null,
  };
}
