import { z } from 'zod';
import { deleteKnowledgeFile, listKnowledgeFiles, setKnowledgeFileEnabled } from '../../services/knowledge/files';
import { testSearch } from '../../services/knowledge/search';
import { clientScopedProcedure, router } from '../../trpc/init';
import { deletedOutput, fileIdInput, knowledgeFileOutput, searchHitOutput, searchInput, setEnabledInput, simulationIdInput } from '../../contracts/knowledge';

// Uploads are not here: they stream over REST (POST /api/v1/simulations/:simulationId/files).
const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const knowledgeRouter = router({
  list: managers()
    .input(simulationIdInput)
    .output(z.array(knowledgeFileOutput))
    .query(({ ctx, input }) => listKnowledgeFiles(ctx.tx, ctx.tenantId, input.simulationId)),

  setEnabled: managers()
    .input(setEnabledInput)
    .output(knowledgeFileOutput)
    .mutation(({ ctx, input }) => setKnowledgeFileEnabled(ctx.tx, ctx.tenantId, input.id, input.enabled)),

  delete: managers()
    .input(fileIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deleteKnowledgeFile(ctx.tx, ctx.tenantId, input.id)),

  search: managers()
    .input(searchInput)
    .output(z.array(searchHitOutput))
    .query(({ ctx, input }) => testSearch(ctx.tx, ctx.tenantId, input.simulationId, input.query)),
});
