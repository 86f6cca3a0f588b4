import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import { deleteKnowledgeFile, listKnowledgeFiles, setKnowledgeFileEnabled } from '../../services/knowledge/files';
import { testSearch } from '../../services/knowledge/search';
import { accessProcedure, router } from '../../trpc/init';
import {
  deletedOutput,
  fileIdInput,
  knowledgeFileOutput,
  searchHitOutput,
  searchInput,
  setEnabledInput,
  simulationIdInput,
} from '../../contracts/knowledge';

// Uploads are not here: they stream over REST (POST /api/v1/simulations/:simulationId/files).
const managers = () => accessProcedure({ roles: ACCESS.managers, clientScoped: true });

export const knowledgeRouter = router({
  list: managers()
    .input(simulationIdInput)
    .output(z.array(knowledgeFileOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listKnowledgeFiles(tx, ctx.tenantId, input.simulationId))),

  setEnabled: managers()
    .input(setEnabledInput)
    .output(knowledgeFileOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) =>
        setKnowledgeFileEnabled({ db: tx, tenantId: ctx.tenantId, id: input.id, enabled: input.enabled }),
      ),
    ),

  delete: managers()
    .input(fileIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteKnowledgeFile(tx, ctx.tenantId, input.id))),

  search: managers()
    .input(searchInput)
    .output(z.array(searchHitOutput))
    .query(({ ctx, input }) =>
      ctx.tenant((tx) =>
        testSearch({ db: tx, tenantId: ctx.tenantId, simulationId: input.simulationId, query: input.query }),
      ),
    ),
});
