import type { Executor } from '../../../db/client';
import { searchKnowledge, KNOWLEDGE_BUDGET_CHARS } from '../../ai/knowledge';
import type { KnowledgeSearchHit } from '../../contracts/knowledge';
import { assertSimulationOfTenant } from './files';

/** The "test search" of the file manager: exactly what scenario generation and calls would get. */
export async function testSearch({
  db,
  tenantId,
  simulationId,
  query,
}: {
  db: Executor;
  tenantId: string;
  simulationId: string;
  query: string;
}): Promise<KnowledgeSearchHit[]> {
  await assertSimulationOfTenant(db, tenantId, simulationId);
  return searchKnowledge(db, simulationId, query, KNOWLEDGE_BUDGET_CHARS);
}
