import { z } from 'zod';
import { deleteKnowledgeFile, listKnowledgeFiles, setKnowledgeFileEnabled } from '../../services/knowledge/files';
import { testSearch } from '../../services/knowledge/search';
import { router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import { deletedOutput } from '../../contracts/records';
import {
  fileIdInput,
  knowledgeFileOutput,
  searchHitOutput,
  searchInput,
  setEnabledInput,
  simulationIdInput,
} from '../../contracts/knowledge';

// Uploads are not here: they stream over REST (POST /api/v1/simulations/:simulationId/files).
export const knowledgeRouter = router({
  list: tenantManagers()
    .input(simulationIdInput)
    .output(z.array(knowledgeFileOutput))
    .query(({ ctx, input }) => ctx.tenant((tx) => listKnowledgeFiles(tx, ctx.tenantId, input.simulationId))),

  setEnabled: tenantManagers()
    .input(setEnabledInput)
    .output(knowledgeFileOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant((tx) =>
        setKnowledgeFileEnabled({ db: tx, tenantId: ctx.tenantId, id: input.id, enabled: input.enabled }),
      ),
    ),

  delete: tenantManagers()
    .input(fileIdInput)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deleteKnowledgeFile(tx, ctx.tenantId, input.id))),

  search: tenantManagers()
    .input(searchInput)
    .output(z.array(searchHitOutput))
    .query(({ ctx, input }) =>
      ctx.tenant((tx) =>
        testSearch({ db: tx, tenantId: ctx.tenantId, simulationId: input.simulationId, query: input.query }),
      ),
    ),
});
