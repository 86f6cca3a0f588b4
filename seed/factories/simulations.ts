import { randomBytes } from 'node:crypto';
import type { Executor } from '../../db/client';
import { insertRow } from './insert-row';
import { knowledgeChunks, knowledgeFiles, simulations } from '../../db/schema';

export type SimulationFields = Partial<typeof simulations.$inferInsert> & { tenantId: string };

/** A simulation; link a persona and scorecard by id (see createPersona, createScorecard). */
export async function createSimulation(db: Executor, f: SimulationFields) {
  return insertRow(db, simulations, { name: `Simulation ${randomBytes(3).toString('hex')}`, ...f });
}

export type KnowledgeFileFields = Partial<typeof knowledgeFiles.$inferInsert> & {
  tenantId: string;
  simulationId: string;
  chunks?: string[];
};

/** A knowledge file of a simulation, stored as plain text, split into `chunks` (searchable). */
export async function createKnowledgeFile(db: Executor, { chunks = [], ...f }: KnowledgeFileFields) {
  const text = f.textContent ?? chunks.join('\n\n');
  const [file] = await db
    .insert(knowledgeFiles)
    .values({
      name: 'notes.txt',
      mimeType: 'text/plain',
      sizeBytes: Buffer.byteLength(text),
      content: Buffer.from(text),
      textContent: text,
      status: 'ready',
      ...f,
    })
    .returning();
  if (chunks.length) {
    await db.insert(knowledgeChunks).values(
      chunks.map((content, position) => ({
        tenantId: f.tenantId,
        fileId: file.id,
        simulationId: f.simulationId,
        position,
        content,
      })),
    );
  }
  return file;
}
