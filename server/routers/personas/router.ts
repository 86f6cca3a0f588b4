import { z } from 'zod';
import { createPersona, deletePersona, getPersona, listPersonas, updatePersona } from '../../services/personas/personas';
import { clientScopedProcedure, router } from '../../trpc/init';
import { deletedOutput, personaFields, personaId, personaOutput, updatePersonaInput } from '../../contracts/personas';

const managers = () => clientScopedProcedure('admin', 'sales_manager');

export const personasRouter = router({
  list: managers()
    .output(z.array(personaOutput))
    .query(({ ctx }) => listPersonas(ctx.tx, ctx.tenantId)),

  get: managers()
    .input(personaId)
    .output(personaOutput)
    .query(({ ctx, input }) => getPersona(ctx.tx, ctx.tenantId, input.id)),

  create: managers()
    .input(personaFields)
    .output(personaOutput)
    .mutation(({ ctx, input }) => createPersona(ctx.tx, ctx.tenantId, input)),

  update: managers()
    .input(updatePersonaInput)
    .output(personaOutput)
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input;
      return updatePersona(ctx.tx, ctx.tenantId, id, fields);
    }),

  delete: managers()
    .input(personaId)
    .output(deletedOutput)
    .mutation(({ ctx, input }) => deletePersona(ctx.tx, ctx.tenantId, input.id)),
});
