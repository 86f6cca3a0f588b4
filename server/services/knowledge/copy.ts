import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { knowledgeChunks, knowledgeFiles } from '../../../db/schema';

export interface CopyKnowledgeInput {
  fromTenant: string;
  toTenant: string;
  fromSimulation: string;
  toSimulation: string;
  /** Who owns the copies: the original owners (a copy inside the tenant), or nobody (another tenant: users are not copied). */
  owners: 'keep' | 'none';
}

/**
 * Copies a simulation's knowledge-base files, enabled or not, with their text chunks (the search
 * index is generated from the chunks), to another simulation. One file at a time: a file holds up
 * to 5 MB. Returns the new file ids by old id.
 */
export async function copyKnowledgeFiles(tx: Executor, c: CopyKnowledgeInput): Promise<Map<string, string>> {
  const files = await tx
    .select()
    .from(knowledgeFiles)
    .where(and(eq(knowledgeFiles.tenantId, c.fromTenant), eq(knowledgeFiles.simulationId, c.fromSimulation)))
    .orderBy(asc(knowledgeFiles.createdAt), asc(knowledgeFiles.id));
  const ids = new Map<string, string>();
  for (const { id, tenantId: _t, ...f } of files) {
    const [copy] = await tx
      .insert(knowledgeFiles)
      .values({
        ...f,
        tenantId: c.toTenant,
        simulationId: c.toSimulation,
        ownerUserId: c.owners === 'keep' ? f.ownerUserId : null,
      })
      .returning({ id: knowledgeFiles.id });
    ids.set(id, copy.id);
    const chunks = await tx
      .select({ position: knowledgeChunks.position, content: knowledgeChunks.content })
      .from(knowledgeChunks)
      .where(eq(knowledgeChunks.fileId, id));
    for (let i = 0; i < chunks.length; i += 200) {
      await tx
        .insert(knowledgeChunks)
        .values(
          chunks
            .slice(i, i + 200)
            .map((ch) => ({ ...ch, tenantId: c.toTenant, fileId: copy.id, simulationId: c.toSimulation })),
        );
    }
  }
  return ids;
}
