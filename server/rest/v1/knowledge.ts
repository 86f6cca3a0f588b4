import { eq } from 'drizzle-orm';
import { clients } from '../../../db/schema';
import { asSystem, withTenant } from '../../../db/tenant';
import { requireRole } from '../../auth/roles';
import { roleOf } from '../../contracts/roles';
import { AppError } from '../../errors';
import { sendJson } from '../../http/respond';
import { logger } from '../../logger';
import { MAX_FILE_BYTES } from '../../contracts/knowledge';
import { kindFromName } from '../../services/knowledge/file-type';
import { decodeFileNameHeader, sanitizeFileName } from '../../services/knowledge/file-name';
import { assertSimulationOfTenant } from '../../services/knowledge/files';
import { storeUploadedFile } from '../../services/knowledge/upload';
import { discardRequestBody, readLimitedBody } from '../../services/knowledge/upload-body';
import { requireSession, type RestContext, type RestRoute } from './route';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Same rule as clientScopedProcedure: own tenant, or a superuser naming an existing client. */
async function resolveTenant(ctx: RestContext, user: { id: string; tenantId: string }, isSuperuser: boolean) {
  const clientId = ctx.url.searchParams.get('clientId');
  if (!clientId || clientId === user.tenantId) return { tenantId: user.tenantId, foreign: false };
  if (!UUID.test(clientId)) throw new AppError('CLIENT_ID_REQUIRED', 'Client ID is required');
  if (!isSuperuser) throw new AppError('FORBIDDEN', 'You do not have access to this client');
  const exists = await asSystem(ctx.deps.db, { action: 'client.resolve', actorUserId: user.id }, (tx) =>
    tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).limit(1),
  );
  if (!exists.length) throw new AppError('NOT_FOUND', 'Client not found');
  return { tenantId: clientId, foreign: true };
}

/**
 * POST /api/v1/simulations/:simulationId/files — the raw file bytes as the body, the name in
 * X-File-Name (percent-encoded). Everything that can be refused without the body (session, role,
 * simulation, file name) is checked first; the body is then counted while it streams in.
 */
async function uploadKnowledgeFile(ctx: RestContext) {
  const { req, res, deps } = ctx;
  let bodyRead = false;
  // the connection closing before we answered means the client is gone (or broke the HTTP framing)
  const clientGone = () => !res.writableFinished && (res.destroyed || res.closed || !!req.socket?.destroyed);
  try {
    const s = requireSession(await ctx.session());
    const role = roleOf(s.user.userType);
    requireRole(role, ['admin', 'sales_manager']);
    const { tenantId, foreign } = await resolveTenant(ctx, s.user, role === 'superuser');
    const simulationId = ctx.params.simulationId ?? '';
    if (!UUID.test(simulationId)) throw new AppError('NOT_FOUND', 'Simulation not found');
    await withTenant(deps.db, tenantId, (tx) => assertSimulationOfTenant(tx, tenantId, simulationId));

    const name = sanitizeFileName(decodeFileNameHeader(req.headers['x-file-name']));
    if (!name) throw new AppError('VALIDATION', 'A file name is required', { fieldErrors: { name: ['knowledge.validation.nameRequired'] } });
    const kind = kindFromName(name);

    bodyRead = true;
    const content = await readLimitedBody(req, MAX_FILE_BYTES);
    const { file, timings } = await storeUploadedFile(deps.db, { tenantId, simulationId, ownerUserId: s.user.id, name, kind, content, clientGone });
    logger.info({ fileId: file.id, sizeBytes: file.sizeBytes, status: file.status, chunks: file.chunkCount, ...timings }, 'knowledge file stored');
    if (foreign) {
      await asSystem(deps.db, { action: 'superuser.knowledge.upload', actorUserId: s.user.id, tenantId, audit: true, detail: file.id }, async () => {});
    }
    sendJson(res, 201, file);
  } catch (e) {
    // refused before reading: drop what the client is still sending (bounded) instead of buffering it
    if (!bodyRead) discardRequestBody(req);
    throw e;
  }
}

export const knowledgeRoutes: RestRoute[] = [{ method: 'POST', path: '/api/v1/simulations/:simulationId/files', handler: uploadKnowledgeFile }];
