import { tenantAudited } from '../../trpc/audit-origin';
import { z } from 'zod';
import {
  createPersona,
  deletePersona,
  getPersona,
  listPersonas,
  updatePersona,
} from '../../services/personas/personas';
import { router } from '../../trpc/init';
import { tenantManagers } from '../procedures';
import { configRecordId, deletedOutput } from '../../contracts/records';
import { personaFields, personaOutput, updatePersonaInput } from '../../contracts/personas';

export const personasRouter = router({
  list: tenantManagers()
    .output(z.array(personaOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listPersonas(tx, ctx.tenantId))),

  get: tenantManagers()
    .input(configRecordId)
    .output(personaOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getPersona(tx, ctx.tenantId, input.id))),

  create: tenantManagers()
    .input(personaFields)
    .output(personaOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => createPersona(tx, ctx.tenantId, input))),

  update: tenantManagers()
    .input(updatePersonaInput)
    .output(personaOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        const { id, ...fields } = input;
        return updatePersona({ db: tx, tenantId: ctx.tenantId, id, fields });
      }),
    ),

  delete: tenantManagers()
    .input(configRecordId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) =>
      tenantAudited(
        ctx,
        (tx) => deletePersona(tx, ctx.tenantId, input.id),
        (r) => ({ action: 'personas.deleted', target: r.name }),
      ),
    ),
});
