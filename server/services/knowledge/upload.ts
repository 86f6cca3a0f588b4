import type { TenantRunner } from '../../../db/tenant';
import { AppError } from '../../errors';
import { KIND_MIME, type KnowledgeFile, type KnowledgeKind } from '../../contracts/knowledge';
import { chunkText } from './chunk';
import { extractFileText } from './extract';
import { assertContentMatches } from './file-type';
import { insertKnowledgeFile } from './files';

export interface UploadedFile {
  tenantId: string;
  simulationId: string;
  ownerUserId: string | null;
  /** Already sanitised. */
  name: string;
  kind: KnowledgeKind;
  content: Buffer;
  /** Aborted when the client went away: nothing is stored for a request nobody will hear the answer to. */
  clientGone?: () => boolean;
}

export interface StoredUpload {
  file: KnowledgeFile;
  timings: { extractMs: number; chunkMs: number; storeMs: number };
}

/**
 * Checks the content, extracts and chunks the text (outside any transaction: parsing a 5 MB PDF
 * must not hold a connection), then stores the file and its chunks in one tenant transaction.
 */
const checkClient = (clientGone?: () => boolean) => {
  if (clientGone?.()) throw new AppError('BAD_REQUEST', 'The upload was cancelled', { reason: 'client_gone' });
};

export async function storeUploadedFile(tenant: TenantRunner, u: UploadedFile): Promise<StoredUpload> {
  checkClient(u.clientGone);
  if (u.content.length === 0) throw new AppError('BAD_REQUEST', 'The file is empty', { reason: 'empty' });
  assertContentMatches(u.kind, u.content);
  const t0 = performance.now();
  const extraction = await extractFileText(u.kind, u.content);
  const t1 = performance.now();
  const chunks = extraction.status === 'ready' ? chunkText(extraction.text) : [];
  const t2 = performance.now();
  checkClient(u.clientGone);
  const file = await tenant(async (tx) => {
    const stored = await insertKnowledgeFile(tx, u.tenantId, {
      simulationId: u.simulationId,
      name: u.name,
      ownerUserId: u.ownerUserId,
      mimeType: KIND_MIME[u.kind],
      content: u.content,
      textContent: extraction.text,
      status: extraction.status,
      chunks,
    });
    checkClient(u.clientGone); // last moment to roll back
    return stored;
  });
  const t3 = performance.now();
  return { file, timings: { extractMs: t1 - t0, chunkMs: t2 - t1, storeMs: t3 - t2 } };
}
