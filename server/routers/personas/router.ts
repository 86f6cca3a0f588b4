import { ACCESS } from '../../access/roles';
import { z } from 'zod';
import {
  createPersona,
  deletePersona,
  getPersona,
  listPersonas,
  updatePersona,
} from '../../services/personas/personas';
import { accessProcedure, router } from '../../trpc/init';
import { deletedOutput, personaFields, personaId, personaOutput, updatePersonaInput } from '../../contracts/personas';

const managers = () => accessProcedure({ roles: ACCESS.managers, clientScoped: true });

export const personasRouter = router({
  list: managers()
    .output(z.array(personaOutput))
    .query(({ ctx }) => ctx.tenant((tx) => listPersonas(tx, ctx.tenantId))),

  get: managers()
    .input(personaId)
    .output(personaOutput)
    .query(({ ctx, input }) => ctx.tenant((tx) => getPersona(tx, ctx.tenantId, input.id))),

  create: managers()
    .input(personaFields)
    .output(personaOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => createPersona(tx, ctx.tenantId, input))),

  update: managers()
    .input(updatePersonaInput)
    .output(personaOutput)
    .mutation(({ ctx, input }) =>
      ctx.tenant(async (tx) => {
        const { id, ...fields } = input;
        return updatePersona({ db: tx, tenantId: ctx.tenantId, id, fields });
      }),
    ),

  delete: managers()
    .input(personaId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => ctx.tenant((tx) => deletePersona(tx, ctx.tenantId, input.id))),
});
