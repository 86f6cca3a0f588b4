import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../../db/client';
import { knowledgeChunks, knowledgeFiles, simulations, users } from '../../../db/schema';
import { AppError } from '../../errors';
import { deleteTenantRow } from '../named-records/delete-row';
import type { KnowledgeFile } from '../../contracts/knowledge';

const INSERT_BATCH = 500;

const simulationNotFound = () => new AppError('NOT_FOUND', 'Simulation not found');
const fileNotFound = () => new AppError('NOT_FOUND', 'File not found');

/**
 * The simulation must be the tenant's. Needed before a write: foreign keys are checked without
 * row-level security, so an insert naming another tenant's simulation would otherwise succeed.
 */
export async function assertSimulationOfTenant(db: Executor, tenantId: string, simulationId: string): Promise<void> {
  const [row] = await db
    .select({ id: simulations.id })
    .from(simulations)
    .where(and(eq(simulations.tenantId, tenantId), eq(simulations.id, simulationId)))
    .limit(1);
  if (!row) throw simulationNotFound();
}

const chunkCount = sql<number>`(select count(*)::int from ${knowledgeChunks} where ${knowledgeChunks.fileId} = ${knowledgeFiles.id})`;

const columns = {
  id: knowledgeFiles.id,
  simulationId: knowledgeFiles.simulationId,
  name: knowledgeFiles.name,
  owner: sql<string | null>`coalesce(nullif(trim(${users.displayName}), ''), ${users.email})`,
  mimeType: knowledgeFiles.mimeType,
  sizeBytes: knowledgeFiles.sizeBytes,
  enabled: knowledgeFiles.enabled,
  status: knowledgeFiles.status,
  chunkCount,
  createdAt: knowledgeFiles.createdAt,
};

type Row = Omit<KnowledgeFile, 'createdAt' | 'chunkCount'> & { createdAt: Date; chunkCount: number | string };
const present = (r: Row): KnowledgeFile => ({
  ...r,
  chunkCount: Number(r.chunkCount),
  createdAt: r.createdAt.toISOString(),
});

function selectFiles(db: Executor) {
  // the owner is looked up under the same RLS: a superuser's own user row (another client) reads as null
  return db.select(columns).from(knowledgeFiles).leftJoin(users, eq(users.id, knowledgeFiles.ownerUserId));
}

export async function listKnowledgeFiles(
  db: Executor,
  tenantId: string,
  simulationId: string,
): Promise<KnowledgeFile[]> {
  await assertSimulationOfTenant(db, tenantId, simulationId);
  const rows = await selectFiles(db)
    .where(and(eq(knowledgeFiles.tenantId, tenantId), eq(knowledgeFiles.simulationId, simulationId)))
    .orderBy(asc(knowledgeFiles.createdAt), asc(knowledgeFiles.id));
  return rows.map(present);
}

async function getKnowledgeFile(db: Executor, tenantId: string, id: string): Promise<KnowledgeFile> {
  const [row] = await selectFiles(db)
    .where(and(eq(knowledgeFiles.tenantId, tenantId), eq(knowledgeFiles.id, id)))
    .limit(1);
  if (!row) throw fileNotFound();
  return present(row);
}

export async function setKnowledgeFileEnabled({
  db,
  tenantId,
  id,
  enabled,
}: {
  db: Executor;
  tenantId: string;
  id: string;
  enabled: boolean;
}): Promise<KnowledgeFile> {
  const updated = await db
    .update(knowledgeFiles)
    .set({ enabled })
    .where(and(eq(knowledgeFiles.tenantId, tenantId), eq(knowledgeFiles.id, id)))
    .returning({ id: knowledgeFiles.id });
  if (!updated.length) throw fileNotFound();
  return getKnowledgeFile(db, tenantId, id);
}

/** Chunks go with the file (foreign key on delete cascade). */
export async function deleteKnowledgeFile(db: Executor, tenantId: string, id: string): Promise<{ id: string }> {
  return deleteTenantRow({ db, table: knowledgeFiles, tenantId, id, notFound: fileNotFound });
}

export interface NewKnowledgeFile {
  simulationId: string;
  name: string;
  ownerUserId: string | null;
  mimeType: string;
  content: Buffer;
  textContent: string;
  status: 'ready' | 'no_text';
  chunks: string[];
}

/** Writes a file and its chunks; call inside one transaction so both land or neither. */
export async function insertKnowledgeFile(db: Executor, tenantId: string, f: NewKnowledgeFile): Promise<KnowledgeFile> {
  await assertSimulationOfTenant(db, tenantId, f.simulationId);
  const [file] = await db
    .insert(knowledgeFiles)
    .values({
      tenantId,
      simulationId: f.simulationId,
      name: f.name,
      ownerUserId: f.ownerUserId,
      mimeType: f.mimeType,
      sizeBytes: f.content.length,
      content: f.content,
      textContent: f.textContent,
      status: f.status,
    })
    .returning({ id: knowledgeFiles.id });
  for (let i = 0; i < f.chunks.length; i += INSERT_BATCH) {
    await db
      .insert(knowledgeChunks)
      .values(
        f.chunks
          .slice(i, i + INSERT_BATCH)
          .map((content, j) => ({ tenantId, fileId: file.id, simulationId: f.simulationId, position: i + j, content })),
      );
  }
  return getKnowledgeFile(db, tenantId, file.id);
}
