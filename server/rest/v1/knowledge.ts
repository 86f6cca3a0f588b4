import { ACCESS } from '../../access/roles';
import { resolveTenantAccess } from '../../access/tenant-access';
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
    const access = await resolveTenantAccess(deps.db, s.user, roleOf(s.user.userType), {
      roles: ACCESS.managers,
      clientId: ctx.url.searchParams.get('clientId'),
    });
    const { tenantId } = access;
    const simulationId = ctx.params.simulationId ?? '';
    if (!UUID.test(simulationId)) throw new AppError('NOT_FOUND', 'Simulation not found');
    await access.tenant((tx) => assertSimulationOfTenant(tx, tenantId, simulationId));

    const name = sanitizeFileName(decodeFileNameHeader(req.headers['x-file-name']));
    if (!name)
      throw new AppError('VALIDATION', 'A file name is required', {
        fieldErrors: { name: ['knowledge.validation.nameRequired'] },
      });
    const kind = kindFromName(name);

    bodyRead = true;
    const content = await readLimitedBody(req, MAX_FILE_BYTES);
    const { file, timings } = await storeUploadedFile(access.runner, {
      tenantId,
      simulationId,
      ownerUserId: s.user.id,
      name,
      kind,
      content,
      clientGone,
    });
    logger.info(
      { fileId: file.id, sizeBytes: file.sizeBytes, status: file.status, chunks: file.chunkCount, ...timings },
      'knowledge file stored',
    );
    // the file is stored by the upload service in its own transactions: the audit row follows it
    await access.settle({ action: 'superuser.knowledge.upload', detail: file.id });
    sendJson(res, 201, file);
  } catch (e) {
    // refused before reading: drop what the client is still sending (bounded) instead of buffering it
    if (!bodyRead) discardRequestBody(req);
    throw e;
  }
}

export const knowledgeRoutes: RestRoute[] = [
  { method: 'POST', path: '/api/v1/simulations/:simulationId/files', streamsBody: true, handler: uploadKnowledgeFile },
];
